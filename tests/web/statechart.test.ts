import ELK from 'elkjs/lib/elk.bundled.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { and, fromPromise, not, setup } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { companyOpeningWizardMachine } from '@machines/companyOpeningWizard.machine';
import { sessionMachine } from '@machines/session.machine';
import type { ChartLayout } from '@/features/statecharts/layout';
import { layoutStatechart, stateRows } from '@/features/statecharts/layout';
import { isMachine, readStatechart } from '@/features/statecharts/statechart';

/** The dev page's statecharts (/app/dev/machines): read from the machine definitions, laid out by ELK. */

const measure = (text: string) => text.length * 6.5;
const elk = new ELK();

/** A machine with what ours do not have yet: parallel regions, history, combined guards, numeric delays. */
const sample = setup({
  guards: { ready: () => true, online: () => true },
  actors: { upload: fromPromise(async () => 'ok') },
}).createMachine({
  id: 'sample',
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        text: { initial: 'clean', states: { clean: { on: { type: 'dirty' } }, dirty: {}, hist: { type: 'history' } } },
        upload: {
          initial: 'idle',
          states: {
            idle: { on: { send: { guard: and(['ready', not('online')]), target: 'sending' } } },
            sending: { invoke: { id: 'upload', src: 'upload', onDone: 'idle' }, after: { 5000: 'idle' } },
          },
        },
      },
      on: { close: 'closed' },
    },
    closed: { type: 'final' },
  },
});

function inside(layout: ChartLayout, childId: string, parentId: string) {
  const child = layout.nodes.find((placed) => placed.node.id === childId)!;
  const parent = layout.nodes.find((placed) => placed.node.id === parentId)!;
  return (
    child.x >= parent.x &&
    child.y >= parent.y &&
    child.x + child.width <= parent.x + parent.width + 0.5 &&
    child.y + child.height <= parent.y + parent.height + 0.5
  );
}

describe('statecharts of the dev page', () => {
  it('has every state node of every machine in machines/', async () => {
    const files = readdirSync(join(import.meta.dirname, '../../machines')).filter((file) => file.endsWith('.machine.ts'));
    for (const file of files) {
      const module: Record<string, unknown> = await import(`../../machines/${file}`);
      const machines = Object.values(module).filter(isMachine) as AnyStateMachine[];
      expect(machines.length, file).toBeGreaterThan(0);
      for (const machine of machines) {
        const chart = readStatechart(machine);
        // getStateNodes answers the nodes under the root.
        expect([...chart.nodes.keys()].sort()).toEqual(
          [machine.id, ...getStateNodes(machine.root).map((node) => node.id)].sort(),
        );
      }
    }
  });

  it('reads initial and final states, delays, invoked actors, guards and actor answers', () => {
    const chart = readStatechart(sessionMachine);
    expect(chart.root.initial).toBe('session.initializing');
    expect(chart.nodes.get('session.signedIn')!.initial).toBe('session.signedIn.active');
    expect(chart.nodes.get('session.unloaded')!.type).toBe('final');
    expect(chart.root.invokes).toEqual([
      { id: 'authListener', src: 'authListener' },
      { id: 'company', src: 'company' },
    ]);
    const find = (source: string, event: string) =>
      chart.transitions.filter((transition) => transition.source === source && transition.event === event);
    expect(find('session.signedIn.active', 'after tokenRefresh')[0]).toMatchObject({
      kind: 'after',
      targets: ['session.signedIn.refreshingToken'],
    });
    expect(find('session.signingIn', 'done: signIn').map((transition) => transition.guard)).toEqual([
      'isSystemAdmin',
      'hasCompanyToLoad',
      null,
    ]);
    expect(find('session.recovering', 'error: recoverToken')[0].targets).toEqual(['session.signedOut']);
    // A transition that keeps the state is written inside it.
    expect(stateRows(chart.nodes.get('session.recovering')!).map((row) => row.text)).toContain('api.unauthorized');
    // The timers XState adds for `after` are not the machine's own actions.
    expect(chart.nodes.get('session.signedIn.active')!.entry).toEqual([]);

    const wizard = readStatechart(companyOpeningWizardMachine);
    expect(
      wizard.transitions
        .filter((transition) => transition.source === 'wizard.routing')
        .map((transition) => `${transition.event} [${transition.guard}] → ${transition.targets[0]}`),
    ).toContain('always [atStep(subscription)] → wizard.subscription');
    expect(wizard.nodes.get('wizard.finished.operating')!.entry).toEqual(['goToPanel']);
  });

  it('reads parallel and history states, combined guards and delays in milliseconds', () => {
    const chart = readStatechart(sample);
    expect(chart.nodes.get('sample.editing')!.type).toBe('parallel');
    expect(chart.nodes.get('sample.editing')!.initial).toBeNull();
    expect(chart.nodes.get('sample.editing.text.hist')!.type).toBe('history');
    const events = chart.transitions.map((transition) => `${transition.event} [${transition.guard}]`);
    expect(events).toContain('send [ready && !online]');
    expect(events).toContain('after 5000 ms [null]');
    expect(events).toContain('done: upload [null]');
  });

  it.each([
    ['session', sessionMachine],
    ['the opening wizard', companyOpeningWizardMachine],
    ['a parallel sample', sample],
  ] as const)('lays %s out: states inside their parents, a line for every transition', async (_, machine) => {
    const chart = readStatechart(machine as AnyStateMachine);
    const layout = await layoutStatechart(chart, elk, measure);
    expect(layout.nodes).toHaveLength(chart.nodes.size);
    for (const placed of layout.nodes) {
      expect(placed.width).toBeGreaterThan(0);
      if (placed.node.id !== chart.root.id) {
        const parent = placed.node.id.slice(0, placed.node.id.lastIndexOf('.'));
        expect(inside(layout, placed.node.id, parent), `${placed.node.id} inside ${parent}`).toBe(true);
      }
    }
    const lines = chart.transitions.flatMap((transition) => transition.targets.map((target) => `${transition.id}->${target}`));
    expect(
      layout.edges
        .filter((edge) => edge.transition)
        .map((edge) => edge.id)
        .sort(),
    ).toEqual(lines.sort());
    for (const edge of layout.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
    // One dot per compound state that is not parallel.
    const compound = [...chart.nodes.values()].filter((node) => node.initial && node.type !== 'parallel');
    expect(layout.initialDots).toHaveLength(compound.length);
  });
});
