import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { ChartNode, ChartTransition, Statechart } from './statechart';

/**
 * Lays a statechart out with ELK (layered, the hierarchy laid out as one graph so transitions may cross state
 * borders) and answers absolute coordinates for the SVG. The ELK instance and the text measure are passed in: the
 * page loads elkjs on demand, the tests run it in Node.
 */

export interface Layouter {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/** The width of a text in the chart's font, in pixels. */
export type Measure = (text: string, font: 'title' | 'row' | 'label') => number;

export const FONT = {
  title: { size: 13, weight: 600 },
  row: { size: 11, weight: 400 },
  label: { size: 11, weight: 400 },
} as const;

const PAD = 10;
const TITLE_HEIGHT = 24;
const ROW_HEIGHT = 15;
const INITIAL_DOT = 12;

/** A line written inside a state: invoked actors, entry/exit actions, transitions that keep the state. */
export interface StateRow {
  kind: 'invoke' | 'entry' | 'exit' | 'internal';
  text: string;
}

export function stateRows(node: ChartNode): StateRow[] {
  return [
    ...node.invokes.map((invoke) => ({
      kind: 'invoke' as const,
      text: invoke.id === invoke.src ? `invoke ${invoke.src}` : `invoke ${invoke.src} #${invoke.id}`,
    })),
    ...(node.entry.length ? [{ kind: 'entry' as const, text: `entry / ${node.entry.join(', ')}` }] : []),
    ...(node.exit.length ? [{ kind: 'exit' as const, text: `exit / ${node.exit.join(', ')}` }] : []),
    ...node.internal.map((transition) => ({ kind: 'internal' as const, text: transitionText(transition, true) })),
  ];
}

/** `event [guard]`, and with `/ actions` when asked. */
export function transitionText(transition: ChartTransition, withActions = false): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const actions = withActions && transition.actions.length ? ` / ${transition.actions.join(', ')}` : '';
  return `${transition.event}${guard}${actions}`;
}

export interface PlacedNode {
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  rows: StateRow[];
  /** Whether the state is the one its parent enters first. */
  isInitial: boolean;
}

export interface PlacedEdge {
  id: string;
  transition: ChartTransition | null;
  /** The marker of the initial state has no transition. */
  points: ElkPoint[];
  label: { text: string; x: number; y: number; width: number; height: number } | null;
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  /** The dots that point at each compound state's initial child. */
  initialDots: { id: string; x: number; y: number; size: number }[];
  edges: PlacedEdge[];
}

const initialDotId = (node: ChartNode) => `${node.id}::initial`;

export function toElkGraph(chart: Statechart, measure: Measure): ElkNode {
  const edges: ElkExtendedEdge[] = [];

  function headerWidth(node: ChartNode) {
    const tags = node.tags.length ? measure(node.tags.join(' '), 'row') + 16 : 0;
    return (
      measure(node.key, 'title') + tags + (node.type === 'final' ? 8 : 0) + (node.history || node.type === 'parallel' ? 24 : 0)
    );
  }

  function build(node: ChartNode): ElkNode {
    const rows = stateRows(node);
    const width = Math.max(headerWidth(node), ...rows.map((row) => measure(row.text, 'row'))) + 2 * PAD;
    const header = TITLE_HEIGHT + rows.length * ROW_HEIGHT + (rows.length ? 4 : 0);
    if (node.children.length === 0) {
      return { id: node.id, width: Math.max(width, 80), height: header + PAD };
    }
    const children = node.children.map(build);
    if (node.type !== 'parallel' && node.initial) {
      children.unshift({ id: initialDotId(node), width: INITIAL_DOT, height: INITIAL_DOT });
      edges.push({ id: `${node.id}::initial-edge`, sources: [initialDotId(node)], targets: [node.initial] });
    }
    return {
      id: node.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${header + PAD},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.max(width, 80)}, ${header + 2 * PAD})`,
        // Parallel regions side by side; the states of a region follow their transitions.
        ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
    };
  }

  const root = build(chart.root);
  for (const transition of chart.transitions) {
    for (const target of transition.targets) {
      const text = transitionText(transition);
      edges.push({
        id: `${transition.id}->${target}`,
        sources: [transition.source],
        targets: [target],
        labels: [{ id: `${transition.id}->${target}:label`, text, width: measure(text, 'label') + 8, height: 16 }],
      });
    }
  }

  return {
    id: '::graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.layered.spacing.edgeNodeBetweenLayers': '20',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '16',
      'elk.spacing.edgeEdge': '12',
      'elk.spacing.edgeLabel': '4',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [root],
    edges,
  };
}

/** Lays the chart out: positions of every state, initial dot, transition line and label. */
export async function layoutStatechart(chart: Statechart, elk: Layouter, measure: Measure): Promise<ChartLayout> {
  const graph = await elk.layout(toElkGraph(chart, measure));
  const nodes: PlacedNode[] = [];
  const initialDots: ChartLayout['initialDots'] = [];
  const initials = new Set([...chart.nodes.values()].map((node) => node.initial).filter(Boolean));

  function walk(elkNode: ElkNode, depth: number) {
    for (const child of elkNode.children ?? []) {
      const node = chart.nodes.get(child.id);
      if (node) {
        nodes.push({
          node,
          x: child.x ?? 0,
          y: child.y ?? 0,
          width: child.width ?? 0,
          height: child.height ?? 0,
          depth,
          rows: stateRows(node),
          isInitial: initials.has(node.id),
        });
      } else {
        initialDots.push({ id: child.id, x: child.x ?? 0, y: child.y ?? 0, size: child.width ?? INITIAL_DOT });
      }
      walk(child, depth + 1);
    }
  }
  walk(graph, 0);

  const transitions = new Map(chart.transitions.map((transition) => [transition.id, transition]));
  const edges: PlacedEdge[] = [];
  const collect = (elkNode: ElkNode) => {
    for (const edge of elkNode.edges ?? []) {
      const section = edge.sections?.[0];
      if (!section) continue;
      const label = edge.labels?.[0];
      edges.push({
        id: edge.id,
        transition: transitions.get(edge.id.split('->')[0]) ?? null,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        label: label
          ? { text: label.text ?? '', x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 }
          : null,
      });
    }
    (elkNode.children ?? []).forEach(collect);
  };
  collect(graph);

  return { width: graph.width ?? 0, height: graph.height ?? 0, nodes, initialDots, edges };
}
