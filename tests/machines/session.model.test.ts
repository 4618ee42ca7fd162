import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import type { Claims } from '@domain';
import { signInWaitMessage } from '@domain';
import type { AuthState, SessionEvent, SessionInput } from '@machines/session.machine';
import { describePath, transitionPaths, unreachedNodes } from './models/model';
import { SESSION_EDGE_SCENARIOS, SESSION_NOW, sessionModel } from './models/session.model';
import { loadedCompany, refreshed, refusedCompany, sessionHarness } from './session.harness';

// The specification's times, written out: a refresh every 50 minutes, one reload in 10 seconds (docs/rules.md).
const FIFTY_MINUTES = 50 * 60 * 1000;
const TEN_SECONDS = 10 * 1000;

/**
 * Model-based tests: the paths come from the session machine's own graph (models/session.model.ts); each is replayed
 * on a real actor whose effects are settled by hand (done/error events settle the pending promise, delays advance
 * fake timers).
 */
type Harness = ReturnType<typeof sessionHarness>;

/** Makes the real actor take the step the graph took. */
async function replay(h: Harness, event: EventObject) {
  const settle: Record<string, () => unknown> = {
    'company.loaded': () => h.pending.resolve('fetchCompany', loadedCompany('c1')),
    'company.failed': () =>
      h.pending.reject(
        'fetchCompany',
        (event as { status?: number }).status === 403 ? refusedCompany() : new Error('Empresa não encontrada.'),
      ),
    'xstate.error.actor.signIn': () => h.pending.reject('signIn', (event as unknown as { error: unknown }).error),
    'xstate.done.actor.signIn': () => h.pending.resolve('signIn', (event as unknown as { output: unknown }).output),
    'xstate.done.actor.signOut': () => h.pending.resolve('signOut'),
    'xstate.error.actor.signOut': () => h.pending.reject('signOut'),
    'xstate.done.actor.refreshToken': () => h.pending.resolve('refreshToken', refreshed),
    'xstate.error.actor.refreshToken': () => h.pending.reject('refreshToken'),
    'xstate.done.actor.recoverToken': () => h.pending.resolve('refreshToken', refreshed),
    'xstate.error.actor.recoverToken': () => h.pending.reject('refreshToken'),
    'xstate.done.actor.refreshClaims': () => h.pending.resolve('refreshToken', refreshed),
    'xstate.error.actor.refreshClaims': () => h.pending.reject('refreshToken'),
    'xstate.done.actor.healClaims': () => h.pending.resolve('refreshToken', (event as { output?: unknown }).output),
    'xstate.error.actor.healClaims': () => h.pending.reject('refreshToken'),
    'xstate.done.actor.findOwnCompany': () => h.pending.resolve('findOwnCompany', (event as { output?: unknown }).output),
    'xstate.error.actor.findOwnCompany': () => h.pending.reject('findOwnCompany'),
  };
  if (event.type.startsWith('xstate.after.tokenRefresh')) {
    // Nothing at 49:59.999, the refresh at 50:00 (docs/rules.md).
    await vi.advanceTimersByTimeAsync(FIFTY_MINUTES - 1);
    expect(h.actor.getSnapshot().value, 'no refresh before 50 minutes').toEqual({ signedIn: 'active' });
    expect(h.pending.count('refreshToken'), 'no refresh before 50 minutes').toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    // The graph was walked at one instant (models/session.model.ts): the guards that read the clock (a reload moments
    // ago, the sign-in's wait) must judge the replay at that instant too.
    vi.setSystemTime(SESSION_NOW);
  } else if (settle[event.type]) {
    settle[event.type]();
  } else {
    h.actor.send(event as SessionEvent);
  }
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => vi.useFakeTimers({ now: SESSION_NOW }));
afterEach(() => vi.useRealTimers());

