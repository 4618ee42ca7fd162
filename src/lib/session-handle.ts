import type { QueryClient } from '@tanstack/react-query';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { SessionActor, SessionRouter } from './session';

/** How routes reach the session: started on the first app page, never on public pages. */
export interface SessionHandle {
  /** Starts the session on first use and resolves once it has settled (user known, company loaded). */
  ready(): Promise<SessionActor>;
}

let actor: SessionActor | null = null;
type Inspect = ActorOptions<AnyActorLogic>['inspect'];
let inspect: Inspect;

async function devInspector(): Promise<Inspect> {
  // Dev only: `?inspect` in the URL opens the Stately inspector; the production bundle never contains it.
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
  return inspect;
}

/** The inspector the session was started with (`?inspect` in dev), for the app's other actors (the wizards). */
export function devInspect(): Inspect {
  return inspect;
}

export function createSessionHandle(queryClient: QueryClient, router: SessionRouter): SessionHandle {
  let starting: Promise<SessionActor> | null = null;
  return {
    async ready() {
      starting ??= Promise.all([import('./session'), devInspector()]).then(([session, inspect]) => {
        actor = session.createSessionActor(queryClient, router, inspect);
        actor.start();
        return actor;
      });
      const started = await starting;
      const { sessionSettled } = await import('./session');
      await sessionSettled(started);
      return started;
    },
  };
}

/** The running session actor, for components of app pages (their guards started it). */
export function useSessionActor(): SessionActor {
  if (!actor) throw new Error('The session has not started: app pages start it in their beforeLoad');
  return actor;
}
