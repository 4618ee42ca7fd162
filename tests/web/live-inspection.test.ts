import { describe, expect, it } from 'vitest';
import { activeStateIds, leafStates, machineIdOf } from '@/features/statecharts/components/useLiveMachines';

describe('a state value from Stately’s inspection events, as the statechart page highlights it', () => {
  it('names every state node the actor stands in, from the root down', () => {
    expect(activeStateIds('companyStatus', 'pending')).toEqual(['companyStatus', 'companyStatus.pending']);
    expect(activeStateIds('session', { signedIn: 'active' })).toEqual(['session', 'session.signedIn', 'session.signedIn.active']);
    expect(activeStateIds('wizard', { steps: { form: 'editing' }, payment: 'idle' })).toEqual([
      'wizard',
      'wizard.steps',
      'wizard.steps.form',
      'wizard.steps.form.editing',
      'wizard.payment',
      'wizard.payment.idle',
    ]);
  });

  it('shows people the innermost states', () => {
    const snapshot = { tab: 't', machine: 'session', event: 'x', status: 'active', at: 0 };
    expect(leafStates({ ...snapshot, active: activeStateIds('session', { signedIn: 'active' }) })).toBe('signedIn.active');
  });
});

describe('which registered actors the statechart page follows', () => {
  const registration = (definition: string | undefined) =>
    ({
      type: '@xstate.actor',
      definition,
      name: 'x',
      sessionId: 'x:0',
      createdAt: '',
      id: '1',
      _version: '',
      rootId: 'x:0',
      parentId: undefined,
      snapshot: {},
    }) as const;
  it('follows machines by their id, not callback actors nor unreadable definitions', () => {
    expect(machineIdOf(registration('{"id":"session","initial":"a","states":{"a":{}}}'))).toBe('session');
    expect(machineIdOf(registration('{"id":"authListener"}'))).toBeNull();
    expect(machineIdOf(registration(undefined))).toBeNull();
    expect(machineIdOf(registration('{not json'))).toBeNull();
  });
});
