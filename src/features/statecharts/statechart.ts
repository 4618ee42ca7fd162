import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * A machine's statechart as read from its definition (`machine.root`): states (nested and parallel), initial and
 * final states, transitions with their events, guards and delays, and invoked actors. Nothing is written twice: a
 * change to a machine shows here by itself.
 */

export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartNode {
  id: string;
  key: string;
  type: ChartNodeType;
  /** History states: which one. */
  history: 'shallow' | 'deep' | null;
  /** The id of the child entered first (compound states). */
  initial: string | null;
  children: ChartNode[];
  /** Invoked actors: their id and the logic they run. */
  invokes: { id: string; src: string }[];
  entry: string[];
  exit: string[];
  tags: string[];
  description: string | null;
  /** Transitions that do not leave the state: their actions run, the state stays. */
  internal: ChartTransition[];
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface ChartTransition {
  id: string;
  source: string;
  targets: string[];
  kind: TransitionKind;
  /** The event as written in the machine (`xstate.after.…` included). */
  eventType: string;
  /** What the chart shows: the event, "after <delay>", "done: <actor>", "error: <actor>", "always". */
  event: string;
  guard: string | null;
  actions: string[];
  reenter: boolean;
  /** Its place among the transitions of the same source and event: the first whose guard passes is taken. */
  order: number;
}

export interface Statechart {
  id: string;
  root: ChartNode;
  transitions: ChartTransition[];
  /** Every state node, by id. */
  nodes: Map<string, ChartNode>;
}

type Guard = unknown;

/** A guard as written: its name, with params; `and`/`or`/`not` with what they combine. */
export function guardLabel(guard: Guard): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object') {
    const { type, params } = guard as { type?: string; params?: unknown };
    if (!type) return 'inline';
    if (params === undefined || typeof params === 'function') return type;
    const values = typeof params === 'object' && params !== null ? Object.values(params) : [params];
    return `${type}(${values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ')})`;
  }
  if (typeof guard === 'function') {
    const combined = guard as { check?: unknown; guards?: Guard[] };
    const name = (guard as { name?: string }).name;
    if (Array.isArray(combined.guards)) {
      const parts = combined.guards.map((inner) => guardLabel(inner) ?? '?');
      if (name === 'not' || parts.length === 1) return `!${parts[0]}`;
      return parts.join(name === 'or' ? ' || ' : ' && ');
    }
    return name && name !== 'guard' ? name : 'inline';
  }
  return 'inline';
}

/** An action as written: its name (`assign`, `raise`… for the built-in ones). */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: string }).type;
    if (type) return type.replace(/^xstate\./, '');
    return (action as { name?: string }).name || 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return 'inline';
}

function sourceLabel(src: unknown): string {
  if (typeof src === 'string') return src;
  const id = (src as { id?: string } | null)?.id;
  return id ?? 'inline';
}

/** What the chart shows for an event type. */
export function describeEvent(eventType: string): { kind: TransitionKind; event: string } {
  if (eventType === '') return { kind: 'always', event: 'always' };
  if (eventType.startsWith('xstate.after.')) {
    // `xstate.after.<delay>.<state id>`: the delay is a name or milliseconds.
    const delay = eventType.slice('xstate.after.'.length).split('.')[0];
    return { kind: 'after', event: `after ${/^\d+$/.test(delay) ? `${delay} ms` : delay}` };
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return { kind: actor[1] === 'done' ? 'done' : 'error', event: `${actor[1]}: ${actor[2]}` };
  const state = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (state) return { kind: 'done', event: `done: ${state[1]}` };
  return { kind: 'event', event: eventType };
}

interface TransitionDefinitionLike {
  target?: readonly AnyStateNode[];
  guard?: Guard;
  actions: readonly unknown[];
  reenter: boolean;
  eventType: string;
}

const written = (actions: unknown): unknown[] =>
  actions === undefined || actions === null ? [] : Array.isArray(actions) ? actions : [actions];

/** The statechart of a machine. */
export function readStatechart(machine: AnyStateMachine): Statechart {
  const transitions: ChartTransition[] = [];
  const nodes = new Map<string, ChartNode>();

  function read(stateNode: AnyStateNode): ChartNode {
    const node: ChartNode = {
      id: stateNode.id,
      key: stateNode.key,
      type: stateNode.type as ChartNodeType,
      history: stateNode.type === 'history' ? (stateNode.history === 'deep' ? 'deep' : 'shallow') : null,
      initial: stateNode.initial?.target?.[0]?.id ?? null,
      children: [],
      invokes: stateNode.invoke.map((invoke) => ({ id: invoke.id, src: sourceLabel(invoke.src) })),
      // As written: the node's own lists also hold the timers XState adds for `after`.
      entry: written(stateNode.config.entry).map(actionLabel),
      exit: written(stateNode.config.exit).map(actionLabel),
      tags: [...stateNode.tags],
      description: stateNode.description ?? null,
      internal: [],
    };
    nodes.set(node.id, node);

    const definitions: TransitionDefinitionLike[] = [
      ...[...stateNode.transitions.values()].flat(),
      ...(stateNode.always ?? []),
    ] as TransitionDefinitionLike[];
    const seen = new Map<string, number>();
    for (const definition of definitions) {
      const { kind, event } = describeEvent(definition.eventType);
      const order = seen.get(definition.eventType) ?? 0;
      seen.set(definition.eventType, order + 1);
      const transition: ChartTransition = {
        id: `${node.id}:${definition.eventType || 'always'}:${order}`,
        source: node.id,
        targets: (definition.target ?? []).map((target) => target.id),
        kind,
        eventType: definition.eventType,
        event,
        guard: guardLabel(definition.guard),
        actions: definition.actions.map(actionLabel),
        reenter: definition.reenter,
        order,
      };
      if (transition.targets.length === 0) node.internal.push(transition);
      else transitions.push(transition);
    }

    node.children = Object.values(stateNode.states as Record<string, AnyStateNode>).map(read);
    return node;
  }

  const root = read(machine.root);
  return { id: machine.id, root, transitions, nodes };
}

/** Counts for the list of machines. */
export function chartSummary(chart: Statechart) {
  return { states: chart.nodes.size, transitions: chart.transitions.length };
}

/** Where an exported value is a machine (`createMachine` answers a StateMachine). */
export function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'transition' in value &&
    (value as { __xstatenode?: unknown }).__xstatenode === true
  );
}
