import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, sessionHarness } from './session.harness';

/** The login form's back-off after wrong passwords (domain/signIn.ts), as the session machine keeps it. */

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

const firebaseError = (code: string, message = 'E-mail ou senha incorretos.') => Object.assign(new Error(message), { code });
const wrongPassword = () => firebaseError('auth/invalid-credential');

function signedOutSession() {
  const harness = sessionHarness();
  harness.auth(null);
  return harness;
}

/** One attempt that Firebase refuses with `error`. */
async function failedAttempt(harness: ReturnType<typeof sessionHarness>, error: Error = wrongPassword()) {
  harness.actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'errada' });
  expect(harness.actor.getSnapshot().value).toBe('signingIn');
  harness.pending.reject('signIn', error);
  await vi.advanceTimersByTimeAsync(0);
  expect(harness.actor.getSnapshot().value).toBe('signedOut');
}

describe('sign-in back-off', () => {
  it('lets three attempts fail, then makes the fourth wait 15 seconds, saying so', async () => {
    const harness = signedOutSession();
    for (let i = 0; i < 2; i++) {
      await failedAttempt(harness);
      expect(harness.actor.getSnapshot().context).toMatchObject({ signInRetryAt: null, error: 'E-mail ou senha incorretos.' });
    }
    await failedAttempt(harness);
    const { context } = harness.actor.getSnapshot();
    expect(context.signInFailures).toBe(3);
    expect(context.signInRetryAt).toBe(Date.now() + 15_000);
    expect(context.error).toBe('Muitas tentativas seguidas. Por segurança, aguarde 15 segundos para tentar de novo.');

    // An attempt during the wait never reaches Firebase.
    await vi.advanceTimersByTimeAsync(5_000);
    harness.actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'outra' });
    expect(harness.actor.getSnapshot().value).toBe('signedOut');
    expect(harness.pending.count('signIn')).toBe(0);
    expect(harness.actor.getSnapshot().context.error).toBe(
      'Muitas tentativas seguidas. Por segurança, aguarde 10 segundos para tentar de novo.',
    );

    await vi.advanceTimersByTimeAsync(10_000);
    harness.actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'outra' });
    expect(harness.actor.getSnapshot().value).toBe('signingIn');
    expect(harness.pending.count('signIn')).toBe(1);
  });

  it('doubles the wait with each further wrong password', async () => {
    const harness = signedOutSession();
    for (let i = 0; i < 3; i++) await failedAttempt(harness);
    await vi.advanceTimersByTimeAsync(15_000);
    await failedAttempt(harness);
    expect(harness.actor.getSnapshot().context.signInRetryAt).toBe(Date.now() + 30_000);
    expect(harness.actor.getSnapshot().context.error).toContain('aguarde 30 segundos');
  });

  it('waits a minute at once when Firebase itself says there were too many attempts', async () => {
    const harness = signedOutSession();
    await failedAttempt(harness, firebaseError('auth/too-many-requests', 'Muitas tentativas seguidas.'));
    expect(harness.actor.getSnapshot().context.signInRetryAt).toBe(Date.now() + 60_000);
    expect(harness.actor.getSnapshot().context.error).toBe(
      'Muitas tentativas seguidas. Por segurança, aguarde 1 minuto para tentar de novo.',
    );
  });

  it('does not count a network failure, which says nothing about the password', async () => {
    const harness = signedOutSession();
    for (let i = 0; i < 5; i++) {
      await failedAttempt(harness, firebaseError('auth/network-request-failed', 'Sem conexão com o servidor de login.'));
    }
    expect(harness.actor.getSnapshot().context).toMatchObject({ signInFailures: 0, signInRetryAt: null });
    expect(harness.actor.getSnapshot().context.error).toBe('Sem conexão com o servidor de login.');
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const harness = signedOutSession();
    for (let i = 0; i < 2; i++) await failedAttempt(harness);
    harness.actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'demo12345' });
    harness.pending.resolve('signIn', customer);
    await vi.advanceTimersByTimeAsync(0);
    expect(harness.actor.getSnapshot().context).toMatchObject({ signInFailures: 0, signInRetryAt: null, error: null });
  });
});
