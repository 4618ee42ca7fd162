import type { QueryClient } from '@tanstack/react-query';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { liveInspector } from './live-inspection';
import type { SessionActor, SessionRouter } from './session';

/** How routes reach the session: started on the first app page, never on public pages. */
export interface SessionHandle {
  /** Starts the session on first use and resolves once it has settled (user known, company loaded). */
  ready(): Promise<SessionActor>;
}

let actor: SessionActor | null = null;
type Inspect = ActorOptions<AnyActorLogic>['inspect'];
let inspect: Inspect;

/**
 * The inspector of the app's actors (the session, the company it invokes, the wizards, the status control): live
 * inspection on the statechart page when it is on (src/lib/live-inspection.ts), nothing otherwise.
 */
export function appInspect(): Inspect {
  inspect ??= liveInspector();
  return inspect;
}

export function createSessionHandle(queryClient: QueryClient, router: SessionRouter): SessionHandle {
  let starting: Promise<SessionActor> | null = null;
  return {
    async ready() {
      starting ??= import('./session').then((session) => {
        actor = session.createSessionActor(queryClient, router, appInspect());
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
