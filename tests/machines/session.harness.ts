import { createActor, fromCallback, fromPromise } from 'xstate';
import type { LoadedCompany } from '@machines/company.machine';
import { companyMachine } from '@machines/company.machine';
import type { AuthState, RefreshedToken, SessionEvent, SessionInput } from '@machines/session.machine';
import { sessionMachine } from '@machines/session.machine';
import { PendingCalls } from '../support/deferred';

/** A customer of two companies; the `companyId` claim names the second, so the order of choice shows (docs/machines.md). */
export const customer: AuthState = {
  user: { uid: 'u1', email: 'cliente@demo.test', displayName: 'Cliente', phoneNumber: null, photoUrl: null, createdAt: null },
  claims: { roles: ['company-admin'], companies: ['c1', 'c2'], companyId: 'c2' },
  accessToken: 'token-1',
};
export const newcomer: AuthState = {
  user: { ...customer.user, uid: 'u2', email: 'novo@demo.test' },
  claims: { roles: ['company-admin'] },
  accessToken: 'token-2',
};
/**
 * Someone of the team who is also a customer: `system-admin` is not the first role, and a `companies` claim names a
 * company of their own. The team still starts with no company (docs/machines.md).
 */
export const admin: AuthState = {
  user: { ...customer.user, uid: 'u3', email: 'admin@demo.test' },
  claims: { roles: ['company-admin', 'system-admin'], companies: ['c7'] },
  accessToken: 'token-3',
};
export const refreshed: RefreshedToken = { accessToken: 'token-refreshed', claims: customer.claims };
/** A fresh token whose claims still name only the company the server refused (its mirror not there yet). */
export const stillStale: RefreshedToken = {
  accessToken: 'token-still-stale',
  claims: { roles: ['company-admin'], companies: ['c1'], companyId: 'c1' },
};
/** The server's refusal of a company the claims named. */
export const refusedCompany = () => Object.assign(new Error('Você não tem acesso a esta empresa.'), { status: 403 });

export const loadedCompany = (id: string): LoadedCompany => ({
  company: {
    id,
    name: 'Empresa',
    alias: null,
    cnpj: null,
    status: 'active',
    size: 'ME',
    type: 'limited_liability',
    address: null,
    currentSubscription: { id: 's', planId: 'p', status: 'active' },
    trackId: 'create-company',
    previousStatus: null,
    mainActivity: null,
    secondaryActivities: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  track: { trackId: 'create-company', status: 'done', steps: [] },
});

/** The session machine with every effect replaced by a recorder or a promise the test settles. */
export function sessionHarness(input: Partial<SessionInput> = {}) {
  const pending = new PendingCalls();
  const effects = {
    persistSession: [] as unknown[],
    clearPersistedSession: 0,
    persistSelection: [] as unknown[],
    reloadPage: [] as number[],
    redirectToLogin: 0,
    showLogin: 0,
    recheckGuards: 0,
    forgetStoredSession: 0,
    logError: [] as string[],
  };
  let listener: ((event: SessionEvent) => void) | undefined;
  const machine = sessionMachine.provide({
    actors: {
      authListener: fromCallback<SessionEvent>(({ sendBack }) => {
        listener = sendBack;
        return () => (listener = undefined);
      }),
      signIn: fromPromise(({ input }) => pending.next<AuthState>('signIn', input)),
      signOut: fromPromise(() => pending.next<void>('signOut')),
      refreshToken: fromPromise(() => pending.next<RefreshedToken>('refreshToken')),
      findOwnCompany: fromPromise(() => pending.next<string | null>('findOwnCompany')),
      company: companyMachine.provide({
        actors: { fetchCompany: fromPromise(({ input }) => pending.next<LoadedCompany>('fetchCompany', input)) },
        actions: { persistSelection: (_, params) => void effects.persistSelection.push(params) },
      }),
    },
    actions: {
      persistSession: (_, params) => void effects.persistSession.push(params),
      clearPersistedSession: () => void effects.clearPersistedSession++,
      reloadPage: (_, params) => void effects.reloadPage.push(params.at),
      redirectToLogin: () => void effects.redirectToLogin++,
      showLogin: () => void effects.showLogin++,
      recheckGuards: () => void effects.recheckGuards++,
      forgetStoredSession: () => void effects.forgetStoredSession++,
      logError: (_, params) => void effects.logError.push(params.message),
    },
  });
  const actor = createActor(machine, { input: { storedCompanyId: null, lastReloadAt: null, ...input } });
  actor.start();
  const company = () => actor.system.get('company');
  return {
    actor,
    pending,
    effects,
    company,
    /** Reports a user change the way the identity provider does. */
    auth: (state: AuthState | null) => listener?.({ type: 'auth.changed', auth: state }),
    machine,
  };
}

/** Lets settled promises reach the actors. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
