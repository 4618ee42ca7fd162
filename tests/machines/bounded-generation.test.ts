/**
 * Path generation is bounded: a machine whose graph never ends (context that grows on every event) fails a test
 * naming the machine, within a second, instead of hanging the suite.
 */
import { assign, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MachineModel } from './models/model';
import { candidatePaths, modelPaths } from './models/model';

const forever = setup({ types: { context: {} as { sent: number } } }).createMachine({
  id: 'resendsForever',
  context: { sent: 0 },
  initial: 'sending',
  states: { sending: { on: { 'send.again': { actions: assign({ sent: ({ context }) => context.sent + 1 }) } } } },
});
const model: MachineModel = {
  machine: forever,
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
