import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoadedCompany } from '@machines/company.machine';
import { companyMachine, selectHasActiveSubscription, selectIsSinglePartnerCompany } from '@machines/company.machine';
import { PendingCalls } from '../support/deferred';
import { COMPANY_ANSWERS, companyModel } from './models/company.model';
import { describePath, transitionPaths, unreachedNodes } from './models/model';
import { flush, loadedCompany } from './session.harness';

function companyHarness() {
  const pending = new PendingCalls();
  const notified: string[] = [];
  const selections: { companyId: string; trackId: string | null }[] = [];
  const machine = companyMachine.provide({
    actors: { fetchCompany: fromPromise(({ input }) => pending.next<LoadedCompany>('fetchCompany', input)) },
    actions: {
      notifyLoaded: () => void notified.push('loaded'),
      notifyFailed: () => void notified.push('failed'),
      persistSelection: (_, params) => void selections.push(params),
    },
  });
  const actor = createActor(machine).start();
  return { actor, pending, notified, selections, machine };
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
    expect(actor.getSnapshot().context).toEqual({ companyId: null, company: null, track: null, error: null, errorStatus: null });
  });

  it('means what each state says on paths that take every transition, replayed on a real actor', async () => {
    const paths = transitionPaths(companyModel);
    expect(unreachedNodes(companyModel, paths)).toEqual([]);
    for (const plan of paths) {
      const h = companyHarness();
      for (const step of plan.path.steps) {
        const before = {
          notified: h.notified.length,
          selections: h.selections.length,
          company: h.actor.getSnapshot().context.company,
        };
        const type = step.event.type;
        if (type.startsWith('xstate.done'))
          h.pending.resolve('fetchCompany', (step.event as unknown as { output: LoadedCompany }).output);
        else if (type.startsWith('xstate.error')) h.pending.reject('fetchCompany', new Error('Empresa não encontrada.'));
        else h.actor.send(step.event as never);
        await flush();
        const at = `${describePath(plan)} (after ${type})`;
        const { value, context } = h.actor.getSnapshot();
        expect(value, at).toEqual(step.state.value);
        const notified = h.notified.slice(before.notified);
        const selected = h.selections.slice(before.selections);
        // What the pages read of the company on screen: the table's answer for it, never the rules' own.
        const shown = COMPANY_ANSWERS.find((answer) => answer.loaded.company.name === context.company?.name);
        if (context.company) {
          expect(shown, `${at}: a company of the table`).toBeDefined();
          expect(selectHasActiveSubscription(h.actor.getSnapshot()), `${at}: active subscription`).toBe(shown!.active);
          expect(selectIsSinglePartnerCompany(h.actor.getSnapshot()), `${at}: single partner`).toBe(shown!.singlePartner);
        } else {
          expect(
            [selectHasActiveSubscription(h.actor.getSnapshot()), selectIsSinglePartnerCompany(h.actor.getSnapshot())],
            at,
          ).toEqual([false, false]);
        }
        switch (value) {
          case 'idle':
            // Nothing selected: nothing on screen, nobody told.
            expect(context, at).toEqual({ companyId: null, company: null, track: null, error: null, errorStatus: null });
            break;
          case 'loading':
            // A fresh load shows nothing of the previous company and asks for the selected one.
            expect(context.companyId, at).not.toBeNull();
            expect(context.company, at).toBeNull();
            expect(h.pending.count('fetchCompany'), at).toBeGreaterThan(0);
            break;
          case 'loaded':
            expect(context.company?.id, at).toBe(context.companyId);
            if (type === 'xstate.done.actor.fetchCompany') {
              // A first load tells the session and remembers the choice.
              expect(notified, at).toEqual(['loaded']);
              expect(selected, at).toEqual([{ companyId: 'c1', trackId: shown!.trackId }]);
            } else if (type === 'xstate.done.actor.refetchCompany') {
              // A reload remembers the choice again, quietly.
              expect(notified, at).toEqual([]);
              expect(selected, at).toHaveLength(1);
            } else if (type === 'xstate.error.actor.refetchCompany') {
              // A failed reload keeps the data on screen and says why.
              expect(context.company, at).toBe(before.company);
              expect(context.error, at).toBe('Empresa não encontrada.');
            }
            break;
          case 'reloading':
            // The data stays on screen while it is fetched again.
            expect(context.company, at).not.toBeNull();
            expect(h.pending.count('fetchCompany'), at).toBeGreaterThan(0);
            break;
          case 'failed':
            expect(context.company, at).toBeNull();
            expect(context.error, at).toBe('Empresa não encontrada.');
            if (type === 'xstate.error.actor.fetchCompany') expect(notified, at).toEqual(['failed']);
            break;
          default:
            throw new Error(`No meaning written for the state ${JSON.stringify(value)}`);
        }
      }
    }
  });
});
