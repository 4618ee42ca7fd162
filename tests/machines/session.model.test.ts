import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { TOKEN_REFRESH_INTERVAL_MS } from '@domain';
import type { SessionEvent, SessionInput } from '@machines/session.machine';
import { describePath, modelPaths, unreachedNodes } from './models/model';
import { SESSION_NOW, sessionModel } from './models/session.model';
import { loadedCompany, refreshed, sessionHarness } from './session.harness';

/**
 * Model-based tests: the paths come from the session machine's own graph (models/session.model.ts); each is replayed
 * on a real actor whose effects are settled by hand (done/error events settle the pending promise, delays advance
 * fake timers).
 */
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

beforeEach(() => vi.useFakeTimers({ now: SESSION_NOW }));
afterEach(() => vi.useRealTimers());

describe('session machine, paths from its graph', () => {
  const paths = modelPaths(sessionModel);

  for (const scenario of sessionModel.scenarios) {
    describe(scenario.name, () => {
      const mine = paths.filter((plan) => plan.scenario === scenario);
      it.each(mine.map((plan) => [JSON.stringify(plan.path.state.value), plan] as const))('reaches %s', async (_, plan) => {
        const h = sessionHarness(scenario.input as SessionInput);
        for (const step of plan.path.steps) {
          await replay(h, step.event);
          expect(h.actor.getSnapshot().value, describePath(plan)).toEqual(step.state.value);
        }
      });
    });
  }

  it('passes through every state node of the machine', () => {
    expect(unreachedNodes(sessionModel, paths)).toEqual([]);
  });
});
