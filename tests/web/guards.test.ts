import type { ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { requireCompany, requireWizard } from '@/lib/guards';
import type { SessionActor } from '@/lib/session';
import { customer, flush, loadedCompany, sessionHarness } from '../machines/session.harness';

/** A signed-in customer whose first company load failed (a network blip). */
async function afterFailedLoad() {
  const harness = sessionHarness();
  harness.auth(customer);
  harness.pending.reject('fetchCompany', new Error('Serviço indisponível. Tente novamente em instantes.'));
  await flush();
  expect(harness.company()?.getSnapshot().value).toBe('failed');
  const args = {
    context: { session: { ready: async () => harness.actor as unknown as SessionActor } },
    location: { pathname: '/app/panel', searchStr: '', href: '/app/panel' } as ParsedLocation,
  };
  return { ...harness, args };
}

describe('company guards after a failed load', () => {
  it('load the company again, and let the page open when it comes', async () => {
    const { args, pending, company } = await afterFailedLoad();
    const guarded = requireCompany(args);
    await flush();
    expect(pending.count('fetchCompany')).toBe(1);
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await expect(guarded).resolves.toBeDefined();
    expect(company()?.getSnapshot().value).toBe('loaded');
  });

  it('show the error when the second try fails too, and try again on the next visit', async () => {
    const { args, pending } = await afterFailedLoad();
    const guarded = requireWizard(args);
    await flush();
    pending.reject('fetchCompany', new Error('Empresa não encontrada.'));
    await expect(guarded).rejects.toThrow('Empresa não encontrada.');
    const again = requireCompany(args);
    await flush();
    expect(pending.count('fetchCompany')).toBe(1);
    pending.resolve('fetchCompany', loadedCompany('c1'));
    await expect(again).resolves.toBeDefined();
  });
});
