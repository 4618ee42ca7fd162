import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FunctionsResponseOf, FunctionsRouteKey, ResponseOf, RouteKey } from '@domain';
import type { JsonText } from '../db/json';
import { COMPRESSION_THRESHOLD } from './compression';
import type { AppEnv } from './types';

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
  c: Context<AppEnv>,
  route: K,
  body: ResponseOf<K>,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
) {
  assertAnswersFor(c, route);
  return jsonAnswer(c, JSON.stringify(body), status, headers);
}

/**
 * An answer whose JSON is already written (PostgreSQL built it for a list: docs/decisions/0003), sent as it is, as
 * `c.json` would send it; the text is branded with the type it was written as (`server/db/json.ts`), the contract's
 * answer for the route.
 */
export function writtenJson<K extends RouteKey>(c: Context<AppEnv>, route: K, text: JsonText<ResponseOf<K>>) {
  assertAnswersFor(c, route);
  return jsonAnswer(c, text, 200);
}

const JSON_TYPE = 'application/json';

/**
 * JSON text answered with its security headers (the middleware's, `answerHeaders`) and its length written in as plain
 * headers, so @hono/node-server sends it as they are instead of building a web `Headers` for them; the middleware
 * that would otherwise set them see `answeredPlain` and leave it be. Headers go in `headers`, never `c.header()`
 * before it (eslint refuses that in server/routes). Outside the security middleware (a bare app in a test), as
 * `c.body` would answer.
 */
function jsonAnswer(c: Context<AppEnv>, text: string, status: ContentfulStatusCode = 200, headers?: Record<string, string>) {
  const security = c.get('answerHeaders');
  if (!security) return c.body(text, status, { 'content-type': JSON_TYPE, ...headers });
  const length = Buffer.byteLength(text);
  c.set('answeredPlain', { length });
  const answer: Record<string, string> = { ...security, 'content-type': JSON_TYPE, 'content-length': String(length) };
  // Compressible once this large (server/http/compression.ts): a cache must key it by the encoding asked.
  if (length >= COMPRESSION_THRESHOLD) answer.vary = 'Accept-Encoding';
  // A route adds its own (Cache-Control), never over the security set: the middleware, setting them after the
  // handler, never let one through either.
  return new Response(text, { status, headers: headers ? { ...lowerCased(headers), ...answer } : answer });
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** A route of the functions API's JSON answer (`/fn`), of the type its contract gives (`domain/functionsApi.ts`). */
export function functionsJson<K extends FunctionsRouteKey>(
  c: Context<AppEnv>,
  route: K,
  body: FunctionsResponseOf<K>,
  status?: ContentfulStatusCode,
) {
  assertAnswersFor(c, route, FUNCTIONS_MOUNT);
  return jsonAnswer(c, JSON.stringify(body), status);
}