type Effects = Harness['effects'];
const counts = (effects: Effects) =>
  Object.fromEntries(
    Object.entries(effects).map(([name, value]) => [name, typeof value === 'number' ? value : value.length]),
  ) as Record<keyof Effects, number>;

/** Where the machine is at the top: `signedIn` for any of its substates. */
const topOf = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);
const BUSY = [
  'initializing',
  'signingIn',
  'loadingCompany',
  'refreshingClaims',
  'healingClaims',
  'findingCompany',
  'recovering',
  'reloading',
  'signingOut',
];
/**
 * The team: claims that list the `system-admin` role, wherever it stands among the roles (docs/security.md) — written
 * out here, not read from the domain's `isSystemAdmin`.
 */
const isTeam = (claims: Claims | null | undefined) => !!claims?.roles?.some((role) => role === 'system-admin');

/** Whether the person may open this company: the team any, anyone else one their claims name that was not refused. */
const mayOpen = (claims: Claims | null, refused: string[], companyId: string) =>
  isTeam(claims) || ([...(claims?.companies ?? []), claims?.companyId].includes(companyId) && !refused.includes(companyId));

/**
 * The company to load, in the order docs/machines.md gives, written out here rather than read from the domain's
 * `chooseCompanyId`: the stored one if the person may still open it, else the first of the `companies` claim, else
 * the `companyId` claim — never one the server refused this session.
 */
function companyToLoad(stored: string | null, claims: Claims | null, refused: string[]) {
  if (stored && mayOpen(claims, refused, stored)) return stored;
  const named = [...(claims?.companies ?? []), ...(claims?.companyId ? [claims.companyId] : [])];
  return named.find((id) => !refused.includes(id)) ?? null;
}

/**
 * What each state of the session means, checked on the real actor after every step: who is signed in, what the
 * company actor holds, whether the page is busy, which timers run, and the effects the step asked of the app.
 */
