import { randomUUID } from 'node:crypto';
import type { Claims } from '@domain';
import type { IdentityService, VerifiedIdentity } from '@server/auth/identity';
import { IdentityError } from '@server/auth/identity';

/**
 * An identity provider kept in memory, for benchmarks: the token is "token-<uid>", so the figures measure our
 * code and not the emulator.
 */
export function memoryIdentity(): IdentityService & { tokenOf(uid: string): string } {
  const accounts = new Map<string, { email: string; claims: Claims }>();
  return {
    tokenOf: (uid) => `token-${uid}`,
    async verifyIdToken(token): Promise<VerifiedIdentity> {
      const uid = token.replace(/^token-/, '');
      const account = accounts.get(uid);
      if (!account) throw new IdentityError('invalid-token', 'unknown token');
      return { uid, email: account.email, claims: account.claims };
    },
    async createUser({ email, uid }) {
      if ([...accounts.values()].some((a) => a.email === email)) throw new IdentityError('email-exists', email);
      const id = uid ?? randomUUID();
      accounts.set(id, { email, claims: {} });
      return { uid: id };
    },
    async updateUser() {},
    async deleteUser(uid) {
      accounts.delete(uid);
    },
    async findUserByEmail(email) {
      const entry = [...accounts.entries()].find(([, a]) => a.email === email);
      return entry ? { uid: entry[0] } : null;
    },
    async setClaims(uid, claims) {
      const account = accounts.get(uid);
      if (account) account.claims = claims;
    },
  };
}
