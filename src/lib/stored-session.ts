import * as v from 'valibot';
import type { Claims } from '@domain';
import type { AuthState } from '@machines/session.machine';
import { appConfig } from '../config';

/**
 * The session Firebase keeps in this browser (browserLocalPersistence), read without loading Firebase, so a person
 * coming back sees their page without waiting for Firebase's ~30 KB and its call to the Auth service first
 * (docs/performance.md, "Signed-in pages on a phone"). It gives what Firebase itself would report at start — the
 * stored user and the ID token it still holds — only while that token has `STORED_TOKEN_MARGIN_MS` left; Firebase
 * loads when something needs it (src/lib/session.ts) and takes over (refresh, sign-out). Anything in a shape
 * this code does not know (another Firebase version) reads as nothing: the session then waits for Firebase, as before.
 */

/** How long a stored token must still be valid to be used before Firebase has loaded. */
export const STORED_TOKEN_MARGIN_MS = 5 * 60_000;

/** The key Firebase stores the signed-in user under, for the default app. */
export const storedUserKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`;

const text = v.nullish(v.string());
/** The fields of Firebase's stored user (its `UserImpl.toJSON`) the session reads. */
const StoredUser = v.object({
  uid: v.pipe(v.string(), v.minLength(1)),
  email: text,
  displayName: text,
  phoneNumber: text,
  photoURL: text,
  createdAt: text,
  stsTokenManager: v.object({ accessToken: v.pipe(v.string(), v.minLength(1)), expirationTime: v.number() }),
});

/** The claims an ID token carries (its payload), as `getIdTokenResult().claims` gives them; null if unreadable. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Firebase's `UserMetadata.creationTime`: the stored milliseconds as a UTC date string. */
function creationTime(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null;
  const date = new Date(Number(createdAt));
  return Number.isNaN(date.getTime()) ? null : date.toUTCString();
}

/**
 * The signed-in user, claims and token of Firebase's stored user (`stored`, the JSON text of its storage entry), or
 * null when there is none usable at `now`: no entry, an unknown shape, a token that is not this user's, or one expiring
 * within the margin (by Firebase's own expiry and by the token's `exp`, whichever is first).
 */
export function storedAuthState(stored: string | null, now: number): AuthState | null {
  if (!stored) return null;
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return null;
  }
  const parsed = v.safeParse(StoredUser, json);
  if (!parsed.success) return null;
  const user = parsed.output;
  const { accessToken, expirationTime } = user.stsTokenManager;
  const claims = tokenClaims(accessToken);
  if (!claims || claims.sub !== user.uid || typeof claims.exp !== 'number') return null;
  const expiresAt = Math.min(expirationTime, claims.exp * 1000);
  if (expiresAt - now < STORED_TOKEN_MARGIN_MS) return null;
  return {
    user: {
      uid: user.uid,
      email: user.email ?? null,
      displayName: user.displayName ?? null,
      phoneNumber: user.phoneNumber ?? null,
      photoUrl: user.photoURL ?? null,
      createdAt: creationTime(user.createdAt),
    },
    claims: claims as Claims,
    accessToken,
  };
}

/** The session Firebase stored in this browser for this app's project, usable at `now`, or null. */
export function readStoredAuth(now = Date.now()): AuthState | null {
  return storedAuthState(localStorage.getItem(storedUserKey(appConfig.firebase.apiKey)), now);
}

/**
 * Forgets the session Firebase stored in this browser, as its sign-out would, for when Firebase itself cannot load
 * (offline): no later page starts from it.
 */
export function forgetStoredAuth(): void {
  localStorage.removeItem(storedUserKey(appConfig.firebase.apiKey));
}
