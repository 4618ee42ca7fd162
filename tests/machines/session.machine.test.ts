import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, customer, loadedCompany, newcomer, refreshed, sessionHarness } from './session.harness';

// Literal times from the specification, not the constants under test: a token refresh every 50 minutes, at most one
// reload in 10 seconds (docs/rules.md). Changing a constant must fail these tests.
const FIFTY_MINUTES = 50 * 60 * 1000;
const TEN_SECONDS = 10 * 1000;

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('session machine', () => {
  it('waits for the identity provider, then is signed out when there is no user', () => {
    const { actor, auth } = sessionHarness();
    expect(actor.getSnapshot().value).toBe('initializing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    auth(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('stores claims, token and user, then loads the first company of the claims with its steps', async () => {
    const { actor, auth, pending, effects, company } = sessionHarness();
    auth(customer);
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    expect(actor.getSnapshot().context).toMatchObject({ user: customer.user, claims: customer.claims, accessToken: 'token-1' });
    expect(effects.persistSession).toEqual([customer]);
    expect(pending.resolve('fetchCompany', loadedCompany('c1'))).toEqual({ companyId: 'c1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(company()?.getSnapshot().context.company.id).toBe('c1');
    expect(effects.persistSelection).toEqual([{ companyId: 'c1', trackId: 'create-company' }]);
  });

  describe('claims gone stale (the server refuses the company they name)', () => {
    const staleCustomer = { ...customer, claims: { roles: ['company-admin' as const], companies: ['gone'], companyId: 'gone' } };

    it('takes a fresh token and loads the company it names instead', async () => {
      const { actor, auth, pending, effects, company } = sessionHarness({ storedCompanyId: 'gone' });
      auth(staleCustomer);
      pending.reject('fetchCompany', Object.assign(new Error('Você não tem acesso a esta empresa.'), { status: 403 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('healingClaims');
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      // No page decides anything on the refusal: the session is not settled yet.
      expect(effects.recheckGuards).toBe(0);
      pending.resolve('refreshToken', { accessToken: 'token-healed', claims: { roles: ['company-admin'], companies: ['mine'] } });
      await vi.advanceTimersByTimeAsync(0);
      expect(pending.resolve('fetchCompany', loadedCompany('mine'))).toEqual({ companyId: 'mine' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
      expect(company()?.getSnapshot().context.company.id).toBe('mine');
      expect(actor.getSnapshot().context.accessToken).toBe('token-healed');
      expect(effects.recheckGuards).toBe(1);
    });

    it('asks the server which company is the person’s when the fresh token still names only the refused one', async () => {
      const { actor, auth, pending, company } = sessionHarness();
      auth(staleCustomer);
      pending.reject('fetchCompany', Object.assign(new Error('Você não tem acesso a esta empresa.'), { status: 403 }));
      await vi.advanceTimersByTimeAsync(0);
      pending.resolve('refreshToken', { accessToken: 'token-2', claims: staleCustomer.claims });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('findingCompany');
      pending.resolve('findOwnCompany', 'mine');
      await vi.advanceTimersByTimeAsync(0);
      expect(pending.resolve('fetchCompany', loadedCompany('mine'))).toEqual({ companyId: 'mine' });
      await vi.advanceTimersByTimeAsync(0);
      expect(company()?.getSnapshot().context.company.id).toBe('mine');
      // The guards read the company the server named as the person's.
      expect(actor.getSnapshot().context.claims?.companies).toContain('mine');
    });

    it('never asks for a refused company again; with none left the refusal stays, as a 403', async () => {
      const { actor, auth, pending, company } = sessionHarness();
      auth(staleCustomer);
      pending.reject('fetchCompany', Object.assign(new Error('Você não tem acesso a esta empresa.'), { status: 403 }));
      await vi.advanceTimersByTimeAsync(0);
      pending.reject('refreshToken', new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      pending.reject('findOwnCompany', new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
      expect(company()?.getSnapshot().value).toBe('failed');
      expect(company()?.getSnapshot().context.errorStatus).toBe(403);
      expect(pending.count('fetchCompany')).toBe(0);
    });
  });

  it('prefers the stored company when the user may still access it', () => {
    const { auth, pending } = sessionHarness({ storedCompanyId: 'c2' });
    auth(customer);
    expect(pending.resolve('fetchCompany', loadedCompany('c2'))).toEqual({ companyId: 'c2' });
  });

  it('skips company loading for system admins and for users without a company', () => {
    const first = sessionHarness();
    first.auth(admin);
    expect(first.actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(first.pending.count('fetchCompany')).toBe(0);
    const second = sessionHarness();
    second.auth(newcomer);
    expect(second.actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(second.pending.count('fetchCompany')).toBe(0);
  });

  it('clears session, company and track and stops the timer when the user becomes none', async () => {
    const { actor, auth, pending, effects, company } = sessionHarness();
    auth(customer);
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await vi.advanceTimersByTimeAsync(0);
    auth(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, claims: null, accessToken: null });
    expect(company()?.getSnapshot().context).toMatchObject({ company: null, track: null });
    expect(effects.clearPersistedSession).toBe(1);
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES * 2);
    expect(pending.count('refreshToken')).toBe(0);
  });

  it('forces a token refresh every 50 minutes while signed in', async () => {
    const { actor, auth, pending } = sessionHarness();
    auth(admin);
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES - 1);
    expect(pending.count('refreshToken')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pending.count('refreshToken')).toBe(1);
    pending.resolve('refreshToken', refreshed);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.accessToken).toBe('token-refreshed');
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES);
    expect(pending.count('refreshToken')).toBe(1);
  });

  it('refreshes a token once it is 50 minutes old: one restored from storage sooner than 50 minutes after', async () => {
    // A person coming back: the token Firebase had stored was issued 35 minutes ago, so 15 minutes are left to 50.
    const { auth, pending } = sessionHarness();
    const issuedAt = Date.now() / 1000 - 35 * 60;
    auth({ ...admin, claims: { ...admin.claims, iat: issuedAt } });
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000 - 1);
    expect(pending.count('refreshToken')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pending.count('refreshToken')).toBe(1);
    // The new token is new: the next refresh comes 50 minutes later.
    pending.resolve('refreshToken', { ...refreshed, claims: { ...admin.claims, iat: Date.now() / 1000 } });
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES - 1);
    expect(pending.count('refreshToken')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pending.count('refreshToken')).toBe(1);
  });

  it('refreshes at once a restored token already 50 minutes old', async () => {
    const { auth, pending } = sessionHarness();
    const issuedAt = Date.now() / 1000 - 56 * 60;
    auth({ ...admin, claims: { ...admin.claims, iat: issuedAt } });
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.count('refreshToken')).toBe(1);
  });

  it('logs a failed refresh and stops the timer', async () => {
    const { actor, auth, pending, effects } = sessionHarness();
    auth(admin);
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES);
    pending.reject('refreshToken');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'refreshStopped' });
    expect(effects.logError).toEqual(['Token refresh failed']);
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES * 3);
    expect(pending.count('refreshToken')).toBe(0);
  });

  it('stops every timer on page unload', async () => {
    const { actor, auth, pending } = sessionHarness();
    auth(admin);
    actor.send({ type: 'page.unload' });
    expect(actor.getSnapshot().status).toBe('done');
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES * 2);
    expect(pending.count('refreshToken')).toBe(0);
  });

  it('on a 401 forces a refresh, then reloads the page, swallowing 401s meanwhile', async () => {
    const { actor, auth, pending, effects } = sessionHarness();
    auth(admin);
    actor.send({ type: 'api.unauthorized' });
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().value).toBe('recovering');
    expect(pending.count('refreshToken')).toBe(1);
    pending.resolve('refreshToken', refreshed);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(effects.reloadPage).toEqual([Date.now()]);
  });

  it('ends the session when a 401 meets the page its recovery reloaded moments ago: one refresh, one reload', async () => {
    // The server refuses every call (a disabled account): the reload's fresh token did not help either.
    const { actor, auth, pending, effects } = sessionHarness({ lastReloadAt: Date.now() - TEN_SECONDS + 1000 });
    auth(customer);
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    actor.send({ type: 'api.unauthorized' });
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(pending.count('refreshToken')).toBe(0);
    expect(effects.reloadPage).toEqual([]);
    expect(effects.redirectToLogin).toBe(1);
    expect(effects.forgetStoredSession).toBe(1);
    expect(effects.clearPersistedSession).toBe(1);
    // The login page says "Sua sessão expirou. Entre novamente."
    expect(actor.getSnapshot().context.sessionExpired).toBe(true);
  });

  it('recovers a 401 again with a reload once the last reload is 10 seconds old', async () => {
    const { actor, auth, pending, effects } = sessionHarness({ lastReloadAt: Date.now() - TEN_SECONDS });
    auth(admin);
    actor.send({ type: 'api.unauthorized' });
    pending.resolve('refreshToken', refreshed);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(effects.reloadPage).toEqual([Date.now()]);
  });

  it('when recovery fails clears everything and goes to the login page', async () => {
    const { actor, auth, pending, effects } = sessionHarness();
    auth(customer);
    actor.send({ type: 'api.unauthorized' });
    pending.reject('refreshToken');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(effects.redirectToLogin).toBe(1);
    expect(effects.clearPersistedSession).toBe(1);
    expect(effects.forgetStoredSession).toBe(1);
  });

  it('signs in with e-mail and password and shows why it failed', async () => {
    const { actor, auth, pending } = sessionHarness();
    auth(null);
    actor.send({ type: 'session.signIn', email: 'a@b.com', password: 'x' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    pending.reject('signIn', new Error('E-mail ou senha incorretos.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('E-mail ou senha incorretos.');
    actor.send({ type: 'session.signIn', email: 'a@b.com', password: 'certa' });
    expect(actor.getSnapshot().context.error).toBeNull();
    pending.resolve('signIn', admin);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(actor.getSnapshot().context.user).toEqual(admin.user);
  });

  it('takes the user from the sign-in itself, and the listener’s later report changes nothing', async () => {
    const { actor, auth, pending } = sessionHarness();
    auth(null);
    actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'demo12345' });
    pending.resolve('signIn', customer);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    auth(customer);
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    expect(pending.count('fetchCompany')).toBe(1);
  });

  it('waits for the sign-in’s own answer when the listener reports the user first (as Firebase does in a browser)', async () => {
    const { actor, auth, pending } = sessionHarness();
    auth(null);
    actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'demo12345' });
    auth(customer);
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(pending.count('fetchCompany')).toBe(0);
    pending.resolve('signIn', customer);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    expect(pending.count('fetchCompany')).toBe(1);
  });

  it('signs out when the listener reports nobody while signing in', () => {
    const { actor, auth } = sessionHarness();
    auth(null);
    actor.send({ type: 'session.signIn', email: 'cliente@demo.test', password: 'demo12345' });
    auth(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('waits for the sign-out’s own answer when the listener reports nobody first (as Firebase does)', async () => {
    const { actor, auth, pending, effects } = sessionHarness();
    auth(admin);
    actor.send({ type: 'session.signOut' });
    auth(null);
    expect(actor.getSnapshot().value).toBe('signingOut');
    pending.resolve('signOut', undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.clearPersistedSession).toBe(1);
    // The login page opens once the sign-out is done (not the one a 401 asks for, with `next`).
    expect(effects.showLogin).toBe(1);
    expect(effects.redirectToLogin).toBe(0);
  });

  it('sends to the login page when the provider drops the session during a 401 recovery, before the refresh fails', async () => {
    const { actor, auth, pending, effects } = sessionHarness();
    auth(admin);
    actor.send({ type: 'api.unauthorized' });
    // Firebase signs an expired session out (the listener reports nobody), then the forced refresh fails.
    auth(null);
    expect(actor.getSnapshot().value).toBe('recovering');
    pending.reject('refreshToken', new Error('TOKEN_EXPIRED'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.redirectToLogin).toBe(1);
  });

  it('switches to another company of the claims, and only to those', async () => {
    const { actor, auth, pending, company } = sessionHarness();
    auth(customer);
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'company.select', companyId: 'not-mine' });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    actor.send({ type: 'company.select', companyId: 'c2' });
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    pending.resolve('fetchCompany', loadedCompany('c2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(company()?.getSnapshot().context.company.id).toBe('c2');
  });

  it('stays signed in when the company cannot be loaded, keeping the error for the pages', async () => {
    const { actor, auth, pending, company } = sessionHarness();
    auth(customer);
    pending.reject('fetchCompany', new Error('Empresa não encontrada.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(company()?.getSnapshot().value).toBe('failed');
    expect(company()?.getSnapshot().context.error).toBe('Empresa não encontrada.');
  });

  it('takes fresh claims after the server changed them, and loads the new company', async () => {
    const { actor, auth, pending, company } = sessionHarness();
    auth(newcomer);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshingClaims');
    pending.resolve('refreshToken', {
      accessToken: 'token-new',
      claims: { roles: ['company-admin'], companies: ['c9'], companyId: 'c9' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    expect(actor.getSnapshot().context.accessToken).toBe('token-new');
    pending.resolve('fetchCompany', loadedCompany('c9'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(company()?.getSnapshot().context.company.id).toBe('c9');
  });

  it('signs out', async () => {
    const { actor, auth, pending, effects } = sessionHarness();
    auth(admin);
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    pending.resolve('signOut');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.clearPersistedSession).toBe(1);
  });
});
