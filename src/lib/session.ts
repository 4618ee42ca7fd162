import type { QueryClient } from '@tanstack/react-query';
import type { Actor, ActorOptions, AnyActorLogic } from 'xstate';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { LoadedCompany } from '@machines/company.machine';
import { companyMachine } from '@machines/company.machine';
import type { SessionEvent } from '@machines/session.machine';
import { sessionMachine } from '@machines/session.machine';
import { connectAuth } from './api/clients';
import { fetchCompanyAndTrack, fetchOwnCompanyId } from './api/companies';
import { sessionCookies } from './cookies';
import { inspectAll, machineLog } from './machine-log';
import { takeHeadStart } from './head-start';
import { forgetStoredAuth, readStoredAuth } from './stored-session';
import { testTokenRefreshMs } from './test-overrides';

export type SessionActor = Actor<typeof sessionMachine>;

/** What the session asks of the app's router: go to a page, or run the pages' guards again (who may be where changed). */
export interface SessionRouter {
  navigate(href: string): void;
  recheckGuards(): void;
}

const LAST_RELOAD_KEY = 'session.lastReloadAt';

let firebaseModule: Promise<typeof import('./firebase')> | undefined;
const firebaseLoaded: { resolve?: () => void; promise: Promise<void> } = { promise: Promise.resolve() };
firebaseLoaded.promise = new Promise((resolve) => (firebaseLoaded.resolve = resolve));
/** Firebase (~30 KB), loaded on first need: someone signing in, up or out, a token to refresh, a change in another tab. */
function firebase() {
  firebaseModule ??= import('./firebase').then(
    (module) => {
      firebaseLoaded.resolve?.();
      return module;
    },
    (error: unknown) => {
      // Asked for again next time (back online), not failed for good.
      firebaseModule = undefined;
      throw error;
    },
  );
  return firebaseModule;
}

/** Signs out of Firebase; when Firebase cannot load, forgets the session it stored all the same, then fails. */
function signOutOfFirebase() {
  return firebase().then(
    (f) => f.signOut(),
    (error: unknown) => {
      forgetStoredAuth();
      throw error;
    },
  );
}

/** Where Firebase keeps a signed-in user in this browser (browserLocalPersistence). */
const FIREBASE_USER_KEY = /^firebase:authUser:/;
const hasStoredUser = () => Object.keys(localStorage).some((key) => FIREBASE_USER_KEY.test(key));

