/**
 * Path generation is bounded: a machine whose graph never ends (context that grows on every event) fails a test
 * naming the machine, within a second, instead of hanging the suite.
 */
import { assign, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MachineModel } from './models/model';
import { candidatePaths, modelPaths, transitionPaths, untakenTransitions } from './models/model';

const forever = setup({ types: { context: {} as { sent: number } } }).createMachine({
  id: 'resendsForever',
  context: { sent: 0 },
  initial: 'sending',
  states: { sending: { on: { 'send.again': { actions: assign({ sent: ({ context }) => context.sent + 1 }) } } } },
});
const model: MachineModel = {
  machine: forever,
  context: { none: 'a test machine' },
  scenarios: [{ name: 'a re-send that never stops', events: [{ type: 'send.again' }] }],
};

describe('path generation', () => {
  it('fails fast, naming the machine and the scenario, on a graph that never ends', () => {
    const started = performance.now();
    expect(() => modelPaths(model, 500)).toThrow(
      'The model of machine "resendsForever" (scenario "a re-send that never stops") passed 500 steps',
    );
    // A small limit, as for modelPaths: the full one (200,000 steps) took 21 s beside a busy CPU, past the bound below.
    expect(() => candidatePaths(model, 500)).toThrow(/machine "resendsForever"/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

/** A machine that decides at its start, by its input, and then takes no event. */
const decidesAtStart = setup({
  types: { input: {} as { ok: boolean }, context: {} as { ok: boolean } },
  guards: { isOk: ({ context }) => context.ok },
}).createMachine({
  id: 'decidesAtStart',
  context: ({ input }) => ({ ok: input.ok }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isOk', target: 'accepted' }, { target: 'refused' }] },
    accepted: { type: 'final' },
    refused: { type: 'final' },
  },
});

describe('a machine whose start takes its transitions by itself', () => {
  const startOnly: MachineModel = {
    machine: decidesAtStart,
    context: { none: 'a test machine' },
    scenarios: [
      { name: 'accepted', input: { ok: true }, events: [] },
      { name: 'refused', input: { ok: false }, events: [] },
    ],
  };
  it('has the start alone of each scenario among its paths, and every transition taken', () => {
    expect(transitionPaths(startOnly).map((plan) => [plan.scenario.name, plan.path.steps.length])).toEqual([
      ['accepted', 1],
      ['refused', 1],
    ]);
    expect(untakenTransitions(startOnly)).toEqual([]);
  });
});
