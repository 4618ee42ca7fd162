import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import { initializeApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { getAuth } from 'firebase-admin/auth';
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
  const app: App = initializeApp({ projectId: config.projectId }, `contabil-${randomUUID()}`);
  const auth: Auth = getAuth(app);

  return {
    async verifyIdToken(token) {
      try {
        const decoded = await auth.verifyIdToken(token);
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
        const user = await auth.createUser({ email, password, displayName, ...(uid ? { uid } : {}) });
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
        await auth.updateUser(uid, changes);
      } catch (error) {
        if (codeOf(error) === 'auth/user-not-found') throw new IdentityError('user-not-found', uid);
        throw error;
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (codeOf(error) !== 'auth/user-not-found') throw error;
      }
    },
    async findUserByEmail(email) {
      try {
        const user = await auth.getUserByEmail(email);
        return { uid: user.uid };
      } catch (error) {
        if (codeOf(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
    async setClaims(uid, claims) {
      await auth.setCustomUserClaims(uid, { ...claims });
    },
    async passwordResetLink(email, continueUrl) {
      try {
        return await auth.generatePasswordResetLink(email, continueUrl ? { url: continueUrl } : undefined);
      } catch (error) {
        const code = codeOf(error);
        if (code === 'auth/user-not-found' || code === 'auth/email-not-found') throw new IdentityError('user-not-found', email);
        // A continue URL outside the project's authorised domains is refused: the link works without it.
        if (continueUrl && (code === 'auth/unauthorized-continue-uri' || code === 'auth/invalid-continue-uri')) {
          return auth.generatePasswordResetLink(email);
        }
        throw error;
      }
    },
    async findAccount(uid) {
      try {
        const user = await auth.getUser(uid);
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
