import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteKey } from '@domain';
import { mainApi } from './clients';

/**
 * A query as it may be sent: ofetch writes a number as text, which the server's schemas read back, and a null as the
 * bare name (`?companyId`, which the server refuses as it refuses an empty value).
 */
type QueryInput<Q> = {
  [P in keyof Q]: Q[P] extends string ? (string extends Q[P] ? string | number | null : Q[P]) : Q[P];
};

type Part<Name extends string, T> = [T] extends [never]
  ? { [P in Name]?: never }
  : Partial<T> extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** What a call of the route takes: its path's parameters, its query and its body, each as the contract has them. */
export type CallOf<K extends RouteKey> = Part<'params', ParamsOf<K>> &
  Part<'query', [QueryOf<K>] extends [never] ? never : QueryInput<QueryOf<K>>> &
  Part<'body', BodyOf<K>> & {
    signal?: AbortSignal;
    /** The ID token to send before the session has started and given its own (src/lib/head-start.ts). */
    token?: string;
  };

type CallArgs<K extends RouteKey> = Partial<CallOf<K>> extends CallOf<K> ? [call?: CallOf<K>] : [call: CallOf<K>];

interface LooseCall {
  params?: Record<string, string | undefined>;
  query?: Record<string, unknown>;
  body?: object;
  signal?: AbortSignal;
  token?: string;
}

/** `/companies/:id/status/:status` with its parameters, each encoded; an optional one left out goes with its slash. */
export function pathOf(path: string, params: Record<string, string | undefined> = {}): string {
  return path.replace(/\/:(\w+)(\{[^}]*\})?(\?)?/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? '' : `/${encodeURIComponent(value)}`;
  });
}

/**
 * A call of the main API through the contract (docs/decisions/0005-one-api-contract.md): `api('GET /companies/:id',
 * { params: { id } })` answers the contract's type for that route, through `mainApi` (the session's token, the retry
 * policy, errors as ApiErrors).
 */
export function api<K extends RouteKey>(route: K, ...call: CallArgs<K>): Promise<ResponseOf<K>> {
  return send(route, call[0]);
}

function send(route: string, { params, query, body, signal, token }: LooseCall = {}) {
  const at = route.indexOf(' ');
  // ofetch leaves out what is undefined; an explicit GET is its default. The session's token, once there is one,
  // replaces an explicit one (mainApi's onRequest): it is the same person's.
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  return mainApi(pathOf(route.slice(at + 1), params), { method: route.slice(0, at), query, body, signal, headers });
}
