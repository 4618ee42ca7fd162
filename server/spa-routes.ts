import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The addresses the SPA has a page for, so the server can answer an unknown /app address with 404. The build writes
 * them (vite.config.ts) into the dist folder from the route tree TanStack Router generated; the server reads only
 * that file, never src/.
 */
export const APP_ROUTES_FILE = 'app-routes.json';

/**
 * The route patterns of a generated route tree (`src/routeTree.gen.ts`): the keys of its `FileRoutesByTo`, the
 * addresses one can navigate to — pathless layouts left out, index routes without their trailing slash, parameters
 * as written (`/app/admin/companies/$companyId`).
 */
export function appRoutesOfRouteTree(source: string): string[] {
  const start = source.search(/export interface FileRoutesByTo\s*\{/);
  // The interface ends at the first line that closes it (a key may hold braces: `{-$lang}`).
  const body = start < 0 ? undefined : /\{\n([\s\S]*?)\n\}/.exec(source.slice(start))?.[1];
  const routes = [...(body ?? '').matchAll(/^\s*(['"])(\/.*?)\1\s*:/gm)].map(([, , route]) => route);
  if (!routes.length)
    throw new Error(
      'The route tree has no FileRoutesByTo interface with routes: the router plugin writes it differently now, ' +
        'so appRoutesOfRouteTree (server/spa-routes.ts) must learn its new shape.',
    );
  return [...new Set(routes)];
}

/** The patterns the build wrote into `distDir`; a build without them cannot tell pages from unknown addresses. */
export function readAppRoutes(distDir: string): string[] {
  const file = join(distDir, APP_ROUTES_FILE);
  let routes: unknown;
  try {
    routes = (JSON.parse(readFileSync(file, 'utf8')) as { routes?: unknown }).routes;
  } catch {
    throw new Error(`The SPA build has no list of its routes (${file} is missing): run "npm run build" again`);
  }
  if (!Array.isArray(routes) || !routes.every((route) => typeof route === 'string'))
    throw new Error(`${file} is not a list of routes: run "npm run build" again`);
  return routes;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One segment of a route pattern as a regular expression of "/segment", as TanStack Router's matcher reads it. */
function segmentPattern(segment: string): string {
  if (segment === '$') return '(?:/.*)?';
  if (/^\$./.test(segment)) return '/[^/]+';
  const braced = /^(.*?)\{(-?)\$([^}]*)\}(.*)$/.exec(segment);
  if (!braced) return `/${escape(segment)}`;
  const [, prefix, optional, name, suffix] = braced;
  const affixed = Boolean(prefix || suffix);
  if (!name && !optional) return affixed ? `/${escape(prefix)}.*${escape(suffix)}` : '(?:/.*)?';
  const value = `/${escape(prefix)}${affixed ? '[^/]*' : '[^/]+'}${escape(suffix)}`;
  return optional ? `(?:${value})?` : value;
}

/**
 * Whether an address is one of the route patterns, as the SPA's router decides it: `$param` is one segment, `$` the
 * rest of the address, `{-$param}` an optional segment, `prefix{$param}suffix` a segment with fixed ends; letters'
 * case does not matter (the router's default) and trailing slashes are ignored (`trailingSlash: 'never'` drops them).
 */
export function appRouteMatcher(patterns: readonly string[]): (path: string) => boolean {
  const expressions = patterns.map((pattern) => new RegExp(routeExpression(pattern), 'i'));
  return (path) => {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
    return expressions.some((expression) => expression.test(trimmed));
  };
}

/**
 * The regular expression (its source; case-insensitive, with the `i` flag) of one route pattern, for an address
 * without its trailing slashes: what `appRouteMatcher` tries, and what the app's head start matches its address with.
 */
export function routeExpression(pattern: string): string {
  return `^${pattern.split('/').filter(Boolean).map(segmentPattern).join('') || '/'}$`;
}
