import type { DoneActorEvent } from 'xstate';
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { Claims } from '@domain';
import {
  RELOAD_GUARD_MS,
  SIGN_IN_BACKOFF,
  chooseCompanyId,
  isSystemAdmin,
  signInFailureKind,
  signInWaitMessage,
  signInWaitSeconds,
  tokenRefreshDelay,
} from '@domain';
import { companyMachine } from './company.machine';
import type { CompanyParentEvent } from './company.machine';
import { errorCode, errorMessage } from './errors';
import { guaranteed } from './guaranteed';

/** The user fields kept after sign-in (docs/rules.md). */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  phoneNumber: string | null;
  photoUrl: string | null;
  createdAt: string | null;
}

/** What the identity provider reports for a signed-in user. */
export interface AuthState {
  user: SessionUser;
  claims: Claims;
  accessToken: string;
}

/** A fresh ID token and the claims it carries. */
export interface RefreshedToken {
  accessToken: string;
  claims: Claims;
}

export interface SessionInput {
  /** The company selected in an earlier visit (session cookie). */
  storedCompanyId: string | null;
  /** When a 401 last reloaded the page (kept across the reload by the app). */
  lastReloadAt: number | null;
}

export interface SessionContext extends SessionInput {
  user: SessionUser | null;
  claims: Claims | null;
  accessToken: string | null;
  /** Why the last sign-in failed, in pt-BR. */
  error: string | null;
  /** Wrong passwords in a row since the last successful sign-in (the back-off of `domain/signIn.ts`). */
  signInFailures: number;
  /** Until when (epoch ms) a new sign-in attempt waits; null when it need not. */
  signInRetryAt: number | null;
  /** The last session ended because it expired (a 401 that could not be recovered, a stored session without a token). */
  sessionExpired: boolean;
  /**
   * Companies the server refused this person in this session (403): claims that went stale (a company removed, a
   * database restored) name them, and they are never chosen again until another sign-in.
   */
  refusedCompanyIds: string[];
  /** The company the session last asked the company actor to load. */
  requestedCompanyId: string | null;
}

export type SessionEvent =
  /** `expired`: nobody, because the stored session could not give a token any more. */
  | { type: 'auth.changed'; auth: AuthState | null; expired?: boolean }
  | { type: 'session.signIn'; email: string; password: string }
  | { type: 'session.signOut' }
  | { type: 'company.select'; companyId: string }
  | { type: 'api.unauthorized' }
  | { type: 'page.unload' }
  /** The server changed the user's claims (a new company): take a fresh token and load again. */
  | { type: 'session.refresh' }
  | CompanyParentEvent;

/** The events that report a user: the listener's `auth.changed`, or the answer of a sign-in. */
type AuthReport = Extract<SessionEvent, { type: 'auth.changed' }> | DoneActorEvent<AuthState>;

/** The user an event reports, null for nobody. */
const authOf = (event: AuthReport): AuthState | null => (event.type === 'auth.changed' ? event.auth : event.output);

/** The params of the guards on a reported user, read from the transition's own event. */
const reported = ({ event }: { event: AuthReport }) => ({ auth: authOf(event) });

const signedOutContext = { user: null, claims: null, accessToken: null } as const;

/** The claims without the companies the server refused: what the session may still choose from. */
function withoutRefused(claims: Claims | null | undefined, refused: readonly string[]): Claims | null | undefined {
  if (!claims || !refused.length) return claims;
  const companies = claims.companies?.filter((id) => !refused.includes(id));
  const companyId = claims.companyId && !refused.includes(claims.companyId) ? claims.companyId : undefined;
  return { ...claims, companies, companyId };
}

/** The companies refused to the user an event reports: kept for the same person, forgotten for another. */
const refusedFor = (context: SessionContext, auth: AuthState | null) =>
  context.user && auth?.user.uid === context.user.uid ? context.refusedCompanyIds : [];

/** The provider's error code of a failed sign-in (the app's errors carry it, or their cause does). */
function providerCode(error: unknown): string | undefined {
  const code = errorCode(error);
  if (typeof code === 'string') return code;
  const causeCode = errorCode(typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined);
  return typeof causeCode === 'string' ? causeCode : undefined;
}

/**
 * docs/machines.md "Authentication" and docs/rules.md "Errors" (401 handling): who is signed in, which company is loaded, the 50-minute forced
 * token refresh and recovery from a 401 of the main API. Every effect is a named actor or action the app provides.
 */