function readLastReload(): number | null {
  const value = Number(sessionStorage.getItem(LAST_RELOAD_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Where the login page sends the user back to (docs/features.md): the query is kept and `next` added. */
export function loginRedirectHref(location: Location): string {
  const params = new URLSearchParams(location.search);
  if (location.pathname !== '/app/login') params.set('next', location.pathname + location.search + location.hash);
  const query = params.toString();
  return `/app/login${query ? `?${query}` : ''}`;
}

/** The session actor with the browser's implementations: Firebase, the API, cookies, navigation. */
export function createSessionActor(
  queryClient: QueryClient,
  router: SessionRouter,
  inspect?: ActorOptions<AnyActorLogic>['inspect'],
): SessionActor {
  const fetchCompany = fromPromise<LoadedCompany, { companyId: string }>(({ input }) =>
    // The first load may find its answers already asked for (src/lib/head-start.ts), with the session's own token.
    fetchCompanyAndTrack(queryClient, input.companyId, takeHeadStart(input.companyId, actor.getSnapshot().context.accessToken)),
  );

  const machine = sessionMachine.provide({
    actors: {
      /**
       * Reports who is signed in, and every change. With no session stored in this browser, "nobody" is reported at
       * once and Firebase loads only when someone signs in (here, or in another tab); its own first report of nobody
       * then repeats nothing.
       */
      authListener: fromCallback<SessionEvent>(({ sendBack }) => {
        let unsubscribe: (() => void) | undefined;
        let stopped = false;
        let listening = false;
        let reportedNobody = false;
        /** The person the session started from Firebase's storage, until Firebase's own first report. */
        let restoredUid: string | null = null;
        const listen = () => {
          if (listening || stopped) return;
          listening = true;
          void firebase().then((f) => {
            if (stopped) return;
            unsubscribe = f.onAuthChange(
              (auth, expired) => {
                if (!auth && !expired && reportedNobody) return;
                // Firebase's first report of the person restored from its storage repeats what the session started
                // from; heard after the session ended meanwhile (a 401 it could not recover), it would start it again.
                const restoredFirst = restoredUid;
                restoredUid = null;
                if (auth && auth.user.uid === restoredFirst) return;
                reportedNobody = !auth;
                sendBack({ type: 'auth.changed', auth, ...(expired ? { expired } : {}) });
              },
              (error) => console.error('Auth state update failed', error),
            );
          });
        };
        // Another tab signed in, out, or took a new token: Firebase, loaded, reports what changed.
        const onStorage = (event: StorageEvent) => {
          if (event.key === null || FIREBASE_USER_KEY.test(event.key)) listen();
        };
        const restored = hasStoredUser() ? readStoredAuth() : null;
        if (restored) {
          // What Firebase would report, read from its storage: the page loads now, and Firebase only once something
          // needs it — the token's refresh, a 401's recovery, a sign-out, a change in another tab — so that its
          // reports are heard from then on. A user deleted meanwhile is then told by the server's 401.
          restoredUid = restored.user.uid;
          sendBack({ type: 'auth.changed', auth: restored });
          void firebaseLoaded.promise.then(listen);
          window.addEventListener('storage', onStorage);
        } else if (hasStoredUser()) {
          listen();
        } else {
          reportedNobody = true;
          sendBack({ type: 'auth.changed', auth: null });
          void firebaseLoaded.promise.then(listen);
          window.addEventListener('storage', onStorage);
        }
        return () => {
          stopped = true;
          unsubscribe?.();
          window.removeEventListener('storage', onStorage);
        };
      }),
      signIn: fromPromise(({ input }) => firebase().then((f) => f.signIn(input.email, input.password))),
      signOut: fromPromise(() => signOutOfFirebase()),
      refreshToken: fromPromise(() => firebase().then((f) => f.refreshToken())),
      findOwnCompany: fromPromise(() => fetchOwnCompanyId()),
      company: companyMachine.provide({
        actors: { fetchCompany },
        actions: {
          persistSelection: (_, { companyId, trackId }) => sessionCookies.writeSelection(companyId, trackId),
        },
      }),
    },
    actions: {
      persistSession: (_, { user, claims, accessToken }) => sessionCookies.writeSession(user, claims, accessToken),
      clearPersistedSession: () => {
        sessionCookies.clear();
        queryClient.clear();
      },
      reloadPage: (_, { at }) => {
        sessionStorage.setItem(LAST_RELOAD_KEY, String(at));
        window.location.reload();
      },
      forgetStoredSession: () => {
        signOutOfFirebase().catch((error) => console.error('Sign-out after a failed refresh failed', error));
      },
      logError: (_, { message, error }) => console.error(message, error),
      recheckGuards: () => router.recheckGuards(),
      showLogin: () => {
        if (window.location.pathname !== '/app/login') router.navigate('/app/login');
      },
      redirectToLogin: () => {
        if (window.location.pathname !== '/app/login') router.navigate(loginRedirectHref(window.location));
      },
    },
  });

  const refreshMs = testTokenRefreshMs();
  const actor = createActor(refreshMs ? machine.provide({ delays: { tokenRefresh: refreshMs } }) : machine, {
    input: { storedCompanyId: sessionCookies.storedCompanyId(), lastReloadAt: readLastReload() },
    inspect: inspectAll(machineLog(), inspect),
  });
  connectAuth({
    token: () => actor.getSnapshot().context.accessToken,
    unauthorized: () => actor.send({ type: 'api.unauthorized' }),
  });
  // The refresh timer must not outlive the page (docs/machines.md).
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) actor.send({ type: 'page.unload' });
  });
  return actor;
}

/** Resolves once the session knows who is signed in and has loaded their company. */
export function sessionSettled(actor: SessionActor) {
  return waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: Infinity });
}
