import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import type { ChartLayout, Measure } from '../layout';
import { FONT, layoutStatechart, transitionText } from '../layout';
import type { Statechart } from '../statechart';
import { chartSummary, isMachine, readStatechart } from '../statechart';
import { CHART_FONT_FAMILY, Legend, StatechartView } from './StatechartView';
import { LivePanel } from './LivePanel';
import type { LiveActor } from './useLiveMachines';
import { useLiveMachines } from './useLiveMachines';

/**
 * Every machine in machines/ drawn from its own definition — for everyone in `npm run dev` (/app/dev/machines), for
 * the team in production (/app/admin/machines). A new `*.machine.ts` file shows up by itself; ELK lays the charts out
 * in the browser, offline. With live inspection on, the app's running machines in this browser's other tabs appear
 * on their charts (src/lib/live-inspection.ts).
 */
const machineFiles = import.meta.glob('/machines/*.machine.ts');

export interface MachineEntry {
  /** The file's name without `.machine.ts`, e.g. `session`. */
  name: string;
  file: string;
  exportName: string;
  chart: Statechart;
}

async function loadMachines(): Promise<MachineEntry[]> {
  const entries = await Promise.all(
    Object.entries(machineFiles).map(async ([path, load]) => {
      const file = path.split('/').pop()!;
      const module = (await load()) as Record<string, unknown>;
      return Object.entries(module)
        .filter(([, value]) => isMachine(value))
        .map(([exportName, value]) => ({
          name: file.replace(/\.machine\.ts$/, ''),
          file,
          exportName,
          chart: readStatechart(value as Parameters<typeof readStatechart>[0]),
        }));
    }),
  );
  return entries.flat().sort((a, b) => a.name.localeCompare(b.name));
}

let canvas: CanvasRenderingContext2D | null = null;
const measure: Measure = (text, font) => {
  canvas ??= document.createElement('canvas').getContext('2d');
  const { size, weight } = FONT[font];
  if (!canvas) return text.length * size * 0.6;
  canvas.font = `${weight} ${size}px ${CHART_FONT_FAMILY}`;
  return canvas.measureText(text).width;
};

/** elkjs (≈1.6 MB) loads with this page only. */
async function layoutOf(chart: Statechart): Promise<ChartLayout> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  return layoutStatechart(chart, new ELK(), measure);
}

/** The machine a running actor runs: same id, and every state it is in (two wizards share the id `wizard`). */
export function machineOf(machines: MachineEntry[], actor: LiveActor | undefined): MachineEntry | undefined {
  if (!actor) return undefined;
  return machines.find(
    (machine) => machine.chart.id === actor.last.machine && actor.last.active.every((id) => machine.chart.nodes.has(id)),
  );
}

export function MachinesPage({ selected, audience }: { selected: string | undefined; audience: 'dev' | 'team' }) {
  const [machines, setMachines] = useState<MachineEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [layout, setLayout] = useState<{ name: string; layout: ChartLayout } | null>(null);
  const live = useLiveMachines();
  const [followed, setFollowed] = useState<string | null>(null);
  const followedActor = live.actors.find((actor) => actor.key === followed);

  useEffect(() => {
    loadMachines().then(setMachines, (e: unknown) => setError(String(e)));
  }, []);

  const followedMachine = machines && followedActor ? machineOf(machines, followedActor) : undefined;
  const current = useMemo(
    () => followedMachine ?? machines?.find((machine) => machine.name === selected) ?? machines?.[0] ?? null,
    [machines, selected, followedMachine],
  );
  const active = useMemo(
    () => (followedMachine && followedActor ? new Set(followedActor.last.active) : undefined),
    [followedMachine, followedActor],
  );

  useEffect(() => {
    if (!current) return;
    let cancelled = false;
    layoutOf(current.chart).then(
      (result) => !cancelled && setLayout({ name: current.name, layout: result }),
      (e: unknown) => !cancelled && setError(`ELK não conseguiu desenhar ${current.name}: ${String(e)}`),
    );
    return () => {
      cancelled = true;
    };
  }, [current]);

  return (
    <div
      data-layout={audience === 'dev' ? 'dev' : undefined}
      className={audience === 'dev' ? 'mx-auto max-w-[100rem] px-4 py-6' : ''}
    >
      <header className="mb-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-700">
          {audience === 'dev' ? 'Somente em desenvolvimento' : 'Para a equipe'}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Máquinas de estado</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Cada arquivo <code>machines/*.machine.ts</code>, desenhado a partir da própria definição da máquina: estados (aninhados
          e paralelos), estado inicial, estados finais, transições com evento, guarda e atraso, e atores invocados.
        </p>
      </header>
      {error && <Alert>{error}</Alert>}
      <LivePanel
        live={live}
        followed={followed}
        onFollow={setFollowed}
        machineOf={(actor) => (machines ? machineOf(machines, actor)?.exportName : undefined)}
      />
      {!machines ? (
        <PageSpinner label="Lendo as máquinas…" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
          <nav aria-label="Máquinas" className="lg:self-start">
            {/* A grid, not a wrapping row: on a phone each card took its text's width and height, a ragged pile. */}
            <ul className="grid auto-rows-fr grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
              {machines.map((machine) => {
                const summary = chartSummary(machine.chart);
                const active = machine.name === current?.name;
                return (
                  <li key={`${machine.file}:${machine.exportName}`} className="min-w-0">
                    <Link
                      to="/app/dev/machines"
                      search={{ machine: machine.name }}
                      aria-current={active ? 'page' : undefined}
                      className={`block h-full min-w-0 rounded-lg [overflow-wrap:anywhere] border px-3 py-2 text-sm ${
                        active
                          ? 'border-brand-600 bg-brand-50 text-brand-900'
                          : 'border-slate-200 bg-white text-slate-800 hover:bg-slate-50'
                      }`}
                    >
                      <span className="block font-semibold">{machine.exportName}</span>
                      <span className="block text-xs text-slate-600">
                        {machine.file} · {summary.states} estados · {summary.transitions} transições
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {current && (
            <section aria-labelledby="machine-title" className="min-w-0">
              <h2 id="machine-title" className="mb-1 text-lg font-semibold text-slate-900">
                {current.exportName} <span className="font-normal text-slate-500">#{current.chart.id}</span>
              </h2>
              <div className="mb-3">
                <Legend />
              </div>
              {layout?.name === current.name ? (
                <StatechartView layout={layout.layout} title={current.exportName} active={active} />
              ) : (
                <PageSpinner label="Desenhando…" />
              )}
              <TransitionTable chart={current.chart} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/** The same transitions as text: searchable with the browser, readable by a screen reader. */
function TransitionTable({ chart }: { chart: Statechart }) {
  const rows = [...chart.transitions, ...[...chart.nodes.values()].flatMap((node) => node.internal)];
  return (
    <details className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-800">Transições em texto ({rows.length})</summary>
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-left">
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              <th className="py-1 pr-4">De</th>
              <th className="py-1 pr-4">Evento [guarda] / ações</th>
              <th className="py-1">Para</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 font-mono text-xs">
            {rows.map((transition) => (
              <tr key={transition.id}>
                <td className="py-1 pr-4">{transition.source}</td>
                <td className="py-1 pr-4">{transitionText(transition, true)}</td>
                <td className="py-1">{transition.targets.join(', ') || '(fica)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
