import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { getInitialMicrosteps, getMicrosteps } from 'xstate';
import type { AdjacencyValue, StatePath } from 'xstate/graph';
import { getAdjacencyMap, getStateNodes, serializeSnapshot } from 'xstate/graph';
import { allTransitions, transitionRecorder } from './transitions';

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
  /**
   * Events only the machine's own actors send (besides XState's `xstate.*` answers and delays): they happen only while
   * their sender runs, so the model never tries them where it does not.
   */
  internalEvents?: string[];
  /**
   * The facts of context that change what a transition means (a company loaded or not, the role, a track present),
   * as the class of a snapshot: the paths take every transition in every class of context it can be taken in. A
   * machine whose context changes nothing its transitions do says why instead (`{ none: '…' }`).
   */
  context: ContextClasses | { none: string };
}

export interface ContextClasses {
  classOf: (snapshot: AnyMachineSnapshot) => string;
  /** Every class `classOf` can answer. */
  classes: string[];
  /**
   * The combinations no path can take, and why: transitions from a state node (its id: it and the nodes inside it;
   * `transition`, `<event> #<branch>`, narrows it to one) in a class of context the machine is never in there.
   */
  unreachable: { from: string; transition?: string; class: string; why: string }[];
}

/** The model's classes of context, if its context changes what a transition does. */
export const contextClassesOf = (model: MachineModel): ContextClasses | null =>
  'classOf' in model.context ? model.context : null;

export interface Scenario {
  name: string;
  input?: unknown;
  /** The events to try, or the events to try in a given state. */
  events: EventObject[] | ((snapshot: AnyMachineSnapshot) => EventObject[]);
  /** The clock while the graph is walked, for guards that read the time. */
  now?: number;
  /** What makes two snapshots different states for the model (default: value and context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export interface ModelPath {
  scenario: Scenario;
  path: StatePath<AnyMachineSnapshot, EventObject>;
}

/**
 * Runs the graph's walk at a fixed time, for guards that read the clock. Plain `Date.now` is swapped, not a test
 * runner's fake timers, so the browser tests can generate the same paths.
 */
function atTime<T>(now: number | undefined, run: () => T): T {
  if (now === undefined) return run();
  const real = Date.now;
  Date.now = () => now;
  try {
    return run();
  } finally {
    Date.now = real;
  }
}

/**
 * How many steps (a state tried with an event) one scenario's walk may take. The largest model (the session's) needs
 * under 200,000; a machine whose context grows without end (a counter that never stops, a re-send forever) has an
 * infinite graph, and the walk would hang the suite instead of failing a test.
 */
export const MAX_MODEL_STATES = 200_000;

/** Walks a scenario's graph within `MAX_MODEL_STATES`, failing with the machine's and scenario's names beyond it. */
function bounded<T>(model: MachineModel, scenario: Scenario, walk: () => T, limit = MAX_MODEL_STATES): T {
  try {
    return walk();
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new Error(
        `The model of machine "${model.machine.id}" (scenario "${scenario.name}") passed ${limit} steps: its graph ` +
          'does not end. A loop that never stops, or context that grows on every event? Bound it, or tell the model ' +
          'which snapshots are the same state (serializeState).',
        { cause: error },
      );
    }
    throw error;
  }
}

/** The shortest path to every state the model can tell apart, for each scenario (from the one walk of its graph). */
export function modelPaths(model: MachineModel, limit = MAX_MODEL_STATES): ModelPath[] {
  return candidatePaths(model, limit).shortest;
}

/**
 * Every state node the paths pass through, microstep by microstep: a state left at once by an eventless transition
 * (`always`) counts, as the real actor enters it too.
 */