const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** Reports every change of the signed-in user as `auth.changed`. */
    authListener: fromCallback<SessionEvent>(() => () => {}),
    /** Signs in and answers the signed-in user (the listener may stay silent when the same user signs in again). */
    signIn: fromPromise<AuthState, { email: string; password: string }>(async () => {
      throw new Error('signIn must be provided');
    }),
    signOut: fromPromise<void>(async () => {}),
    /** Forces a new ID token (getIdToken(true)). */
    refreshToken: fromPromise<RefreshedToken>(async () => {
      throw new Error('refreshToken must be provided');
    }),
    /** The person's company as the server knows it (`GET /api/companies/me`), or null when they have none. */
    findOwnCompany: fromPromise<string | null>(async () => {
      throw new Error('findOwnCompany must be provided');
    }),
    company: companyMachine,
  },
  actions: {
    storeAuth: assign(({ context }, auth: AuthState) => ({
      refusedCompanyIds: refusedFor(context, auth),
      user: auth.user,
      claims: auth.claims,
      accessToken: auth.accessToken,
      error: null,
      signInFailures: 0,
      signInRetryAt: null,
      sessionExpired: false,
    })),
    /** A wrong password counts towards the back-off; Firebase's own throttling imposes its wait; other errors do not count. */
    countSignInFailure: assign(({ context }, params: { error: unknown }) => {
      const kind = signInFailureKind(providerCode(params.error));
      if (kind === 'other') return {};
      const signInFailures = context.signInFailures + 1;
      const seconds = Math.max(
        signInWaitSeconds(signInFailures),
        kind === 'throttled' ? SIGN_IN_BACKOFF.throttledWaitSeconds : 0,
      );
      return {
        signInFailures,
        signInRetryAt: seconds ? Date.now() + seconds * 1000 : null,
        ...(seconds ? { error: signInWaitMessage(seconds) } : {}),
      };
    }),
    /** An attempt during the wait is not sent: the form says how long is left. */
    refuseEarlySignIn: assign(({ context }) => ({
      error: signInWaitMessage(Math.ceil(((context.signInRetryAt ?? Date.now()) - Date.now()) / 1000)),
    })),
    storeToken: assign((_, token: RefreshedToken) => ({ accessToken: token.accessToken, claims: token.claims })),
    storeSignInError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    clearSession: assign({ ...signedOutContext, storedCompanyId: null, refusedCompanyIds: [], requestedCompanyId: null }),
    /** Why the session ended, for the login page: it expired, or not (a chosen sign-out, a sign-out elsewhere). */
    noteExpiry: assign((_, params: { expired: boolean }) => ({ sessionExpired: params.expired })),
    clearCompany: sendTo('company', { type: 'company.clear' }),
    /** The company to load: the stored one if still allowed, else the claims' first — never one the server refused. */
    chooseCompany: assign(({ context }) => ({
      requestedCompanyId: chooseCompanyId(context.storedCompanyId, withoutRefused(context.claims, context.refusedCompanyIds)),
    })),
    // Every transition to loadingCompany checked that chooseCompany finds a company: the guards compute the same choice.
    loadCompany: sendTo('company', ({ context }) => ({
      type: 'company.load',
      companyId: guaranteed(context.requestedCompanyId, 'The company chosen'),
    })),
    selectCompany: assign((_, params: { companyId: string }) => ({ storedCompanyId: params.companyId })),
    /** The server refused the company asked for (403): the claims were stale; it is not chosen again. */
    refuseCompany: assign(({ context }) => ({
      // companyRefused checked that a company was asked for.
      refusedCompanyIds: [...context.refusedCompanyIds, guaranteed(context.requestedCompanyId, 'The company refused')],
    })),
    /**
     * The company the server says is the person's (`/companies/me`): chosen, and known to the claims the guards read
     * until the next token carries it.
     */
    adoptCompany: assign(({ context }, params: { companyId: string }) => ({
      storedCompanyId: params.companyId,
      claims: {
        ...context.claims,
        companies: [params.companyId, ...(context.claims?.companies ?? []).filter((id) => id !== params.companyId)],
        companyId: params.companyId,
      },
    })),
    markReload: assign(() => ({ lastReloadAt: Date.now() })),
    // Effects the app provides: session cookies, navigation, page reload, logging.
    persistSession: (_, _params: { user: SessionUser | null; claims: Claims | null; accessToken: string | null }) => {},
    clearPersistedSession: () => {},
    reloadPage: (_, _params: { at: number }) => {},
    redirectToLogin: () => {},
    /** A sign-out the person chose: the login page, without a page to return to. */
    showLogin: () => {},
    /**
     * What the pages' guards read changed — another person, claims read again, the company (re)loaded, nobody signed
     * in any more: they decide again where the person may be (a page they may no longer see sends them on).
     */
    recheckGuards: () => {},
    /** Drops the identity provider's stored session, which can no longer be refreshed. */
    forgetStoredSession: () => {},
    logError: (_, _params: { message: string; error: unknown }) => {},
  },
  guards: {
    // The user reported (`reported`), the fresh claims, the company found: params read from each transition's own event.
    isSignOut: (_, params: { auth: AuthState | null }) => params.auth === null,
    reportsUser: (_, params: { auth: AuthState | null }) => params.auth !== null,
    isKnownUser: ({ context }, params: { auth: AuthState | null }) =>
      context.user !== null && params.auth?.user.uid === context.user.uid,
    isSystemAdmin: (_, params: { auth: AuthState | null }) => isSystemAdmin(params.auth?.claims),
    hasCompanyToLoad: ({ context }, params: { auth: AuthState | null }) =>
      chooseCompanyId(context.storedCompanyId, withoutRefused(params.auth?.claims, refusedFor(context, params.auth))) !== null,
    refreshedWithCompany: ({ context }, params: { claims: Claims }) =>
      !isSystemAdmin(context.claims) &&
      chooseCompanyId(context.storedCompanyId, withoutRefused(params.claims, context.refusedCompanyIds)) !== null,
    mayAccessCompany: ({ context, event }) =>
      event.type === 'company.select' &&
      chooseCompanyId(event.companyId, withoutRefused(context.claims, context.refusedCompanyIds)) === event.companyId,
    /** The server refused the company the claims named (403), the first time for it: the claims may be stale. */
    companyRefused: ({ context, event }) =>
      event.type === 'company.failed' &&
      event.status === 403 &&
      context.requestedCompanyId !== null &&
      !context.refusedCompanyIds.includes(context.requestedCompanyId),
    /** The server named a company of the person's that it has not refused. */
    foundOwnCompany: ({ context }, params: { companyId: string | null }) =>
      typeof params.companyId === 'string' && !context.refusedCompanyIds.includes(params.companyId),
    /** The page was reloaded moments ago by a 401's recovery (docs/rules.md's 10-second guard): that recovery did not help. */
    reloadedMomentsAgo: ({ context }) => context.lastReloadAt !== null && Date.now() - context.lastReloadAt < RELOAD_GUARD_MS,
    signInAllowed: ({ context }) => context.signInRetryAt === null || Date.now() >= context.signInRetryAt,
  },
  delays: {
    tokenRefresh: ({ context }) => tokenRefreshDelay(context.claims, Date.now()),
  },
});

