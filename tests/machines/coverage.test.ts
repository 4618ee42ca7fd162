import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';
import type { MachineModel, ModelPath } from './models/model';
import { contextClassesOf, contextCoverage, transitionPaths, unreachedNodes, untakenTransitions } from './models/model';

/**
 * Every machine in machines/ is covered by model-based tests: it has a model (tests/machines/models/<name>.model.ts)
 * whose graph paths pass through each of its state nodes — nested, final and transient ones too — and take each of
 * its transitions — every guarded branch, eventless, delayed and invoke transition — and a test in this folder
 * replays that model on a real actor. A new machine file, state or transition without one fails here.
 */
const root = join(import.meta.dirname, '../..');
const machineFiles = readdirSync(join(root, 'machines'))
  .filter((file) => file.endsWith('.machine.ts'))
  .sort();
const testSources = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.test.ts') && file !== 'coverage.test.ts')
  .map((file) => readFileSync(join(import.meta.dirname, file), 'utf8'));

const isModel = (value: unknown): value is MachineModel =>
  typeof value === 'object' && value !== null && 'machine' in value && 'scenarios' in value;

// The paths of a model, chosen once for the tests below.
const chosenPaths = new Map<MachineModel, ModelPath[]>();
const pathsOf = (model: MachineModel) => chosenPaths.get(model) ?? chosenPaths.set(model, transitionPaths(model)).get(model)!;

// Every model's graph is walked and its paths chosen before the tests, which then only read them: the walk is the
// costly part (the session's, ~3,000 states, takes 1.3–1.9 s on this 2-core machine) and has a limit of its own.
beforeAll(async () => {
  for (const file of machineFiles) {
    const modelFile = join(import.meta.dirname, 'models', `${file.replace(/\.machine\.ts$/, '')}.model.ts`);
    if (!existsSync(modelFile)) continue;
    const modelModule: Record<string, unknown> = await import(modelFile);
    for (const model of Object.values(modelModule).filter(isModel)) pathsOf(model);
  }
}, 180_000);

it('finds the machines', () => {
  expect(machineFiles.length).toBeGreaterThanOrEqual(6);
});

describe.each(machineFiles)('%s', (file) => {
  const name = file.replace(/\.machine\.ts$/, '');
  const modelFile = join(import.meta.dirname, 'models', `${name}.model.ts`);

  it('has a model that a test replays', () => {
    expect(existsSync(modelFile), `tests/machines/models/${name}.model.ts is missing`).toBe(true);
    const importsModel = new RegExp(`from '\\./models/${name}\\.model'`);
    expect(
      testSources.some((source) => importsModel.test(source)),
      `no test in tests/machines imports ./models/${name}.model`,
    ).toBe(true);
  });

  it('has every state node reached by the model’s paths', async () => {
    const machineModule: Record<string, unknown> = await import(join(root, 'machines', file));
    const modelModule: Record<string, unknown> = existsSync(modelFile) ? await import(modelFile) : {};
    const machines = Object.values(machineModule).filter((value) => value instanceof StateMachine);
    const models = Object.values(modelModule).filter(isModel);
    expect(machines.length, `${file} exports no machine`).toBeGreaterThan(0);
    for (const machine of machines) {
      const model = models.find((candidate) => candidate.machine === machine);
      expect(model, `no model of the machine ${machine.id} exported by ${file}`).toBeDefined();
      expect(unreachedNodes(model!)).toEqual([]);
    }
  }, 180_000);

  it('has every transition taken by the model’s paths', async () => {
    const machineModule: Record<string, unknown> = await import(join(root, 'machines', file));
    const modelModule: Record<string, unknown> = existsSync(modelFile) ? await import(modelFile) : {};
    const machines = Object.values(machineModule).filter((value) => value instanceof StateMachine);
    const models = Object.values(modelModule).filter(isModel);
    for (const machine of machines) {
      const model = models.find((candidate) => candidate.machine === machine);
      expect(model, `no model of the machine ${machine.id} exported by ${file}`).toBeDefined();
      expect(untakenTransitions(model!, pathsOf(model!))).toEqual([]);
    }
    // The wizards' graphs take a few seconds to walk on a loaded 2-core machine.
  }, 180_000);

  it('takes every transition in every class of context it can be taken in, and says why not in the others', async () => {
    const machineModule: Record<string, unknown> = await import(join(root, 'machines', file));
    const modelModule: Record<string, unknown> = existsSync(modelFile) ? await import(modelFile) : {};
    const machines = Object.values(machineModule).filter((value) => value instanceof StateMachine);
    for (const model of Object.values(modelModule).filter(isModel)) {
      if (!machines.includes(model.machine)) continue;
      // A model declares its classes of context, or why its machine's context changes nothing a transition does.
      expect(model.context, `${model.machine.id}: the model declares its context`).toBeDefined();
      if (!contextClassesOf(model)) continue;
      const { reachable, taken, others } = contextCoverage(model, pathsOf(model));
      expect(
        [...reachable].filter((combination) => !taken.has(combination)),
        'combinations no path takes',
      ).toEqual([]);
      expect(
        others.filter(({ why }) => why === null).map(({ combination }) => combination),
        'combinations never reachable, without a reason in the model',
      ).toEqual([]);
      console.info(
        `${model.machine.id}: ${taken.size} (transition, class of context) combinations taken, ` +
          `${others.length} unreachable with their reason`,
      );
    }
  }, 180_000);
});
