import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { BulkEmissionEvent, BulkResult } from '@machines/nfseBulkEmission.machine';
import { nfseBulkEmissionMachine } from '@machines/nfseBulkEmission.machine';
import { PendingCalls } from '../support/deferred';
import { describePath, transitionPaths, unreachedNodes, untakenTransitions } from './models/model';
import { ANSWERS, NOT_SENT, nfseBulkEmissionModel } from './models/nfseBulkEmission.model';

/** The machine with `emit` a call the test settles, and a count of how often the run said it ended. */
function harness() {
  const pending = new PendingCalls();
  const emitted: string[] = [];
  let finished = 0;
  const machine = nfseBulkEmissionMachine.provide({
    actors: {
      emit: fromPromise<Omit<BulkResult, 'id'>, { id: string }>(({ input }) => {
        emitted.push(input.id);
        return pending.next('emit', input.id);
      }),
    },
    actions: { finished: () => void (finished += 1) },
  });
  const actor = createActor(machine).start();
  return { actor, pending, emitted, finished: () => finished };
}
type Harness = ReturnType<typeof harness>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('NFS-e bulk emission machine', () => {
  it('sends one request after another, and one that fails or is refused never stops the others', async () => {
    const h = harness();
    h.actor.send({ type: 'bulk.start', ids: ['a', 'b', 'c', 'd'] });
    expect(h.pending.resolve('emit', ANSWERS.issued)).toBe('a');
    await settle();
    expect(h.pending.count('emit')).toBe(1);
    expect(h.pending.reject('emit', new Error(NOT_SENT))).toBe('b');
    await settle();
    expect(h.pending.resolve('emit', ANSWERS.rejected)).toBe('c');
    await settle();
    expect(h.actor.getSnapshot().context.results).toHaveLength(3);
    expect(h.finished()).toBe(0);
    expect(h.pending.resolve('emit', ANSWERS.processing)).toBe('d');
    await settle();
    const { value, context } = h.actor.getSnapshot();
    expect(value).toBe('done');
    expect(context.results).toEqual([
      { id: 'a', ...ANSWERS.issued },
      { id: 'b', outcome: 'failed', detail: NOT_SENT },
      { id: 'c', ...ANSWERS.rejected },
      { id: 'd', ...ANSWERS.processing },
    ]);
    expect(h.emitted).toEqual(['a', 'b', 'c', 'd']);
    expect(h.finished()).toBe(1);
  });

  it('a stop lets the request being sent finish and starts no other', async () => {
    const h = harness();
    h.actor.send({ type: 'bulk.start', ids: ['a', 'b', 'c'] });
    h.actor.send({ type: 'bulk.stop' });
    expect(h.actor.getSnapshot().value).toBe('sending');
    h.pending.resolve('emit', ANSWERS.issued);
    await settle();
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.actor.getSnapshot().context.results).toEqual([{ id: 'a', ...ANSWERS.issued }]);
    expect(h.emitted).toEqual(['a']);
    expect(h.finished()).toBe(1);
  });

  it('a stop during the last request ends the run as done: nothing was left unsent', async () => {
    const h = harness();
    h.actor.send({ type: 'bulk.start', ids: ['a'] });
    h.actor.send({ type: 'bulk.stop' });
    h.pending.resolve('emit', ANSWERS.issued);
    await settle();
    expect(h.actor.getSnapshot().value).toBe('done');
  });

  it('starts nothing without requests, and a reset after a run forgets it', async () => {
    const h = harness();
    h.actor.send({ type: 'bulk.start', ids: [] });
    expect(h.actor.getSnapshot().value).toBe('review');
    h.actor.send({ type: 'bulk.start', ids: ['a'] });
    h.pending.resolve('emit', ANSWERS.issued);
    await settle();
    h.actor.send({ type: 'bulk.reset' });
    expect(h.actor.getSnapshot().value).toBe('review');
    expect(h.actor.getSnapshot().context).toEqual({ ids: [], results: [], stopping: false });
  });
});

/** Sends a step's event: the person's to the actor, the national system's answer through the pending call. */
async function replay(h: Harness, event: EventObject) {
  if (event.type === 'xstate.done.actor.emit') h.pending.resolve('emit', (event as unknown as { output: unknown }).output);
  else if (event.type === 'xstate.error.actor.emit') h.pending.reject('emit', (event as unknown as { error: unknown }).error);
  else h.actor.send(event as BulkEmissionEvent);
  await settle();
}

/** What each state means, whatever path led there; `ended`: how many runs the path has ended so far. */
function checkMeaning(h: Harness, at: string, ended: number) {
  const snapshot = h.actor.getSnapshot();
  const { ids, results } = snapshot.context;
  expect(results.length, at).toBeLessThanOrEqual(ids.length);
  // Results follow the requests' order, one each.
  expect(
    results.map((result) => result.id),
    at,
  ).toEqual(ids.slice(0, results.length));
  // Only the request whose turn it is travels, and only while sending.
  expect(h.pending.count('emit'), at).toBe(snapshot.matches('sending') ? 1 : 0);
  if (snapshot.matches('sending')) expect(h.emitted.at(-1), at).toBe(ids[results.length]);
  if (snapshot.matches('done')) expect(results.length, at).toBe(ids.length);
  if (snapshot.matches('stopped')) expect(results.length, at).toBeLessThan(ids.length);
  if (snapshot.matches('review')) expect(results, at).toEqual([]);
  // The app hears of each run's end once, when it ends.
  expect(h.finished(), at).toBe(ended);
}

const isEnd = (value: unknown) => value === 'done' || value === 'stopped';

describe('NFS-e bulk emission machine, paths from its model', () => {
  const plans = transitionPaths(nfseBulkEmissionModel);

  it('passes every state and takes every transition', () => {
    expect(unreachedNodes(nfseBulkEmissionModel, plans)).toEqual([]);
    expect(untakenTransitions(nfseBulkEmissionModel, plans)).toEqual([]);
  });

  it(`means what each state says on ${plans.length} paths, replayed on a real actor`, async () => {
    for (const plan of plans) {
      const h = harness();
      let ended = 0;
      let previous: unknown = h.actor.getSnapshot().value;
      for (const [i, step] of plan.path.steps.entries()) {
        if (step.event.type === 'xstate.init') continue;
        await replay(h, step.event);
        const at = `${describePath(plan)} (step ${i})`;
        const { value } = h.actor.getSnapshot();
        expect(value, at).toEqual(step.state.value);
        if (isEnd(value) && !isEnd(previous)) ended += 1;
        previous = value;
        checkMeaning(h, at, ended);
      }
      h.actor.stop();
    }
  });
});
