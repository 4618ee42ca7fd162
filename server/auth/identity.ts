import type { Claims } from '@domain';

/** Who made a request, from a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  claims: Claims;
  /** When the token was issued (seconds): tells one token from the next with the same claims. */
  issuedAt?: number;
  /** When the token expires (seconds): a verified token is not trusted past it. */
  expiresAt?: number;
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

/** What the identity provider knows of an account (dates ISO). */
export interface IdentityAccount {
  uid: string;
  email: string | null;
  disabled: boolean;
  createdAt: string | null;
  lastSignInAt: string | null;
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
  /**
   * A link with which the account's owner chooses a password (the provider's password-reset link), for accounts the
   * team creates; `continueUrl` is where the provider's page leads afterwards. Optional: without it the team is told
   * to have the person use "Esqueci minha senha".
   */
  passwordResetLink?(email: string, continueUrl?: string): Promise<string>;
  /** The account as the provider knows it, or null when it has none. Optional: without it the team sees less. */
  findAccount?(uid: string): Promise<IdentityAccount | null>;
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
