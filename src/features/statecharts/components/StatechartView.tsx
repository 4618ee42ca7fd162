import { useEffect, useRef, useState } from 'react';
import type { ChartLayout, PlacedEdge, PlacedNode, StateRow } from '../layout';
import { FONT, transitionText } from '../layout';
import type { TransitionKind } from '../statechart';

export const CHART_FONT_FAMILY = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

const EDGE_COLOR: Record<TransitionKind | 'initial', string> = {
  event: '#334155',
  always: '#64748b',
  after: '#b45309',
  done: '#047857',
  error: '#b91c1c',
  initial: '#0f172a',
};

const ROW_COLOR: Record<StateRow['kind'], string> = {
  invoke: '#6d28d9',
  entry: '#0f766e',
  exit: '#0f766e',
  internal: '#475569',
};

const DEPTH_FILL = ['#ffffff', '#f8fafc', '#f1f5f9', '#e2e8f0'];

function pathOf(points: { x: number; y: number }[]) {
  return points.map((point, i) => `${i === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');
}

/** A state the running actor is in (live inspection). */
const ACTIVE = { fill: '#e0f2fe', stroke: '#0284c7' };

function StateBox({ placed, active }: { placed: PlacedNode; active: boolean }) {
  const { node, x, y, width, height, depth, rows } = placed;
  const compound = node.children.length > 0;
  const fill = active && !compound ? ACTIVE.fill : compound ? DEPTH_FILL[Math.min(depth, DEPTH_FILL.length - 1)] : '#ffffff';
  const details = [
    `${node.id} (${node.type})`,
    ...rows.map((row) => row.text),
    ...(node.tags.length ? [`tags: ${node.tags.join(', ')}`] : []),
    ...(node.description ? [node.description] : []),
  ].join('\n');
  return (
    <g data-state={node.id} data-active={active || undefined}>
      <title>{active ? `${details}\n(estado atual)` : details}</title>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={8}
        fill={fill}
        stroke={active ? ACTIVE.stroke : node.type === 'final' ? '#0f172a' : compound ? '#94a3b8' : '#64748b'}
        strokeWidth={active ? 2.5 : node.type === 'final' ? 1.5 : 1}
        strokeDasharray={node.type === 'parallel' ? '6 4' : undefined}
      />
      {node.type === 'final' && (
        <rect x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={6} fill="none" stroke="#0f172a" strokeWidth={1} />
      )}
      <text x={x + 10} y={y + 17} fontSize={FONT.title.size} fontWeight={FONT.title.weight} fill="#0f172a">
        {node.key}
        {node.type === 'parallel' && <tspan fill="#64748b"> ∥</tspan>}
        {node.history && <tspan fill="#64748b"> {node.history === 'deep' ? 'H*' : 'H'}</tspan>}
      </text>
      {node.tags.length > 0 && (
        <text x={x + width - 8} y={y + 16} fontSize={FONT.row.size} textAnchor="end" fill="#64748b">
          {node.tags.join(' ')}
        </text>
      )}
      {rows.map((row, i) => (
        <text key={i} x={x + 10} y={y + 24 + 12 + i * 15} fontSize={FONT.row.size} fill={ROW_COLOR[row.kind]}>
          {row.text}
        </text>
      ))}
    </g>
  );
}

function Edge({ edge, highlighted }: { edge: PlacedEdge; highlighted: boolean }) {
  const kind = edge.transition?.kind ?? 'initial';
  const color = EDGE_COLOR[kind];
  const title = edge.transition
    ? `${edge.transition.source} → ${edge.transition.targets.join(', ')}\n${transitionText(edge.transition, true)}`
    : 'estado inicial';
  return (
    <g data-transition={edge.transition?.id} opacity={highlighted ? 1 : 0.2}>
      <title>{title}</title>
      <path
        d={pathOf(edge.points)}
        fill="none"
        stroke={color}
        strokeWidth={1.3}
        strokeDasharray={kind === 'always' ? '4 3' : undefined}
        markerEnd={`url(#arrow-${kind})`}
      />
      {edge.label && (
        <g>
          <rect
            x={edge.label.x}
            y={edge.label.y}
            width={edge.label.width}
            height={edge.label.height}
            rx={3}
            fill="#ffffff"
            fillOpacity={0.92}
          />
          <text x={edge.label.x + 4} y={edge.label.y + 12} fontSize={FONT.label.size} fill={color}>
            {edge.label.text}
          </text>
        </g>
      )}
    </g>
  );
}

const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2];

/**
 * The chart itself: a standalone SVG (the statechart page draws it; `npm run build` writes it to docs/machines/).
 * `active`: the states a running actor is in, highlighted; `related`: the transitions drawn in full (the others faded).
 */
