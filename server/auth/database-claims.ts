import { LRUCache } from 'lru-cache';
import type { Claims } from '@domain';
import type { Database } from '../db/client';
import { accessOfUser } from '../db/users';
import type { IdentityService, VerifiedIdentity } from './identity';

/** How long one person's roles and companies are reused between requests of the same process. */
export const ACCESS_CACHE_MS = 3000;

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
  { cacheMs = ACCESS_CACHE_MS }: { cacheMs?: number } = {},
): IdentityService {
  const cache = new LRUCache<string, { access: Access }>({ max: 10_000, ttl: Math.max(cacheMs, 1) });
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
