/**
 * The verified-token cache: one verification per token, trusted until the token expires or 5 minutes pass, never a
 * refused token, an account deleted here forgotten at once, and bounded. Times are literal.
 */
import { describe, expect, it } from 'vitest';
import type { IdentityService, VerifiedIdentity } from '@server/auth/identity';
import { IdentityError } from '@server/auth/identity';
import { withVerifiedTokenCache } from '@server/auth/token-cache';

const T0 = Date.parse('2026-11-28T12:00:00Z');

/** A provider whose tokens are "<uid>:<exp seconds>", counting its verifications; `deleted` uids are refused. */
function provider() {
  const calls: string[] = [];
  const deleted = new Set<string>();
  const identity = {
    async verifyIdToken(token: string): Promise<VerifiedIdentity> {
      calls.push(token);
      const [uid, exp] = token.split(':');
      if (!uid || deleted.has(uid) || uid === 'forged') throw new IdentityError('invalid-token', 'refused');
      return { uid, email: `${uid}@demo.test`, claims: {}, issuedAt: Number(exp) - 3600, expiresAt: Number(exp) };
    },
    async deleteUser(uid: string) {
      deleted.add(uid);
    },
  } as unknown as IdentityService;
  return { identity, calls };
}

describe('the verified-token cache', () => {
  it('verifies a token once, then trusts it until 5 minutes have passed', async () => {
    let now = T0;
    const { identity, calls } = provider();
    const cached = withVerifiedTokenCache(identity, { now: () => now });
    const token = `ana:${T0 / 1000 + 3600}`;
    await cached.verifyIdToken(token);
    now = T0 + 4 * 60_000 + 59_999; // 4:59.999
    expect((await cached.verifyIdToken(token)).uid).toBe('ana');
    expect(calls).toHaveLength(1);
    now = T0 + 5 * 60_000; // 5:00
    await cached.verifyIdToken(token);
    expect(calls).toHaveLength(2);
  });

  it('never trusts a token past its expiry', async () => {
    let now = T0;
    const { identity, calls } = provider();
    const cached = withVerifiedTokenCache(identity, { now: () => now });
    const token = `ana:${T0 / 1000 + 60}`; // expires at 12:01:00
    await cached.verifyIdToken(token);
    now = T0 + 59_999;
    await cached.verifyIdToken(token);
    expect(calls).toHaveLength(1);
    now = T0 + 60_000;
    await cached.verifyIdToken(token);
    expect(calls).toHaveLength(2);
  });

  it('keeps no refused token, and forgets an account deleted here at once', async () => {
    const { identity, calls } = provider();
    const cached = withVerifiedTokenCache(identity, { now: () => T0 });
    await expect(cached.verifyIdToken('forged:0')).rejects.toThrow(IdentityError);
    await expect(cached.verifyIdToken('forged:0')).rejects.toThrow(IdentityError);
    expect(calls).toEqual(['forged:0', 'forged:0']);
    const token = `bia:${T0 / 1000 + 3600}`;
    await cached.verifyIdToken(token);
    await cached.deleteUser('bia');
    await expect(cached.verifyIdToken(token)).rejects.toThrow(IdentityError);
  });

  it('keeps at most as many tokens as it is told, the least recently used going first', async () => {
    const { identity, calls } = provider();
    const cached = withVerifiedTokenCache(identity, { now: () => T0, max: 2 });
    const exp = T0 / 1000 + 3600;
    for (const uid of ['a', 'b', 'a', 'c', 'a', 'b']) await cached.verifyIdToken(`${uid}:${exp}`);
    // a, b verified; a hit; c evicts b; a hit; b verified again.
    expect(calls).toEqual([`a:${exp}`, `b:${exp}`, `c:${exp}`, `b:${exp}`]);
  });
});
