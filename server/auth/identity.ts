import type { Claims } from '../../domain';

/** Who made a request, from a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  claims: Claims;
}

export interface NewIdentity {
  email: string;
  password: string;
  displayName: string;
  uid?: string;
}

export interface IdentityChanges {
  displayName?: string;
  photoURL?: string | null;
  password?: string;
}

/** Raised by an identity provider for outcomes the API answers differently. */
export class IdentityError extends Error {
  constructor(
    readonly reason: 'email-exists' | 'user-not-found' | 'invalid-token' | 'invalid-input',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The identity provider as the server uses it: verify ID tokens, manage users and their custom claims.
 * Firebase Auth in production and with the emulator; tests may provide their own.
 */
export interface IdentityService {
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  createUser(user: NewIdentity): Promise<{ uid: string }>;
  updateUser(uid: string, changes: IdentityChanges): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  findUserByEmail(email: string): Promise<{ uid: string } | null>;
  setClaims(uid: string, claims: Claims): Promise<void>;
}

const ROLE_NAMES = new Set(['system-admin', 'company-admin']);
const TRACK_NAMES = new Set(['create-company', 'migrate-company']);

/** Reads our custom claims out of a decoded token, ignoring anything malformed. */
export function claimsFromToken(decoded: Record<string, unknown>): Claims {
  const claims: Claims = {};
  if (Array.isArray(decoded.roles)) claims.roles = decoded.roles.filter((r) => ROLE_NAMES.has(r)) as Claims['roles'];
  if (Array.isArray(decoded.companies)) claims.companies = decoded.companies.filter((c): c is string => typeof c === 'string');
  if (typeof decoded.companyId === 'string') claims.companyId = decoded.companyId;
  if (typeof decoded.trackId === 'string' && TRACK_NAMES.has(decoded.trackId))
    claims.trackId = decoded.trackId as Claims['trackId'];
  return claims;
}
