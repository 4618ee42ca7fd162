import type { BodyOf, QueryOf, ResponseOf, RouteKey } from '@domain/api';
import type { PathOf } from '@domain/apiContract';

/** What the server tells the page's scripts, on the <html> element (the same HTML is cached for everyone). */
const root = document.documentElement;

export const siteEnv = {
  /** The main API (docs/api.md), e.g. /api. */
  apiUrl: root.dataset.api ?? '/api',
  /** The tag-manager container and its script, when one is configured. */
  tagManager: root.dataset.gtmId && root.dataset.gtmSrc ? { id: root.dataset.gtmId, src: root.dataset.gtmSrc } : null,
};

const UNREACHABLE = 'Não foi possível falar com o servidor agora. Tente novamente em instantes.';

/** The API's routes a page script may call: those without a path parameter (the site's calls are all such). */
type PlainRoute = { [K in RouteKey]: PathOf<K> extends `${string}:${string}` ? never : K }[RouteKey];

/**
 * A route of the API's contract (docs/decisions/0005-one-api-contract.md) called with `fetch` — the site's pages do
 * not load the app's ofetch client — resolving to the contract's answer, or throwing the API's pt-BR error (a failed
 * connection too, never the browser's English text).
 */
export async function apiRequest<K extends PlainRoute>(
  route: K,
  options: { query?: QueryOf<K>; body?: BodyOf<K>; signal?: AbortSignal } = {},
): Promise<ResponseOf<K>> {
  const [method, path] = route.split(' ') as [string, string];
  const query = Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  const search = query.length ? `?${new URLSearchParams(query.map(([key, value]) => [key, String(value)]))}` : '';
  let response: Response;
  try {
    response = await fetch(`${siteEnv.apiUrl}${path}${search}`, {
      method,
      signal: options.signal,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new SiteApiError(UNREACHABLE, 0, {});
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !body || typeof body !== 'object' || 'error' in body) {
    const error = (body as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
    throw new SiteApiError(error?.message ?? UNREACHABLE, response.status, error?.fields ?? {});
  }
  // The JSON the contract gives this route (the server answers through the same entry).
  return body as ResponseOf<K>;
}

export class SiteApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}