/** The user reported, where the transition's guards established there is one (isSignOut is always tried first). */
const authParams = ({ event }: { event: AuthReport }) => guaranteed(authOf(event), 'The user reported');
/** Keeps the reported user, claims and token (context and session cookies). */
const rememberAuth = [
  { type: 'storeAuth', params: authParams },
  { type: 'persistSession', params: authParams },
] as const;

type RefreshDone = { context: SessionContext; event: { output: RefreshedToken } };
/** Keeps a refreshed token and its claims (context and session cookies). */
const keepRefreshedToken = [
  { type: 'storeToken', params: ({ event }: RefreshDone) => event.output },
  {
    type: 'persistSession',
    params: ({ context, event }: RefreshDone) => ({
      user: context.user,
      claims: event.output.claims,
      accessToken: event.output.accessToken,
    }),
  },
] as const;

/** A session that cannot be recovered ends: nothing of it is kept, and the login page says it expired (with `next`). */
const expireSession = [
  'clearSession',
  'clearCompany',
  'clearPersistedSession',
  { type: 'noteExpiry', params: { expired: true } },
  'forgetStoredSession',
  'redirectToLogin',
] as const;

/**
 * A 401 of the main API (docs/rules.md): a forced refresh, then a reload. Met again on the page that reload opened, the
 * server refuses even a fresh token (an account disabled or revoked): the session ends — another refresh or a retry
 * would only ask again, and again (docs/machines.md).
 */
const onUnauthorized = [
  {
    guard: 'reloadedMomentsAgo',
    target: '#session.signedOut',
    actions: [
      {
        type: 'logError',
        params: { message: 'Session recovery failed', error: new Error('401 again after the recovery reloaded the page') },
      },
      ...expireSession,
    ],
  },
  { target: '#session.recovering' },
] as const;

