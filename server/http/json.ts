import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FunctionsResponseOf, FunctionsRouteKey, ResponseOf, RouteKey } from '@domain';
import type { JsonText } from '../db/json';

const API_MOUNT = /^\/api(?=\/)/;
const FUNCTIONS_MOUNT = /^\/fn(?=\/)/;

/**
 * The route a handler answers for must be the route it was registered as: the contract's key is written beside the
 * answer, so the server tests, which call every route, prove the two agree (docs/decisions/0005-one-api-contract.md).
 */
function assertAnswersFor(c: Context, route: RouteKey | FunctionsRouteKey, mount: RegExp = API_MOUNT): void {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const registered = `${method} ${c.req.routePath.replace(mount, '')}`;
  if (registered !== route) throw new Error(`${registered} answers with the contract of ${route}`);
}

/** A route's JSON answer, of the type the contract gives that route (`domain/api.ts`). */
export function json<K extends RouteKey>(
  c: Context,
  route: K,
  body: ResponseOf<K>,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
) {
  assertAnswersFor(c, route);
  return c.json(body, status, headers);
}

/**
 * An answer whose JSON is already written (PostgreSQL built it for a list: docs/decisions/0003), sent as it is, as
 * `c.json` would send it; the text is branded with the type it was written as (`server/db/json.ts`), the contract's
 * answer for the route.
 */
export function writtenJson<K extends RouteKey>(c: Context, route: K, text: JsonText<ResponseOf<K>>) {
  assertAnswersFor(c, route);
  return c.body(text, 200, { 'content-type': 'application/json' });
}

/** A route of the functions API's JSON answer (`/fn`), of the type its contract gives (`domain/functionsApi.ts`). */
export function functionsJson<K extends FunctionsRouteKey>(
  c: Context,
  route: K,
  body: FunctionsResponseOf<K>,
  status?: ContentfulStatusCode,
) {
  assertAnswersFor(c, route, FUNCTIONS_MOUNT);
  return c.json(body, status);
}
