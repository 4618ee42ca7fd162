/**
 * The identity the benchmarks sign in with: the product's own (firebase-admin behind the verified-token cache, as
 * `npm start` builds it in server/index.ts) against the Firebase Auth emulator, and ID tokens the emulator issues on a
 * password sign-in, as a browser gets them. So a measured call pays what a person's call pays: the token verified once
 * (with the emulator, a round trip to it), then found in the cache.
 */
import { randomUUID } from 'node:crypto';
import { createFirebaseIdentity } from '@server/auth/firebase';
import { withVerifiedTokenCache } from '@server/auth/token-cache';
import type { Database } from '@server/db/client';
import { companyMembers, users } from '@server/db/schema';
import { syncClaims } from '@server/services/claims';
import { ensureAuthEmulator } from '../scripts/emulator';

export const BENCH_PROJECT_ID = 'demo-contabil';
/** The benchmarks' emulator: FIREBASE_AUTH_EMULATOR_HOST's, or one started here on 127.0.0.1:9199. */
export const BENCH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';

/** An ID token for `email`, from the emulator's password sign-in (the REST call the browser's SDK makes). */
export async function signInWithPassword(email: string, password: string, host = BENCH_EMULATOR_HOST): Promise<string> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The emulator (started if none answers) and the product's identity stack on it. */
export async function benchIdentity(host = BENCH_EMULATOR_HOST) {
  const emulator = await ensureAuthEmulator({ host, projectId: BENCH_PROJECT_ID });
  const identity = withVerifiedTokenCache(
    createFirebaseIdentity({ projectId: BENCH_PROJECT_ID, apiKey: 'bench', authDomain: 'localhost', authEmulatorHost: host }),
  );
  return {
    identity,
    /** The `authorization` header of a signed-in call by `email`. */
    async bearer(email: string, password: string) {
      return { authorization: `Bearer ${await signInWithPassword(email, password, host)}` };
    },
    stop: () => emulator.stop(),
  };
}

export type BenchIdentity = Awaited<ReturnType<typeof benchIdentity>>;

/**
 * A new customer of the company, signed in: an account in the emulator, a member row, claims set (before the sign-in,
 * so the token carries them, as it would after the product's own sign-up).
 */
export async function benchCustomer(db: Database, bench: BenchIdentity, companyId: string) {
  const email = `bench-${randomUUID().slice(0, 8)}@bench.test`;
  const password = 'bench-password-1';
  const { uid } = await bench.identity.createUser({ email, password, displayName: 'Bench' });
  await db.insert(users).values({ id: uid, email, name: 'Bench', roles: ['company-admin'] });
  await db.insert(companyMembers).values({ companyId, userId: uid });
  await syncClaims(db, bench.identity, uid);
  return { uid, headers: await bench.bearer(email, password) };
}