/** A user is signed in: system admins skip company loading; others load the chosen company, if any (docs/machines.md). */
const whenSignedIn = [
  {
    guard: { type: 'isSystemAdmin', params: reported },
    target: '#session.signedIn',
    actions: [...rememberAuth, 'clearCompany', 'recheckGuards'],
  },
  // The guards decide again once the company has loaded.
  { guard: { type: 'hasCompanyToLoad', params: reported }, target: '#session.loadingCompany', actions: rememberAuth },
  { target: '#session.signedIn', actions: [...rememberAuth, 'clearCompany', 'recheckGuards'] },
] as const;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  initial: 'initializing',
  context: ({ input }) => ({
    ...input,
    ...signedOutContext,
    error: null,
    signInFailures: 0,
    signInRetryAt: null,
    sessionExpired: false,
    refusedCompanyIds: [],
    requestedCompanyId: null,
  }),
  invoke: [
    { id: 'authListener', src: 'authListener' },
    { id: 'company', systemId: 'company', src: 'company' },
  ],
  on: {
    'auth.changed': [
      {
        guard: { type: 'isSignOut', params: reported },
        target: '.signedOut',
        actions: [
          'clearSession',
          'clearCompany',
          'clearPersistedSession',
          {
            type: 'noteExpiry',
            // The provider's own report after an expiry (it drops the stored session) does not undo it.
            params: ({ context, event }) => ({
              expired: context.sessionExpired || (event.type === 'auth.changed' && event.expired === true),
            }),
          },
          'recheckGuards',
        ],
      },
      // The same user again (a sign-in already reported it): keep the state, take the fresh token.
      { guard: { type: 'isKnownUser', params: reported }, actions: rememberAuth },
      ...whenSignedIn,
    ],
    'page.unload': '.unloaded',
  },
  states: {
    /** Waiting for the identity provider's first answer. */
    initializing: { tags: 'busy' },
    signedOut: {
      on: {
        'session.signIn': [{ guard: 'signInAllowed', target: 'signingIn' }, { actions: 'refuseEarlySignIn' }],
      },
    },
    signingIn: {
      tags: 'busy',
      entry: assign({ error: null, signInRetryAt: null }),
      on: {
        // In a browser the listener reports the new user before the sign-in itself answers: the answer decides, once.
        'auth.changed': { guard: { type: 'reportsUser', params: reported } },
      },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) =>
          event.type === 'session.signIn' ? { email: event.email, password: event.password } : { email: '', password: '' },
        onDone: whenSignedIn,
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'storeSignInError', params: ({ event }) => ({ error: event.error }) },
            { type: 'countSignInFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadingCompany: {
      tags: 'busy',
      entry: ['chooseCompany', 'loadCompany'],
      on: {
        'company.loaded': { target: 'signedIn', actions: 'recheckGuards' },
        'company.failed': [
          // Refused (403): the claims named a company the person no longer has. Heal before showing anything.
          { guard: 'companyRefused', target: 'healingClaims', actions: 'refuseCompany' },
          // The company actor keeps the error; the pages that need a company show it.
          { target: 'signedIn', actions: 'recheckGuards' },
        ],
        'api.unauthorized': onUnauthorized,
        'session.signOut': 'signingOut',
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        'session.signOut': 'signingOut',
        'company.select': {
          guard: 'mayAccessCompany',
          target: 'loadingCompany',
          actions: { type: 'selectCompany', params: ({ event }) => ({ companyId: event.companyId }) },
        },
        'api.unauthorized': onUnauthorized,
        'session.refresh': 'refreshingClaims',
      },
      states: {
        active: {
          after: { tokenRefresh: 'refreshingToken' },
        },
        refreshingToken: {
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            onDone: {
              target: 'active',
              actions: [
                { type: 'storeToken', params: ({ event }) => event.output },
                {
                  type: 'persistSession',
                  params: ({ context, event }) => ({
                    user: context.user,
                    claims: event.output.claims,
                    accessToken: event.output.accessToken,
                  }),
                },
              ],
            },
            onError: {
              target: 'refreshStopped',
              actions: { type: 'logError', params: ({ event }) => ({ message: 'Token refresh failed', error: event.error }) },
            },
          },
        },
        /** The refresh failed: the timer stays stopped until the next sign-in. */
        refreshStopped: {},
      },
    },
    /** New claims from the server: a forced refresh carries them, then the (new) company loads. */
    refreshingClaims: {
      tags: 'busy',
      invoke: {
        id: 'refreshClaims',
        src: 'refreshToken',
        onDone: [
          {
            guard: { type: 'refreshedWithCompany', params: ({ event }) => ({ claims: event.output.claims }) },
            target: 'loadingCompany',
            actions: keepRefreshedToken,
          },
          {
            target: 'signedIn',
            actions: [...keepRefreshedToken, 'recheckGuards'],
          },
        ],
        onError: {
          target: 'signedIn',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'Claims refresh failed', error: event.error }) },
        },
      },
      on: { 'api.unauthorized': onUnauthorized },
    },
    /**
     * The server refused the company the claims named: claims gone stale (the server mirrors the database's into the
     * account as it refuses). A fresh token carries them; a company the person really has is loaded — or, when the
     * token still names none, the one the server says is theirs.
     */
    healingClaims: {
      tags: 'busy',
      invoke: {
        id: 'healClaims',
        src: 'refreshToken',
        onDone: [
          {
            guard: { type: 'refreshedWithCompany', params: ({ event }) => ({ claims: event.output.claims }) },
            target: 'loadingCompany',
            actions: keepRefreshedToken,
          },
          { target: 'findingCompany', actions: keepRefreshedToken },
        ],
        onError: {
          target: 'findingCompany',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'Claims refresh failed', error: event.error }) },
        },
      },
      on: { 'api.unauthorized': onUnauthorized, 'session.signOut': 'signingOut' },
    },
    /** Asks the server which company is the person's; none: the guards send them where a person without one goes. */
    findingCompany: {
      tags: 'busy',
      invoke: {
        id: 'findOwnCompany',
        src: 'findOwnCompany',
        onDone: [
          {
            guard: { type: 'foundOwnCompany', params: ({ event }) => ({ companyId: event.output }) },
            target: 'loadingCompany',
            // foundOwnCompany checked that the server named one.
            actions: {
              type: 'adoptCompany',
              params: ({ event }) => ({ companyId: guaranteed(event.output, 'The company found') }),
            },
          },
          { target: 'signedIn', actions: ['clearCompany', 'recheckGuards'] },
        ],
        // The refused company stays on the company actor: the pages show "Sem acesso", never a server error.
        onError: {
          target: 'signedIn',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'Own company lookup failed', error: event.error }) },
            'recheckGuards',
          ],
        },
      },
      on: { 'api.unauthorized': onUnauthorized, 'session.signOut': 'signingOut' },
    },
    /** A 401 from the main API: force a refresh, then reload (once); further 401s are swallowed meanwhile. */
    recovering: {
      tags: 'busy',
      on: {
        'api.unauthorized': {},
        // The provider drops an expired session before the refresh fails: the failure decides (the login, with `next`).
        'auth.changed': { guard: { type: 'isSignOut', params: reported } },
      },
      invoke: {
        id: 'recoverToken',
        src: 'refreshToken',
        onDone: {
          target: 'reloading',
          actions: { type: 'storeToken', params: ({ event }) => event.output },
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'Session recovery failed', error: event.error }) },
            ...expireSession,
          ],
        },
      },
    },
    /** The page is reloading with a fresh token. */
    reloading: {
      tags: 'busy',
      // markReload, just before, notes the time: the reload's params see the context it assigned.
      entry: [
        'markReload',
        { type: 'reloadPage', params: ({ context }) => ({ at: guaranteed(context.lastReloadAt, 'The reload time') }) },
      ],
    },
    signingOut: {
      tags: 'busy',
      // In a browser the listener reports nobody before the sign-out itself answers: the answer decides, once.
      on: { 'auth.changed': { guard: { type: 'isSignOut', params: reported } } },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'clearCompany',
            'clearPersistedSession',
            { type: 'noteExpiry', params: { expired: false } },
            'showLogin',
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'Sign-out failed', error: event.error }) },
            'clearSession',
            'clearCompany',
            'clearPersistedSession',
            'showLogin',
          ],
        },
      },
    },
    /** Page unload: every timer stops with the machine. */
    unloaded: { type: 'final' },
  },
});

type SessionSnapshot = { context: SessionContext };

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
export const selectClaims = (snapshot: SessionSnapshot) => snapshot.context.claims;
export const selectIsSystemAdmin = (snapshot: SessionSnapshot) => isSystemAdmin(snapshot.context.claims);
