import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import { appConfig } from '../config';
import { guardName } from '@machines/inspection';

type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/** One transition a machine of the page took: which machine, from which state node, on which event, to where. */
export interface LoggedTransition {
  machine: string;
  source: string;
  event: string;
  targets: string[];
  guard: string | null;
}

const KEY = 'contabil.machineLog';
const MAX_ENTRIES = 5000;

/**
 * Outside production, when a browser test asks for it (localStorage `contabil.test.machineLog`), every transition the
 * app's machines take is kept in sessionStorage (across the reloads a 401 asks for), so the test knows which
 * transitions a real person's actions took. Built on XState's `inspect` hook; nothing leaves the page.
 */
export function machineLog(): Inspect | undefined {
  if (appConfig.environment === 'production' || !localStorage.getItem('contabil.test.machineLog')) return undefined;
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const transitions = (event as InspectionEvent & { _transitions?: TransitionLike[] })._transitions ?? [];
    if (transitions.length === 0) return;
    const machine = (event.actorRef as { logic?: { id?: string } }).logic?.id ?? '';
    const entries = transitions.map((transition): LoggedTransition => ({
      machine,
      source: transition.source.id,
      event: transition.eventType,
      targets: (transition.target ?? []).map((target) => target.id),
      guard: guardName(transition.guard),
    }));
    try {
      const log = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as LoggedTransition[];
      sessionStorage.setItem(KEY, JSON.stringify([...log, ...entries].slice(-MAX_ENTRIES)));
    } catch {
      // A full or unavailable storage only loses the log, never the page.
    }
  };
}

interface TransitionLike {
  source: { id: string };
  eventType: string;
  target?: { id: string }[];
  guard?: unknown;
}

/** Several inspectors as one (the log, and the Stately inspector with `?inspect` in dev). */
export function inspectAll(...inspectors: (Inspect | undefined)[]): Inspect | undefined {
  const present = inspectors.filter((inspect): inspect is Inspect => inspect !== undefined);
  if (present.length === 0) return undefined;
  return (event) => present.forEach((inspect) => (typeof inspect === 'function' ? inspect(event) : inspect.next?.(event)));
}
