import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import type { IdentityService } from './identity';
import { IdentityError, claimsFromToken } from './identity';

function codeOf(error: unknown): string {
  return typeof error === 'object' && error && 'code' in error ? String((error as { code: unknown }).code) : '';
}

/**
 * Firebase Auth through firebase-admin. With an emulator host the SDK talks to the emulator and accepts its
 * unsigned tokens, which is why the configuration refuses the emulator in production.
 */
export function createFirebaseIdentity(config: FirebaseConfig): IdentityService {
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  // firebase-admin loads on the first call, not at start (~0.5 s of the start's CPU: docs/performance.md).
  let auth: Promise<Auth> | undefined;
  const authOf = () =>
    (auth ??= Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]).then(
      ([{ initializeApp }, { getAuth }]) => getAuth(initializeApp({ projectId: config.projectId }, `contabil-${randomUUID()}`)),
    ));

  return {
    async verifyIdToken(token) {
      try {
        const decoded = await (await authOf()).verifyIdToken(token);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          claims: claimsFromToken(decoded),
          issuedAt: decoded.iat,
          expiresAt: decoded.exp,
        };
      } catch (error) {
        throw new IdentityError('invalid-token', `Invalid ID token: ${codeOf(error) || String(error)}`);
      }
    },
    async createUser({ email, password, displayName, uid }) {
      try {
        const user = await (await authOf()).createUser({ email, password, displayName, ...(uid ? { uid } : {}) });
        return { uid: user.uid };
      } catch (error) {
        const code = codeOf(error);
        if (code === 'auth/email-already-exists') throw new IdentityError('email-exists', 'Email already registered');
        if (code.startsWith('auth/invalid')) throw new IdentityError('invalid-input', code);
        throw error;
      }
    },
    async updateUser(uid, changes) {
      try {
        await (await authOf()).updateUser(uid, changes);
      } catch (error) {
        if (codeOf(error) === 'auth/user-not-found') throw new IdentityError('user-not-found', uid);
        throw error;
      }
    },
    async deleteUser(uid) {
      try {
        await (await authOf()).deleteUser(uid);
      } catch (error) {
        if (codeOf(error) !== 'auth/user-not-found') throw error;
      }
    },
    async findUserByEmail(email) {
      try {
        const user = await (await authOf()).getUserByEmail(email);
        return { uid: user.uid };
      } catch (error) {
        if (codeOf(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
    async setClaims(uid, claims) {
      await (await authOf()).setCustomUserClaims(uid, { ...claims });
    },
    async passwordResetLink(email, continueUrl) {
      try {
        return await (await authOf()).generatePasswordResetLink(email, continueUrl ? { url: continueUrl } : undefined);
      } catch (error) {
        const code = codeOf(error);
        if (code === 'auth/user-not-found' || code === 'auth/email-not-found') throw new IdentityError('user-not-found', email);
        // A continue URL outside the project's authorised domains is refused: the link works without it.
        if (continueUrl && (code === 'auth/unauthorized-continue-uri' || code === 'auth/invalid-continue-uri')) {
          return (await authOf()).generatePasswordResetLink(email);
        }
        throw error;
      }
    },
    async findAccount(uid) {
      try {
        const user = await (await authOf()).getUser(uid);
        const iso = (value: string | undefined | null) => (value ? new Date(value).toISOString() : null);
        return {
          uid: user.uid,
          email: user.email ?? null,
          disabled: user.disabled,
          createdAt: iso(user.metadata.creationTime),
          lastSignInAt: iso(user.metadata.lastSignInTime),
        };
      } catch (error) {
        if (codeOf(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
  };
}
