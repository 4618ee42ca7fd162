import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import { RELOAD_GUARD_MS, TOKEN_REFRESH_INTERVAL_MS } from '../../domain';
import type { SessionEvent } from '../../machines/session.machine';
import { sessionMachine } from '../../machines/session.machine';
import { admin, customer, loadedCompany, newcomer, refreshed, sessionHarness } from './session.harness';

/**
 * Model-based tests: the paths come from the session machine's own graph; each is replayed on a real actor whose
 * effects are settled by hand (done/error events settle the pending promise, delays advance fake timers).
 */
const graphEvents = [
  { type: 'auth.changed', auth: null },
  { type: 'auth.changed', auth: customer },
  { type: 'auth.changed', auth: newcomer },
  { type: 'auth.changed', auth: admin },
  { type: 'session.signIn', email: 'cliente@demo.test', password: 'demo12345' },
  { type: 'session.signOut' },
  { type: 'company.select', companyId: 'c2' },
  { type: 'company.loaded' },
  { type: 'company.failed', error: 'Empresa não encontrada.' },
  { type: 'api.unauthorized' },
  { type: 'page.unload' },
  { type: 'xstate.done.actor.signIn', output: customer },
  { type: 'xstate.done.actor.signIn', output: admin },
  { type: 'xstate.error.actor.signIn', error: new Error('E-mail ou senha incorretos.') },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('offline') },
  { type: 'xstate.done.actor.refreshToken', output: refreshed },
  { type: 'xstate.error.actor.refreshToken', error: new Error('offline') },
  { type: 'xstate.done.actor.recoverToken', output: refreshed },
  { type: 'xstate.error.actor.recoverToken', error: new Error('offline') },
  { type: 'xstate.after.tokenRefresh.session.signedIn.active' },
  { type: 'session.refresh' },
  { type: 'xstate.done.actor.refreshClaims', output: refreshed },
  { type: 'xstate.error.actor.refreshClaims', error: new Error('offline') },
] as EventObject[];

type Harness = ReturnType<typeof sessionHarness>;

/** Makes the real actor take the step the graph took. */
async function replay(h: Harness, event: EventObject) {
  const settle: Record<string, () => unknown> = {
    'company.loaded': () => h.pending.resolve('fetchCompany', loadedCompany('c1')),
    'company.failed': () => h.pending.reject('fetchCompany', new Error('Empresa não encontrada.')),
    'xstate.error.actor.signIn': () => h.pending.reject('signIn'),
    'xstate.done.actor.signIn': () => h.pending.resolve('signIn', (event as unknown as { output: unknown }).output),
    'xstate.done.actor.signOut': () => h.pending.resolve('signOut'),
    'xstate.error.actor.signOut': () => h.pending.reject('signOut'),
    'xstate.done.actor.refreshToken': () => h.pending.resolve('refreshToken', refreshed),
    'xstate.error.actor.refreshToken': () => h.pending.reject('refreshToken'),
    'xstate.done.actor.recoverToken': () => h.pending.resolve('refreshToken', refreshed),
    'xstate.error.actor.recoverToken': () => h.pending.reject('refreshToken'),
    'xstate.done.actor.refreshClaims': () => h.pending.resolve('refreshToken', refreshed),
    'xstate.error.actor.refreshClaims': () => h.pending.reject('refreshToken'),
  };
  if (event.type.startsWith('xstate.after.tokenRefresh')) {
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
  } else if (settle[event.type]) {
    settle[event.type]();
  } else {
    h.actor.send(event as SessionEvent);
  }
  await vi.advanceTimersByTimeAsync(0);
}

function pathsFor(machine: AnyStateMachine, lastReloadAt: number | null) {
  return getShortestPaths(machine, { events: graphEvents, input: { storedCompanyId: null, lastReloadAt } });
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('session machine, paths from its graph', () => {
  const now = new Date('2026-11-22T12:00:00Z').getTime();
  const scenarios = [
    { name: 'no recent reload', lastReloadAt: null },
    { name: 'reloaded moments ago', lastReloadAt: now - RELOAD_GUARD_MS / 2 },
  ];

  for (const scenario of scenarios) {
    describe(scenario.name, () => {
      vi.useFakeTimers({ now });
      const paths = pathsFor(sessionHarness({ lastReloadAt: scenario.lastReloadAt }).machine, scenario.lastReloadAt);
      vi.useRealTimers();

      it.each(paths.map((path) => [JSON.stringify(path.state.value), path] as const))('reaches %s', async (_, path) => {
        const h = sessionHarness({ lastReloadAt: scenario.lastReloadAt });
        for (const step of path.steps) {
          await replay(h, step.event);
          expect(h.actor.getSnapshot().value).toEqual(step.state.value);
        }
      });
    });
  }

  it('reaches every state node of the machine', () => {
    const reached = new Set<string>();
    for (const scenario of scenarios) {
      for (const path of pathsFor(sessionMachine, scenario.lastReloadAt)) {
        for (const node of path.state._nodes) reached.add(node.id);
      }
    }
    const all = getStateNodes(sessionMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });
});
