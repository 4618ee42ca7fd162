import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject } from 'xstate';
import { createEmptyActor } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { guardName } from '@machines/inspection';

/**
 * Transitions as the model tests count them: every candidate of every state node — each guarded branch of an event,
 * each eventless (`always`) branch, each delayed (`after`) and invoke (`onDone` / `onError`) transition — named
 * `<state node id> · <event> #<branch>`. The name does not depend on the machine object, so a machine and its
 * `.provide()`d copy name their transitions alike.
 */
export interface TransitionInfo {
  key: string;
  source: string;
  event: string;
  branch: number;
  targets: string[];
  guard: string | null;
}

const ALWAYS = '(always)';

function candidatesOf(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const source = transition.source;
  if (source.always?.includes(transition)) return source.always;
  return source.transitions.get(transition.eventType) ?? [transition];
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  const candidates = candidatesOf(transition);
  const event = transition.source.always?.includes(transition) ? ALWAYS : transition.eventType;
  const branch = candidates.findIndex((candidate) => candidate === transition || sameTransition(candidate, transition));
  return `${transition.source.id} · ${event} #${branch}`;
}

// A transition re-created by the machine (some resolutions copy it) is the same transition if it has the same parts.
function sameTransition(a: AnyTransitionDefinition, b: AnyTransitionDefinition): boolean {
  return (
    a.eventType === b.eventType &&
    a.guard === b.guard &&
    (a.target ?? []).map((t) => t.id).join() === (b.target ?? []).map((t) => t.id).join()
  );
}

/** Every transition of a machine. */
export function allTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const found: TransitionInfo[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const groups: [string, readonly AnyTransitionDefinition[]][] = [
      ...node.transitions.entries(),
      ...(node.always?.length ? [[ALWAYS, node.always] as [string, readonly AnyTransitionDefinition[]]] : []),
    ];
    for (const [event, candidates] of groups) {
      candidates.forEach((transition, branch) =>
        found.push({
          key: `${node.id} · ${event} #${branch}`,
          source: node.id,
          event,
          branch,
          targets: (transition.target ?? []).map((target) => target.id),
          guard: guardName(transition.guard),
        }),
      );
    }
  }
  return [...new Map(found.map((info) => [info.key, info])).values()];
}

/**
 * A pure way to step a machine (as `xstate/graph` does) that also tells which transitions each step took, read from
 * XState's own `@xstate.microstep` inspection events. Invoked actors are created but never started.
 */
export function transitionRecorder(machine: AnyStateMachine) {
  const taken: AnyTransitionDefinition[] = [];
  const empty = createEmptyActor();
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: {
      ...empty.system,
      _sendInspectionEvent: (event: { type: string; _transitions?: AnyTransitionDefinition[] }) => {
        if (event.type === '@xstate.microstep') taken.push(...(event._transitions ?? []));
      },
    },
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  return {
    start: (input: unknown): AnyMachineSnapshot => machine.getInitialSnapshot(scope, input),
    step: (snapshot: AnyMachineSnapshot, event: EventObject): AnyMachineSnapshot => machine.transition(snapshot, event, scope),
    /** The keys of the transitions taken since the last call. */
    drain: (): string[] => taken.splice(0).map(transitionKey),
  };
}