export function StatechartSvg({
  layout,
  title,
  zoom = 1,
  active,
  related = () => true,
  onStateClick,
}: {
  layout: ChartLayout;
  title: string;
  zoom?: number;
  active?: ReadonlySet<string>;
  related?: (edge: PlacedEdge) => boolean;
  onStateClick?: (state: string | null) => void;
}) {
  // Parents first, so children are drawn over them; transitions over every state.
  const nodes = [...layout.nodes].sort((a, b) => a.depth - b.depth);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={layout.width * zoom + 16}
      height={layout.height * zoom + 16}
      viewBox={`-8 -8 ${layout.width + 16} ${layout.height + 16}`}
      fontFamily={CHART_FONT_FAMILY}
      role="img"
      aria-label={`Diagrama de estados de ${title}`}
      onClick={
        onStateClick &&
        ((event) => onStateClick((event.target as Element).closest('[data-state]')?.getAttribute('data-state') ?? null))
      }
    >
      <title>{`Diagrama de estados de ${title}`}</title>
      <rect x={-8} y={-8} width={layout.width + 16} height={layout.height + 16} fill="#ffffff" />
      <defs>
        {Object.entries(EDGE_COLOR).map(([kind, color]) => (
          <marker
            key={kind}
            id={`arrow-${kind}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={color} />
          </marker>
        ))}
      </defs>
      {nodes.map((placed) => (
        <StateBox key={placed.node.id} placed={placed} active={!!active?.has(placed.node.id)} />
      ))}
      {layout.initialDots.map((dot) => (
        <circle key={dot.id} cx={dot.x + dot.size / 2} cy={dot.y + dot.size / 2} r={dot.size / 2} fill="#0f172a" />
      ))}
      {layout.edges.map((edge) => (
        <Edge key={edge.id} edge={edge} highlighted={related(edge)} />
      ))}
    </svg>
  );
}

/** The laid-out chart in SVG, zoomable (buttons, Ctrl + wheel) and scrollable (scrollbars, dragging). */
export function StatechartView({
  layout,
  title,
  active,
}: {
  layout: ChartLayout;
  title: string;
  /** The states a running actor is in (live inspection). */
  active?: ReadonlySet<string>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const [focused, setFocused] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  const fit = () => {
    const box = scroller.current;
    if (!box || layout.width === 0) return;
    setZoom(Math.min(1, Math.max(0.1, (box.clientWidth - 16) / layout.width)));
  };
  // A new chart starts fitted to the width.
  useEffect(fit, [layout]);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((current) => Math.min(3, Math.max(0.1, current * (event.deltaY < 0 ? 1.1 : 1 / 1.1))));
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, []);

  const step = (direction: 1 | -1) =>
    setZoom((current) =>
      direction > 0
        ? (ZOOMS.find((z) => z > current + 0.001) ?? current)
        : ([...ZOOMS].reverse().find((z) => z < current - 0.001) ?? current),
    );

  const related = (edge: PlacedEdge) =>
    !focused || !!(edge.transition && (edge.transition.source === focused || edge.transition.targets.includes(focused)));

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm" role="toolbar" aria-label="Zoom do diagrama">
        <button type="button" className={toolClass} onClick={() => step(-1)} aria-label="Diminuir zoom">
          −
        </button>
        <span className="w-14 text-center tabular-nums text-slate-700" aria-live="polite">
          {Math.round(zoom * 100)}%
        </span>
        <button type="button" className={toolClass} onClick={() => step(1)} aria-label="Aumentar zoom">
          +
        </button>
        <button type="button" className={toolClass} onClick={fit}>
          Ajustar à largura
        </button>
        <button type="button" className={toolClass} onClick={() => setZoom(1)}>
          100%
        </button>
        {focused && (
          <button type="button" className={toolClass} onClick={() => setFocused(null)}>
            Mostrar todas as transições
          </button>
        )}
        <span className="text-xs text-slate-500">
          Ctrl + roda do mouse: zoom · arraste para mover · clique num estado para ver só as transições dele
        </span>
      </div>
      <div
        ref={scroller}
        className="h-[70vh] cursor-grab overflow-auto rounded-xl border border-slate-200 bg-white active:cursor-grabbing"
        tabIndex={0}
        role="region"
        aria-label={`Diagrama de ${title}`}
        onPointerDown={(event) => {
          if (event.button !== 0 || !scroller.current) return;
          drag.current = {
            x: event.clientX,
            y: event.clientY,
            left: scroller.current.scrollLeft,
            top: scroller.current.scrollTop,
          };
        }}
        onPointerMove={(event) => {
          if (!drag.current || !scroller.current) return;
          scroller.current.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
          scroller.current.scrollTop = drag.current.top - (event.clientY - drag.current.y);
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerLeave={() => (drag.current = null)}
      >
        <StatechartSvg
          layout={layout}
          title={title}
          zoom={zoom}
          active={active}
          related={related}
          onStateClick={(state) => setFocused((current) => (state === current ? null : state))}
        />
      </div>
    </div>
  );
}

const toolClass = 'rounded-md bg-white px-2.5 py-1 font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50';

export function Legend() {
  const items: [string, string, boolean?][] = [
    ['evento', EDGE_COLOR.event],
    ['always (sem evento)', EDGE_COLOR.always, true],
    ['after (atraso)', EDGE_COLOR.after],
    ['done (ator terminou)', EDGE_COLOR.done],
    ['error (ator falhou)', EDGE_COLOR.error],
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legenda">
      {items.map(([label, color, dashed]) => (
        <li key={label} className="flex items-center gap-1.5">
          <svg width="24" height="8" aria-hidden="true">
            <line x1="0" y1="4" x2="24" y2="4" stroke={color} strokeWidth="2" strokeDasharray={dashed ? '4 3' : undefined} />
          </svg>
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <svg width="10" height="10" aria-hidden="true">
          <circle cx="5" cy="5" r="5" fill="#0f172a" />
        </svg>
        estado inicial
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-3 w-5 rounded-sm border-2 border-double border-slate-900" aria-hidden="true" />
        estado final
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-3 w-5 rounded-sm border border-dashed border-slate-500" aria-hidden="true" />
        paralelo (∥)
      </li>
      <li className="text-violet-700">invoke: ator invocado</li>
    </ul>
  );
}
