import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoadedCompany } from '@machines/company.machine';
import { companyMachine, selectHasActiveSubscription, selectIsSinglePartnerCompany } from '@machines/company.machine';
import { PendingCalls } from '../support/deferred';
import { companyModel } from './models/company.model';
import { describePath, modelPaths, unreachedNodes } from './models/model';
import { flush, loadedCompany } from './session.harness';

function companyHarness() {
  const pending = new PendingCalls();
  const notified: string[] = [];
  const machine = companyMachine.provide({
    actors: { fetchCompany: fromPromise(({ input }) => pending.next<LoadedCompany>('fetchCompany', input)) },
    actions: {
      notifyLoaded: () => void notified.push('loaded'),
      notifyFailed: () => void notified.push('failed'),
    },
  });
  const actor = createActor(machine).start();
  return { actor, pending, notified, machine };
}

describe('company machine', () => {
  it('loads a company with its track and tells the session', async () => {
    const { actor, pending, notified } = companyHarness();
    actor.send({ type: 'company.load', companyId: 'c1' });
    expect(actor.getSnapshot().value).toBe('loading');
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(selectHasActiveSubscription(actor.getSnapshot())).toBe(true);
    expect(selectIsSinglePartnerCompany(actor.getSnapshot())).toBe(false);
    expect(notified).toEqual(['loaded']);
  });

  it('keeps the data on screen while reloading, and keeps it when the reload fails', async () => {
    const { actor, pending } = companyHarness();
    actor.send({ type: 'company.load', companyId: 'c1' });
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await flush();
    actor.send({ type: 'company.reload' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(actor.getSnapshot().context.company?.id).toBe('c1');
    pending.reject('fetchCompany', new Error('Sem conexão.'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Sem conexão.', company: { id: 'c1' } });
  });

  it('switches company and clears', async () => {
    const { actor, pending } = companyHarness();
    actor.send({ type: 'company.load', companyId: 'c1' });
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await flush();
    actor.send({ type: 'company.load', companyId: 'c2' });
    expect(actor.getSnapshot().context.company).toBeNull();
    pending.resolve('fetchCompany', loadedCompany('c2'));
    await flush();
    expect(actor.getSnapshot().context.company?.id).toBe('c2');
    actor.send({ type: 'company.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ companyId: null, company: null, track: null, error: null });
  });

  it('passes through every state node on paths from its graph, replayed on a real actor', async () => {
    const paths = modelPaths(companyModel);
    expect(unreachedNodes(companyModel, paths)).toEqual([]);
    for (const plan of paths) {
      const h = companyHarness();
      for (const step of plan.path.steps) {
        const type = step.event.type;
        if (type.startsWith('xstate.done')) h.pending.resolve('fetchCompany', loadedCompany('c1'));
        else if (type.startsWith('xstate.error')) h.pending.reject('fetchCompany');
        else h.actor.send(step.event as never);
        await flush();
        expect(h.actor.getSnapshot().value, describePath(plan)).toEqual(step.state.value);
      }
    }
  });
});
