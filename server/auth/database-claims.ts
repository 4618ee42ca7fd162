import { LRUCache } from 'lru-cache';
import type { Claims } from '@domain';
import type { Database } from '../db/client';
import { accessOfUser } from '../db/users';
import { fittedClaims } from '../services/claims';
import type { IdentityService, VerifiedIdentity } from './identity';

/** How long one person's roles and companies are reused between requests of the same process. */
export const ACCESS_CACHE_MS = 3000;
/** One stale token has the claims mirrored again at most this often (per process), however many requests it sends. */
export const REMIRROR_MS = 60_000;

/** Whether two sets of claims say the same: roles and companies as sets, the main company, the track. */
export function sameClaims(a: Claims, b: Claims): boolean {
  const normal = (claims: Claims) =>
    JSON.stringify([
      [...(claims.roles ?? [])].sort(),
      [...(claims.companies ?? [])].sort(),
      claims.companyId ?? null,
      claims.trackId ?? null,
    ]);
  return normal(a) === normal(b);
}

type Access = { email: string; claims: Claims } | null;

/**
 * The identity provider proves who signs in; what they may do is read from our database, never from the token.
 * Roles and companies live in the database and are only mirrored into custom claims for the browser's guards, so:
 * - a token whose claims were altered grants nothing more — which matters where the provider does not check
 *   signatures (the Auth emulator accepts unsigned tokens) and is defence in depth where it does;
 * - a change of role or company takes effect at once, not when the token (valid for an hour) is renewed;
 * - a deleted person's still-valid token acts on nothing.
 *
 * The answer is reused for a few seconds (one query less on every request of a busy page) and forgotten at once
 * when this process changes the person's claims or deletes them, which every change of role or company does
 * (`syncClaims`); another process sees such a change within `cacheMs`.
 */
export function withDatabaseClaims(
  identity: IdentityService,
  db: Database,
  {
    cacheMs = ACCESS_CACHE_MS,
    onError = () => {},
  }: { cacheMs?: number; onError?: (message: string, error: unknown) => void } = {},
): IdentityService {
  const cache = new LRUCache<string, { access: Access }>({ max: 10_000, ttl: Math.max(cacheMs, 1) });
  // Claims mirrored again lately, by token and claims: a stale token sends many requests before it is renewed.
  const remirrored = new LRUCache<string, true>({ max: 10_000, ttl: REMIRROR_MS });

  /**
   * The token's claims differ from the database's: mirror the database's into the account (what every change of role
   * or company does), so the browser's next token names the companies the person really has. Awaited, so that the
   * answer this request gets (a 403 for a company gone) is only seen once the fresh claims are there to fetch; a
   * failure is logged and the request goes on — access never depended on the claims.
   */
  // A token's claims found equal to the database's, by the very answers compared: the verified identity (one object
  // per token while the token cache holds it) and the access read (one object while `cache` holds it). A busy page
  // sends many calls with both unchanged; comparing again would cost every call the same sorting and JSON.
  const agreed = new WeakMap<VerifiedIdentity, Claims>();

  async function healClaims(verified: VerifiedIdentity, databaseClaims: Claims) {
    if (agreed.get(verified) === databaseClaims) return;
    const { uid, claims: tokenClaims, issuedAt } = verified;
    const wanted = fittedClaims(databaseClaims);
    if (sameClaims(tokenClaims, wanted)) {
      agreed.set(verified, databaseClaims);
      return;
    }
    const key = `${uid} ${issuedAt ?? ''} ${JSON.stringify(wanted)}`;
    if (remirrored.has(key)) return;
    remirrored.set(key, true);
    try {
      await identity.setClaims(uid, wanted);
    } catch (error) {
      remirrored.delete(key);
      onError('Could not mirror the database claims into the account', error);
    }
  }

  async function accessOf(uid: string): Promise<Access> {
    const hit = cacheMs > 0 ? cache.get(uid) : undefined;
    if (hit) return hit.access;
    const access = await accessOfUser(db, uid);
    if (cacheMs > 0) cache.set(uid, { access });
    return access;
  }
  return {
    ...identity,
    async verifyIdToken(token: string): Promise<VerifiedIdentity> {
      const verified = await identity.verifyIdToken(token);
      const access = await accessOf(verified.uid);
      if (!access) return { uid: verified.uid, email: verified.email, claims: {} };
      await healClaims(verified, access.claims);
      return { uid: verified.uid, email: access.email, claims: access.claims };
    },
    async setClaims(uid, claims) {
      cache.delete(uid);
      await identity.setClaims(uid, claims);
    },
    async deleteUser(uid) {
      cache.delete(uid);
      await identity.deleteUser(uid);
    },
  };
}
