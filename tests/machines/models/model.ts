import { vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { getInitialMicrosteps, getMicrosteps } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { getShortestPaths, getStateNodes } from 'xstate/graph';

/**
 * The model of a machine for model-based tests: the events the graph may take (invoked actors' answers as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, delays as `xstate.after.<delay>.<state id>`) and the starting
 * points. Each file of machines/ has one, in tests/machines/models/<name>.model.ts: its test replays the paths on a
 * real actor, and tests/machines/coverage.test.ts checks that those paths pass through every state node.
 */
export interface MachineModel {
  /** The machine as machines/ exports it. */
  machine: AnyStateMachine;
  /** The same machine with actions it cannot take alone (e.g. `sendParent`) replaced, to walk its graph. */
  walked?: AnyStateMachine;
  scenarios: Scenario[];
}

export interface Scenario {
  name: string;
  input?: unknown;
  events: EventObject[];
  /** The clock while the graph is walked, for guards that read the time. */
  now?: number;
  /** What makes two snapshots different states for the model (default: value and context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export interface ModelPath {
  scenario: Scenario;
  path: StatePath<AnyMachineSnapshot, EventObject>;
}

function atTime<T>(now: number | undefined, run: () => T): T {
  if (now === undefined) return run();
  const fake = vi.isFakeTimers();
  if (fake) vi.setSystemTime(now);
  else vi.useFakeTimers({ now });
  try {
    return run();
  } finally {
    if (!fake) vi.useRealTimers();
  }
}

/** The shortest path to every state the model can tell apart, for each scenario. */
export function modelPaths(model: MachineModel): ModelPath[] {
  return model.scenarios.flatMap((scenario) =>
    atTime(scenario.now, () =>
      getShortestPaths(model.walked ?? model.machine, {
        events: scenario.events,
        input: scenario.input,
        ...(scenario.serializeState ? { serializeState: scenario.serializeState as never } : {}),
      }),
    ).map((path) => ({ scenario, path })),
  );
}

/**
 * Every state node the paths pass through, microstep by microstep: a state left at once by an eventless transition
 * (`always`) counts, as the real actor enters it too.
 */
export function nodesPassed(model: MachineModel, paths = modelPaths(model)): Set<string> {
  const passed = new Set<string>();
  const machine = model.walked ?? model.machine;
  const note = (snapshot: AnyMachineSnapshot) => snapshot._nodes.forEach((node) => passed.add(node.id));
  for (const { scenario, path } of paths) {
    atTime(scenario.now, () => {
      const start = getInitialMicrosteps(machine, scenario.input as never);
      start.forEach(([snapshot]) => note(snapshot));
      let current = start.at(-1)![0];
      for (const step of path.steps) {
        for (const [snapshot] of getMicrosteps(machine, current, step.event)) {
          note(snapshot);
          current = snapshot;
        }
        note(step.state);
      }
    });
  }
  return passed;
}

/** The ids of the machine's state nodes (the root, nested, parallel, final and transient ones) no path reaches. */
export function unreachedNodes(model: MachineModel, paths = modelPaths(model)): string[] {
  const passed = nodesPassed(model, paths);
  return getStateNodes(model.machine.root)
    .map((node) => node.id)
    .filter((id) => !passed.has(id));
}

/** A test name for a path: the events it sends. */
export const describePath = ({ path }: ModelPath) => path.steps.map((step) => step.event.type).join(' → ') || '(initial)';