export function nodesPassed(model: MachineModel, paths = modelPaths(model)): Set<string> {
  const passed = new Set<string>();
  const machine = model.walked ?? model.machine;
  const note = (snapshot: AnyMachineSnapshot) => snapshot._nodes.forEach((node) => passed.add(node.id));
  // Paths share their first steps (the same step objects): each step's microsteps are computed once.
  const stepped = new WeakSet<object>();
  const started = new Map<Scenario, AnyMachineSnapshot>();
  for (const { scenario, path } of paths) {
    atTime(scenario.now, () => {
      if (!started.has(scenario)) {
        const start = getInitialMicrosteps(machine, scenario.input as never);
        start.forEach(([snapshot]) => note(snapshot));
        started.set(scenario, start.at(-1)![0]);
      }
      let current = started.get(scenario)!;
      for (const step of path.steps) {
        if (!stepped.has(step)) {
          stepped.add(step);
          for (const [snapshot] of getMicrosteps(machine, current, step.event)) note(snapshot);
          note(step.state);
        }
        current = step.state;
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

/** The transitions a path takes, its start's eventless ones included. */
export function transitionsOf(model: MachineModel, plan: ModelPath): Set<string> {
  const known = takenOf.get(plan);
  if (known) return known;
  const { scenario, path } = plan;
  const recorder = transitionRecorder(model.walked ?? model.machine);
  return atTime(scenario.now, () => {
    let snapshot = recorder.start(scenario.input);
    for (const step of path.steps) snapshot = recorder.step(snapshot, step.event);
    const taken = new Set(recorder.drain());
    takenOf.set(plan, taken);
    return taken;
  });
}
/**
 * What each path takes, once known: the candidates' are filled in as the graph is walked (what the path to a state
 * takes, replayed once per state, and the last step's), so choosing among tens of thousands of candidates replays none.
 */
const takenOf = new WeakMap<ModelPath, Set<string>>();

/**
 * The transitions a path takes, each with the class of context it was taken in (`<transition> | <class>`, the class
 * of the snapshot the step started from); without a `context` in the model, the transitions alone.
 */
export function transitionsInContextOf(model: MachineModel, plan: ModelPath): Set<string> {
  const classOf = contextClassesOf(model)?.classOf;
  if (!classOf) return transitionsOf(model, plan);
  const known = takenInContext.get(plan);
  if (known) return known;
  const { scenario, path } = plan;
  const recorder = transitionRecorder(model.walked ?? model.machine);
  return atTime(scenario.now, () => {
    const taken = new Set<string>();
    let snapshot = recorder.start(scenario.input);
    recorder.drain().forEach((key) => taken.add(`${key} | ${classOf(snapshot)}`));
    for (const step of path.steps) {
      const from = classOf(snapshot);
      snapshot = recorder.step(snapshot, step.event);
      recorder.drain().forEach((key) => taken.add(`${key} | ${from}`));
    }
    takenInContext.set(plan, taken);
    return taken;
  });
}
const takenInContext = new WeakMap<ModelPath, Set<string>>();

/**
 * Paths that together take every transition the model's events can reach, and try every event in every state the
 * machine can be in — so a test sees both what a state does and what it refuses. For each state the graph reaches
 * and each event, the candidate is the shortest path to the state, then that event. First the fewest paths that take
 * every transition (a guarded branch, an action-only transition, a change of state; longest first, a path that takes
 * nothing new is dropped); then, for each starting point, state value and event no chosen path has tried yet, the
 * shortest path that tries it.
 */
export function transitionPaths(model: MachineModel): ModelPath[] {
  const { moving, trying } = candidatePaths(model);
  const chosen = coveringPaths(model, moving, transitionsInContextOf);
  const tried = new Set(chosen.flatMap(triedPairs));
  for (const plan of [...moving, ...trying].sort((a, b) => a.path.steps.length - b.path.steps.length)) {
    const last = triedPairs(plan).at(-1);
    if (!last || tried.has(last)) continue;
    tried.add(last);
    chosen.push(plan);
  }
  return chosen;
}

/**
 * Every candidate path: for each state the graph reaches and each event, the shortest path to the state and then
 * the event — `moving` when the event takes a transition, `trying` when the state refuses it.
 */
export function candidatePaths(model: MachineModel, limit = MAX_MODEL_STATES): Candidates {
  // Walked once per model: the coverage tests ask for the same candidates again.
  const known = candidatesOf.get(model);
  if (known) return known;
  const found = walkCandidates(model, limit);
  candidatesOf.set(model, found);
  return found;
}
const candidatesOf = new WeakMap<MachineModel, Candidates>();

/** A model's graph walked: the candidates, and the shortest path to each state (`modelPaths`). */
interface Candidates {
  moving: ModelPath[];
  trying: ModelPath[];
  shortest: ModelPath[];
}

function walkCandidates(model: MachineModel, limit: number): Candidates {
  const machine = model.walked ?? model.machine;
  const classOf = contextClassesOf(model)?.classOf;
  const moving: ModelPath[] = [];
  const trying: ModelPath[] = [];
  const shortestOfAll: ModelPath[] = [];
  for (const scenario of model.scenarios) {
    atTime(scenario.now, () => {
      const serialize = remembered((scenario.serializeState ?? serializeSnapshot) as (snapshot: AnyMachineSnapshot) => string);
      const options = {
        events: scenario.events as never,
        input: scenario.input,
        serializeState: serialize as never,
        limit,
      };
      const { logic, keysOf, startKeys } = recording(machine, scenario.input);
      const adjacency = bounded(model, scenario, () => getAdjacencyMap(logic, options), limit) as Adjacency;
      const shortest = shortestPaths(adjacency, serialize);
      // What each shortest path takes, built along the breadth-first tree: a path takes what its parent's takes and
      // its last step's transitions (in the class of context that step started from).
      const toPlan = new Map<string, ModelPath>();
      for (const [key, path] of shortest) {
        const plan: ModelPath = { scenario, path };
        toPlan.set(key, plan);
        shortestOfAll.push(plan);
        const parent = path.steps.length > 1 ? toPlan.get(serialize(path.steps.at(-2)!.state))! : null;
        const last = parent ? keysOf(parent.path.state, path.steps.at(-1)!.event) : startKeys;
        const from = parent ? parent.path.state : path.state;
        takenOf.set(plan, new Set([...(parent ? takenOf.get(parent)! : []), ...last]));
        if (classOf) {
          const inContext = last.map((k) => `${k} | ${classOf(from)}`);
          takenInContext.set(plan, new Set([...(parent ? takenInContext.get(parent)! : []), ...inContext]));
        }
      }
      for (const [key, { state, transitions }] of Object.entries(adjacency)) {
        const to = toPlan.get(key);
        // A machine that is done takes no more events: what the graph computes past it never happens.
        if (!to || state.status !== 'active') continue;
        const from = classOf?.(state);
        for (const { event, state: next } of Object.values(transitions)) {
          const plan: ModelPath = {
            scenario,
            path: { state: next, weight: to.path.steps.length + 1, steps: [...to.path.steps, { state: next, event }] },
          };
          const keys = keysOf(state, event);
          // A step that takes nothing shares its parent's sets (most of the candidates: a state refusing an event).
          takenOf.set(plan, extended(takenOf.get(to)!, keys));
          if (classOf)
            takenInContext.set(
              plan,
              extended(
                takenInContext.get(to)!,
                keys.map((k) => `${k} | ${from}`),
              ),
            );
          if (keys.length > 0) moving.push(plan);
          else if (!event.type.startsWith('xstate.') && !model.internalEvents?.includes(event.type)) trying.push(plan);
        }
      }
      // The start alone when it takes transitions by itself (an initial state's eventless ones): a machine that then
      // takes no event has no other path to take them.
      for (const plan of toPlan.values()) if (plan.path.steps.length === 1 && takenOf.get(plan)!.size > 0) moving.push(plan);
    });
  }
  return { moving, trying, shortest: shortestOfAll };
}

/**
 * The machine as `getAdjacencyMap` walks it, noting which transitions each edge (a snapshot and an event, as the map
 * holds them) takes: the graph is walked once, not again to learn what each step took.
 */
function recording(machine: AnyStateMachine, input: unknown) {
  const recorder = transitionRecorder(machine);
  recorder.start(input);
  const startKeys = recorder.drain();
  const taken = new WeakMap<AnyMachineSnapshot, Map<EventObject, string[]>>();
  const transition = (snapshot: AnyMachineSnapshot, event: EventObject) => {
    const next = recorder.step(snapshot, event);
    if (!taken.has(snapshot)) taken.set(snapshot, new Map());
    taken.get(snapshot)!.set(event, recorder.drain());
    return next;
  };
  const keysOf = (snapshot: AnyMachineSnapshot, event: EventObject) => taken.get(snapshot)!.get(event)!;
  const logic = new Proxy(machine, {
    get: (target, property, receiver) => (property === 'transition' ? transition : Reflect.get(target, property, receiver)),
  });
  return { logic, keysOf, startKeys };
}

/** The set with these keys added: the same set when there are none (sets are only read once built). */
function extended(set: Set<string>, keys: string[]): Set<string> {
  if (!keys.length) return set;
  const more = new Set(set);
  for (const key of keys) more.add(key);
  return more;
}

/**
 * A snapshot's key, computed once: the walk, the shortest paths and the candidates all ask for the same snapshots'
 * keys, and serialising one (its value and context as JSON) was a fifth of the session model's walk.
 */
function remembered(serialize: (snapshot: AnyMachineSnapshot) => string) {
  const keys = new WeakMap<AnyMachineSnapshot, string>();
  return (snapshot: AnyMachineSnapshot) => {
    let key = keys.get(snapshot);
    if (key === undefined) keys.set(snapshot, (key = serialize(snapshot)));
    return key;
  };
}

/** The map `getAdjacencyMap` answers, by state key (its keys are strings, branded). */
type Adjacency = Record<string, AdjacencyValue<AnyMachineSnapshot, EventObject>>;

/**
 * The shortest path to each state of an adjacency map, by state key, as `getShortestPaths` answers them (breadth
 * first, the first way found kept; the first step is the start, `xstate.init`), without walking the graph again.
 */
function shortestPaths(
  adjacency: Adjacency,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): Map<string, StatePath<AnyMachineSnapshot, EventObject>> {
  const paths = new Map<string, StatePath<AnyMachineSnapshot, EventObject>>();
  const [startKey] = Object.keys(adjacency);
  if (startKey === undefined) return paths;
  const start = adjacency[startKey]!.state;
  paths.set(startKey, { state: start, weight: 0, steps: [{ state: start, event: { type: 'xstate.init' } }] });
  const queue = [startKey];
  for (let at = 0; at < queue.length; at++) {
    const from = paths.get(queue[at]!)!;
    for (const { state, event } of Object.values(adjacency[queue[at]!]!.transitions)) {
      const key = serialize(state);
      if (paths.has(key)) continue;
      paths.set(key, { state, weight: from.weight + 1, steps: [...from.steps, { state, event }] });
      if (adjacency[key]) queue.push(key);
    }
  }
  return paths;
}

/**
 * The fewest of these paths that take every transition they can (by default; or whatever `takes` counts, e.g. each
 * transition in each class of context): longest first, a path adding nothing is dropped.
 */
export function coveringPaths(
  model: MachineModel,
  candidates: ModelPath[],
  takes: (model: MachineModel, plan: ModelPath) => Set<string> = transitionsOf,
): ModelPath[] {
  const covered = new Set<string>();
  const chosen: ModelPath[] = [];
  for (const plan of [...candidates].sort((a, b) => b.path.steps.length - a.path.steps.length)) {
    const taken = [...takes(model, plan)];
    if (chosen.length > 0 && taken.every((key) => covered.has(key))) continue;
    taken.forEach((key) => covered.add(key));
    chosen.push(plan);
  }
  return chosen;
}

/** Each step of a path as its scenario, the state value it started from and the event it tried. */
function triedPairs({ scenario, path }: ModelPath): string[] {
  // A step's state is the one its event led to; the first step is the start (`xstate.init`).
  return path.steps.slice(1).map((step, i) => JSON.stringify([scenario.name, path.steps[i].state.value, step.event]));
}

/**
 * How the paths cover (transition, class of context): the combinations the machine can take (some candidate path
 * takes them), those the paths take, and every other combination with the model's reason, or none.
 */
export function contextCoverage(model: MachineModel, paths = transitionPaths(model)) {
  const context = contextClassesOf(model)!;
  const reachable = new Set(candidatePaths(model).moving.flatMap((plan) => [...transitionsInContextOf(model, plan)]));
  const taken = new Set(paths.flatMap((plan) => [...transitionsInContextOf(model, plan)]));
  const others = allTransitions(model.machine).flatMap((transition) =>
    context.classes
      .filter((cls) => !reachable.has(`${transition.key} | ${cls}`))
      .map((cls) => ({
        combination: `${transition.key} | ${cls}`,
        why:
          context.unreachable.find(
            (reason) =>
              reason.class === cls &&
              (transition.source === reason.from || transition.source.startsWith(`${reason.from}.`)) &&
              (!reason.transition || `${transition.event} #${transition.branch}` === reason.transition),
          )?.why ?? null,
      })),
  );
  return { reachable, taken, others };
}

/** The transitions of the machine no path takes. */
export function untakenTransitions(model: MachineModel, paths = transitionPaths(model)): string[] {
  const taken = new Set(paths.flatMap((plan) => [...transitionsOf(model, plan)]));
  return allTransitions(model.machine)
    .map((transition) => transition.key)
    .filter((key) => !taken.has(key));
}

/**
 * Few, long paths that together take every transition the candidates take — for suites where each path is costly
 * to replay (a browser test starts a person and a page for each). From each starting point, a walk goes again and
 * again by the shortest way (breadth first over the model's events) to the nearest transition no walk has taken
 * yet, until none is reachable from where it stands; the walk that takes the most new transitions is kept, and so on
 * until every transition the candidates take is taken.
 */
export function coveringWalks(model: MachineModel, maxSteps = 200): ModelPath[] {
  const machine = model.walked ?? model.machine;
  const { moving } = candidatePaths(model);
  const untaken = new Set(moving.flatMap((plan) => [...transitionsOf(model, plan)]));
  const walks: ModelPath[] = [];
  while (untaken.size > 0) {
    let best: { plan: ModelPath; taken: Set<string> } | null = null;
    for (const scenario of model.scenarios) {
      const walk = atTime(scenario.now, () => walkFrom(machine, scenario, untaken, maxSteps));
      if (walk.taken.size > (best?.taken.size ?? 0)) best = walk;
    }
    if (!best) break;
    best.taken.forEach((key) => untaken.delete(key));
    walks.push(best.plan);
  }
  return walks;
}

type Step = StatePath<AnyMachineSnapshot, EventObject>['steps'][number];

function walkFrom(
  machine: AnyStateMachine,
  scenario: Scenario,
  untaken: ReadonlySet<string>,
  maxSteps: number,
): { plan: ModelPath; taken: Set<string> } {
  const recorder = transitionRecorder(machine);
  const serialize = (scenario.serializeState ?? serializeSnapshot) as (snapshot: AnyMachineSnapshot) => string;
  const eventsOf = (snapshot: AnyMachineSnapshot): EventObject[] =>
    typeof scenario.events === 'function' ? scenario.events(snapshot) : scenario.events;
  const start = recorder.start(scenario.input);
  const steps: Step[] = [{ state: start, event: { type: 'xstate.init' } }];
  // The start's eventless transitions count, as in transitionsOf.
  const taken = new Set(recorder.drain().filter((key) => untaken.has(key)));
  const isNew = (keys: string[]) => keys.some((key) => untaken.has(key) && !taken.has(key));
  let current = start;
  while (steps.length < maxSteps) {
    // Breadth first from where the walk stands to the nearest edge that takes something new.
    const seen = new Set([serialize(current)]);
    let frontier: { snapshot: AnyMachineSnapshot; route: Step[] }[] = [{ snapshot: current, route: [] }];
    let found: Step[] | null = null;
    while (frontier.length > 0 && !found) {
      const next: typeof frontier = [];
      for (const { snapshot, route } of frontier) {
        if (snapshot.status !== 'active') continue;
        for (const event of eventsOf(snapshot)) {
          const state = recorder.step(snapshot, event);
          const keys = recorder.drain();
          if (keys.length === 0) continue;
          const extended = [...route, { state, event }];
          if (isNew(keys)) {
            found = extended;
            break;
          }
          const key = serialize(state);
          if (seen.has(key)) continue;
          seen.add(key);
          next.push({ snapshot: state, route: extended });
        }
        if (found) break;
      }
      frontier = next;
    }
    if (!found) break;
    for (const step of found) {
      recorder.step(steps.at(-1)!.state, step.event);
      recorder.drain().forEach((key) => untaken.has(key) && taken.add(key));
      steps.push(step);
    }
    current = steps.at(-1)!.state;
  }
  return { plan: { scenario, path: { state: current, weight: steps.length - 1, steps } }, taken };
}
