import type { FetchOptions } from 'ofetch';
import { ofetch } from 'ofetch';
import { HTTP_RETRY } from '@domain';
import { appConfig } from '@/config';
import { toApiError } from './errors';

interface AuthBridge {
  /** The current ID token, or null when signed out. */
  token(): string | null;
  /** Called on a 401 of the main API (docs/rules.md). */
  unauthorized(): void;
}

let auth: AuthBridge = { token: () => null, unauthorized: () => {} };

/** The session connects itself here once it starts; until then calls go without a token. */
export function connectAuth(bridge: AuthBridge) {
  auth = bridge;
}

/** The session's current ID token, or null before it has started or once signed out. */
export function sessionToken(): string | null {
  return auth.token();
}

const retryStatusCodes = [...HTTP_RETRY.statusCodes];

/** docs/rules.md: one retry on the listed statuses, none for the methods that change data. */
function applyRetryPolicy(options: FetchOptions) {
  // A retry comes back through here with its remaining count already set.
  if (options.retry !== undefined) return;
  const method = (options.method ?? 'GET').toUpperCase();
  options.retry = (HTTP_RETRY.noRetryMethods as readonly string[]).includes(method) ? 0 : HTTP_RETRY.retries;
}

type Fetcher = ReturnType<typeof ofetch.create>;

/** Rejects with an ApiError carrying the pt-BR message. */
function normalized(fetcher: Fetcher): Fetcher {
  const wrapped = ((request: Parameters<Fetcher>[0], options?: Parameters<Fetcher>[1]) =>
    fetcher(request, options).catch((error: unknown) => {
      throw toApiError(error);
    })) as Fetcher;
  return Object.assign(wrapped, fetcher);
}

export interface ClientOptions {
  baseURL?: string;
  /** The bearer token to send, if any. */
  bearer?: () => string | null;
  onUnauthorized?: () => void;
}

/** An ofetch client with the retry policy of docs/rules.md whose failures are ApiErrors. */
export function createApiClient({ baseURL, bearer, onUnauthorized }: ClientOptions = {}): Fetcher {
  return normalized(
    ofetch.create({
      baseURL,
      retryStatusCodes,
      onRequest({ options }) {
        applyRetryPolicy(options);
        const token = bearer?.();
        if (token) options.headers.set('Authorization', `Bearer ${token}`);
      },
      onResponseError({ response }) {
        if (response.status === 401) onUnauthorized?.();
      },
    }),
  );
}

/** The main API: bearer token on every request; a 401 starts the session's recovery (docs/rules.md). */
export const mainApi = createApiClient({
  baseURL: appConfig.apiUrl,
  bearer: () => auth.token(),
  onUnauthorized: () => auth.unauthorized(),
});
/** The functions API: bearer token on every request. */
export const functionsApi = createApiClient({ baseURL: appConfig.functionsUrl, bearer: () => auth.token() });
/** Outside services (postal codes and the like): no token, full URLs. */
export const externalApi = createApiClient();
/** What the main API's clients share: its address, the session's token and its 401 recovery (uploads use it too). */
export const mainApiOptions: ClientOptions = {
  baseURL: appConfig.apiUrl,
  bearer: () => auth.token(),
  onUnauthorized: () => auth.unauthorized(),
};