function checkMeaning(
  h: Harness,
  event: EventObject,
  before: {
    counts: Record<keyof Effects, number>;
    user: unknown;
    top: string;
    lastReloadAt: number | null;
    sessionExpired: boolean;
    refused: string[];
    claims: Claims | null;
    /** The company the company actor was asked for. */
    companyId: string | null;
  },
  at: string,
) {
  const snapshot = h.actor.getSnapshot();
  const { context } = snapshot;
  const top = topOf(snapshot.value);
  const did = (name: keyof Effects) => counts(h.effects)[name] - before.counts[name];
  const company = h.company()?.getSnapshot();

  expect(snapshot.hasTag('busy'), `${at}: busy`).toBe(BUSY.includes(top));
  // The pages' guards decide again once the session settles on what they read — a new person, claims read again,
  // the company loaded (chosen, or after new claims) — or once the provider says nobody is signed in; never while it
  // is busy, and not when the step already leaves the page (the login, a reload).
  const newPerson =
    (before.user as { uid: string } | null)?.uid !== undefined && context.user?.uid !== (before.user as { uid: string }).uid;
  const settledOn =
    (before.user === null && context.user !== null) ||
    newPerson ||
    [
      'company.loaded',
      'company.failed',
      'xstate.done.actor.refreshClaims',
      'xstate.done.actor.findOwnCompany',
      'xstate.error.actor.findOwnCompany',
    ].includes(event.type) ||
    (event.type === 'auth.changed' && (event as { auth?: unknown }).auth === null);
  const leaves = did('showLogin') + did('redirectToLogin') + did('reloadPage') > 0;
  expect(did('recheckGuards'), `${at}: the guards decide again`).toBe(
    !BUSY.includes(top) && top !== 'unloaded' && settledOn && !leaves ? 1 : 0,
  );
  if (top === 'unloaded') {
    // The page is going: the machine and every timer with it.
    expect(snapshot.status, at).toBe('done');
    expect(vi.getTimerCount(), `${at}: timers`).toBe(0);
    return;
  }
  const signedIn = [
    'loadingCompany',
    'signedIn',
    'refreshingClaims',
    'healingClaims',
    'findingCompany',
    'recovering',
    'reloading',
    'signingOut',
  ].includes(top);
  if (signedIn) {
    expect(context.user, at).not.toBeNull();
    expect(context.accessToken, at).not.toBeNull();
  } else {
    expect([context.user, context.claims, context.accessToken], at).toEqual([null, null, null]);
  }
  if (event.type === 'auth.changed' || event.type === 'xstate.done.actor.signIn') {
    const auth = (event as { auth?: AuthState | null; output?: AuthState }).auth ?? (event as { output?: AuthState }).output;
    if (auth && before.top === 'signingIn' && event.type === 'auth.changed') {
      // The listener reports the user before the sign-in answers: nothing changes until the answer.
      expect(top, at).toBe('signingIn');
      expect(context.user, at).toBeNull();
    } else if (auth) {
      // A user reported: kept in the session and in its cookies.
      expect(context.user, at).toEqual(auth.user);
      expect(h.effects.persistSession.at(-1), at).toEqual(auth);
      // The team signing in starts with no company, even one their claims name (one they open later is theirs to keep).
      const newUser = (before.user as AuthState['user'] | null)?.uid !== auth.user.uid;
      if (newUser && isTeam(auth.claims)) expect(company?.value, `${at}: the team has no company`).toBe('idle');
    }
  }
  const reloadedMomentsAgo = before.lastReloadAt !== null && Date.now() - before.lastReloadAt < TEN_SECONDS;
  /** A 401 met again on the page a recovery's reload just opened: the fresh token did not help. */
  const unrecoverable =
    event.type === 'api.unauthorized' &&
    reloadedMomentsAgo &&
    ['loadingCompany', 'signedIn', 'refreshingClaims', 'healingClaims', 'findingCompany'].includes(before.top);
  if (
    event.type === 'api.unauthorized' &&
    !unrecoverable &&
    ['loadingCompany', 'signedIn', 'refreshingClaims', 'healingClaims', 'findingCompany', 'recovering'].includes(before.top)
  ) {
    // A 401 while signed in is recovered: a forced refresh, whatever the session was doing.
    expect(top, `${at}: recovering`).toBe('recovering');
  }
  if (unrecoverable) {
    // docs/rules.md: one refresh, one reload; the call still refused means the session is over — no second refresh (nor
    // a retry of the page: with a server that refuses every call that was a request storm), the login with `next`.
    expect(top, `${at}: the session ends, no second refresh running`).toBe('signedOut');
    expect(did('reloadPage'), `${at}: no second reload`).toBe(0);
  }
  if (
    event.type === 'company.failed' &&
    (event as { status?: number }).status === 403 &&
    before.top === 'loadingCompany' &&
    !before.refused.includes(before.companyId!)
  ) {
    // A company the server refuses, named by claims gone stale: healed before any page shows the refusal.
    expect(top, `${at}: healing`).toBe('healingClaims');
  }
  // The login page says why a session ended: it expired (a 401 that could not be recovered), or not.
  if (event.type === 'xstate.error.actor.recoverToken' || unrecoverable)
    expect(context.sessionExpired, `${at}: expired`).toBe(true);
  if (event.type === 'auth.changed' && before.user === null && context.user === null) {
    // The provider confirming nobody is there changes nothing of why the last session ended.
    expect(context.sessionExpired, at).toBe(before.sessionExpired);
  }
  if (context.user !== null || event.type.endsWith('actor.signOut')) expect(context.sessionExpired, at).toBe(false);
  if (event.type === 'company.select' && before.top === 'signedIn') {
    // The selector opens the person's companies only (the team's: any).
    const { companyId } = event as { companyId: string } & EventObject;
    const opens = mayOpen(context.claims, before.refused, companyId);
    expect(top, `${at}: ${companyId} ${opens ? 'opens' : 'is not the person’s'}`).toBe(opens ? 'loadingCompany' : 'signedIn');
  }
  switch (top) {
    case 'signedOut':
      if (before.user !== null || event.type === 'auth.changed') {
        // A session that ends leaves nothing behind: cookies, the company on screen or on its way — however it ends
        // (a sign-out that failed, a 401 that could not be recovered).
        expect(did('clearPersistedSession'), at).toBe(1);
        expect(company?.context.company ?? null, at).toBeNull();
        expect(company?.value, `${at}: no company loaded or loading`).toBe('idle');
      }
      if (event.type === 'xstate.error.actor.recoverToken' || unrecoverable) {
        // The 401 could not be recovered: the provider's session goes and the person is sent to sign in.
        expect(did('forgetStoredSession'), at).toBe(1);
        expect(did('redirectToLogin'), at).toBe(1);
        expect(h.effects.logError.at(-1), at).toBe('Session recovery failed');
      } else {
        expect(did('redirectToLogin'), at).toBe(0);
      }
      // A sign-out the person chose ends on the login page, without a page to return to; no other way out does.
      expect(did('showLogin'), `${at}: the login page`).toBe(event.type.endsWith('actor.signOut') ? 1 : 0);
      if (event.type === 'xstate.error.actor.signIn') expect(context.error, `${at}: the form says why`).toMatch(/\S/);
      if (event.type === 'session.signIn') {
        // Too early after wrong passwords: not sent, and the form says how long to wait.
        const seconds = Math.ceil((context.signInRetryAt! - Date.now()) / 1000);
        expect(context.error, at).toBe(signInWaitMessage(seconds));
      }
      break;
    case 'signingIn':
      expect(context.error, at).toBeNull();
      expect(h.pending.count('signIn'), at).toBeGreaterThan(0);
      break;
    case 'loadingCompany':
      // The company the claims allow (the one chosen before, if still allowed) is being loaded — never one the server
      // refused this session; one the server named as the person's is loaded as it said.
      expect(company?.value, at).toBe('loading');
      if (before.top !== 'loadingCompany') {
        expect(company?.context.companyId, at).toBe(
          companyToLoad(context.storedCompanyId, context.claims, context.refusedCompanyIds),
        );
        // The team (still the same person) loads a company only when they open one, or the server names one as theirs.
        if (isTeam(before.claims) && (before.user as { uid: string } | null)?.uid === context.user?.uid)
          expect(['company.select', 'xstate.done.actor.findOwnCompany'], `${at}: the team opened it`).toContain(event.type);
        expect(context.refusedCompanyIds, at).not.toContain(company?.context.companyId);
        if (event.type === 'xstate.done.actor.findOwnCompany')
          expect(company?.context.companyId, at).toBe((event as { output?: string }).output);
      }
      break;
    case 'healingClaims':
      // Refused a company its claims named: it is set aside for this session, and a fresh token is on its way.
      if (before.top !== 'healingClaims') expect(context.refusedCompanyIds, at).toEqual([...before.refused, before.companyId]);
      expect(h.pending.count('refreshToken'), at).toBeGreaterThan(0);
      break;
    case 'findingCompany':
      // The fresh token names no other company: the server is asked which one is the person's.
      expect(h.pending.count('findOwnCompany'), at).toBeGreaterThan(0);
      if (event.type === 'xstate.error.actor.healClaims') expect(h.effects.logError.at(-1), at).toBe('Claims refresh failed');
      break;
    case 'signedIn': {
      const sub = (snapshot.value as { signedIn: string }).signedIn;
      // The 50-minute refresh runs only while signed in and idle; once a refresh failed it stays stopped.
      if (sub === 'active') expect(vi.getTimerCount(), `${at}: the refresh timer`).toBe(1);
      if (sub === 'refreshStopped') {
        expect(vi.getTimerCount(), `${at}: no timer`).toBe(0);
        expect(h.effects.logError.at(-1), at).toBe('Token refresh failed');
      }
      if (sub === 'refreshingToken') expect(h.pending.count('refreshToken'), at).toBeGreaterThan(0);
      // A refresh that failed stops the timer for good: no second try in 50 minutes.
      if (event.type === 'xstate.error.actor.refreshToken') expect([sub, vi.getTimerCount()], at).toEqual(['refreshStopped', 0]);
      if (event.type === 'xstate.done.actor.refreshToken' || event.type === 'xstate.done.actor.refreshClaims') {
        expect(context.accessToken, at).toBe(refreshed.accessToken);
        expect(h.effects.persistSession.at(-1), at).toMatchObject({ accessToken: refreshed.accessToken });
      }
      if (event.type === 'xstate.done.actor.findOwnCompany') {
        // Nothing else to load: none of the person's (the guards send them where a person without a company goes),
        // or the one already refused, which stays refused on screen ("Sem acesso").
        const found = (event as { output?: string | null }).output;
        if (found === null) expect(company?.value, `${at}: no company`).toBe('idle');
        else expect(context.refusedCompanyIds, at).toContain(found);
      }
      if (event.type === 'xstate.error.actor.findOwnCompany') {
        expect(company?.value, `${at}: the refusal stays on screen`).toBe('failed');
        expect(company?.context.errorStatus, at).toBe(403);
        expect(h.effects.logError.at(-1), at).toBe('Own company lookup failed');
      }
      break;
    }
    case 'refreshingClaims':
    case 'recovering':
      expect(h.pending.count('refreshToken'), at).toBeGreaterThan(0);
      break;
    case 'reloading':
      // A fresh token, then the page reloads — never twice in a row — and remembers when so as not to loop.
      if (before.top !== 'reloading') {
        const lastReload = before.lastReloadAt;
        expect(lastReload === null || Date.now() - lastReload >= TEN_SECONDS, `${at}: a reload loop`).toBe(true);
        expect(h.effects.reloadPage.slice(before.counts.reloadPage), at).toEqual([Date.now()]);
        expect(context.accessToken, at).toBe(refreshed.accessToken);
      }
      expect(context.lastReloadAt, at).toBe(Date.now());
      break;
    case 'signingOut':
      expect(h.pending.count('signOut'), at).toBeGreaterThan(0);
      break;
    case 'initializing':
      expect(context.error, at).toBeNull();
      break;
    default:
      throw new Error(`No meaning written for the state ${JSON.stringify(snapshot.value)}`);
  }
}

