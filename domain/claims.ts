import type { Role, TrackId } from './enums';
import { TOKEN_REFRESH_INTERVAL_MS } from './constants';

/** Custom claims the server keeps on each Firebase user (docs/rules.md, docs/security.md). */
export interface Claims {
  roles?: Role[];
  /** Companies the user may act on. */
  companies?: string[];
  /** The user's main company. */
  companyId?: string;
  /** The track chosen at signup, used until the user has a company. */
  trackId?: TrackId;
  /** When the ID token carrying these claims was issued, in seconds since the epoch (every Firebase ID token has it). */
  iat?: number;
}

/** The generic role check of docs/security.md. */
export function hasRole(claims: Claims | null | undefined, role: Role | string): boolean {
  return Array.isArray(claims?.roles) && (claims.roles as string[]).includes(role);
}

export function isSystemAdmin(claims: Claims | null | undefined): boolean {
  return hasRole(claims, 'system-admin');
}

/** Every company id in the claims, `companies` first, without repeats. */
export function companyIdsOf(claims: Claims | null | undefined): string[] {
  const ids = [...(claims?.companies ?? []), ...(claims?.companyId ? [claims.companyId] : [])];
  return [...new Set(ids)];
}

/** Tenant rule: a system admin acts on every company, anyone else only on the companies of their claims. */
export function canAccessCompany(claims: Claims | null | undefined, companyId: string): boolean {
  return isSystemAdmin(claims) || companyIdsOf(claims).includes(companyId);
}

/**
 * docs/machines.md: the company to load after sign-in, taken in order from the stored company (when the user may still
 * access it), the first of the `companies` claim, then the `companyId` claim.
 */
export function chooseCompanyId(storedCompanyId: string | null | undefined, claims: Claims | null | undefined): string | null {
  if (storedCompanyId && canAccessCompany(claims, storedCompanyId)) return storedCompanyId;
  return claims?.companies?.[0] ?? claims?.companyId ?? null;
}

/**
 * How long until the ID token these claims came with is 50 minutes old and is refreshed (docs/rules.md). A token
 * restored from the browser's storage may be older than the session: its refresh comes sooner, and at once when it is
 * past 50 minutes.
 */
export function tokenRefreshDelay(claims: Claims | null | undefined, now: number): number {
  const issuedAt = claims?.iat;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return TOKEN_REFRESH_INTERVAL_MS;
  return Math.min(TOKEN_REFRESH_INTERVAL_MS, Math.max(0, issuedAt * 1000 + TOKEN_REFRESH_INTERVAL_MS - now));
}
