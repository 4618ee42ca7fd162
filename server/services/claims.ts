import type { Claims } from '@domain';
import type { IdentityService } from '../auth/identity';
import type { Database } from '../db/client';
import { claimsOfUser } from '../db/users';

/** Firebase refuses custom claims longer than this (JSON), which ~24 company ids reach. */
export const MAX_CLAIMS_LENGTH = 1000;

/**
 * The claims as they fit the identity provider: a person in more companies than fit keeps their main company and as
 * many others as fit. The server never reads companies from the token (it asks the database), so only the browser's
 * shortcuts (the company chosen at sign-in, the selector's guard) see fewer.
 */
export function fittedClaims(claims: Claims): Claims {
  const fits = (candidate: Claims) => JSON.stringify(candidate).length <= MAX_CLAIMS_LENGTH;
  if (fits(claims) || !claims.companies?.length) return claims;
  const companies = [...claims.companies];
  while (companies.length > 1 && !fits({ ...claims, companies })) companies.pop();
  return { ...claims, companies };
}

/** Mirrors a user's roles and companies from the database into their Firebase custom claims. */
export async function syncClaims(db: Database, identity: IdentityService, userId: string): Promise<void> {
  const claims = await claimsOfUser(db, userId);
  if (claims) await identity.setClaims(userId, fittedClaims(claims));
}