describe('session machine, paths from its graph', () => {
  // The edges of the reload guard too, which the browser's model leaves out (models/session.model.ts).
  const model = { ...sessionModel, scenarios: [...sessionModel.scenarios, ...SESSION_EDGE_SCENARIOS] };
  const paths = transitionPaths(model);

  it.each(paths.map((plan) => [`${plan.scenario.name}: ${describePath(plan)}`, plan] as const))('%s', async (name, plan) => {
    const h = sessionHarness(plan.scenario.input as SessionInput);
    for (const step of plan.path.steps) {
      const before = {
        counts: counts(h.effects),
        user: h.actor.getSnapshot().context.user,
        top: topOf(h.actor.getSnapshot().value),
        lastReloadAt: h.actor.getSnapshot().context.lastReloadAt,
        sessionExpired: h.actor.getSnapshot().context.sessionExpired,
        refused: h.actor.getSnapshot().context.refusedCompanyIds,
        claims: h.actor.getSnapshot().context.claims,
        companyId: h.company()?.getSnapshot().context.companyId ?? null,
      };
      await replay(h, step.event);
      expect(h.actor.getSnapshot().value, name).toEqual(step.state.value);
      checkMeaning(h, step.event, before, `${name} (after ${step.event.type})`);
    }
  });

  it('passes through every state node of the machine', () => {
    expect(unreachedNodes(model, paths)).toEqual([]);
  });
});
