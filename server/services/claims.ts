import type { IdentityService } from '../auth/identity';
import type { Database } from '../db/client';
import { claimsOfUser } from '../db/users';

/** Mirrors a user's roles and companies from the database into their Firebase custom claims. */
export async function syncClaims(db: Database, identity: IdentityService, userId: string): Promise<void> {
  const claims = await claimsOfUser(db, userId);
  if (claims) await identity.setClaims(userId, claims);
}
