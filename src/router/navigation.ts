import type { ParsedLocation } from '@tanstack/react-router';
import { notFound, redirect } from '@tanstack/react-router';
import { REDIRECTS } from '@domain';
import { rememberReferral } from '@/features/referrals/referral-code';

const MAX_PATH_LENGTH = 2048;

/** A path no page can have: traversal, empty segments, control characters, broken escapes. */
export function isValidPath(pathname: string): boolean {
  if (pathname.length > MAX_PATH_LENGTH || pathname.includes('//')) return false;
  try {
    const decoded = decodeURIComponent(pathname);
    return !/[\u0000-\u001f\u007f]/.test(decoded) && !decoded.split('/').some((segment) => segment === '..' || segment === '.');
  } catch {
    return false;
  }
}

/** Errors the 404 page recognises, with the path that was asked for. */
export function pageNotFound(path: string) {
  return notFound({ data: { message: `Page Not Found: ${path}`, path } });
}

type Middleware = (location: ParsedLocation) => void;

/** Runs on every page change, after the redirect lookup and before the route guards. */
const globalMiddleware: Middleware[] = [
  // A referral link (?ref= or ?indicacao=) is remembered until signup stores it as `indicatedBy`.
  // From the address as it is (the first page's was read before the router started, in main.tsx): the router's
  // `searchStr` is rebuilt from its parsed, JSON-read search.
  () => rememberReferral(window.location.search),
];

/**
 * docs/features.md navigation: page-validity check (404), redirect lookup, global middleware; the route's own guards run
 * after this, in its `beforeLoad`.
 */
export function runNavigationPipeline(location: ParsedLocation): void {
  if (!isValidPath(location.pathname)) throw pageNotFound(location.pathname);
  const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const target = REDIRECTS[pathname];
  if (target) throw redirect({ href: target, statusCode: 301, replace: true });
  for (const middleware of globalMiddleware) middleware(location);
}
