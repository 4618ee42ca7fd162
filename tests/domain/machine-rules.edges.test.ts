/**
 * The domain rules the machines call, over their whole input space or their edges, with the answers written out as
 * tables here (the specification's and the lifecycle's, docs/machines.md and docs/rules.md) — never computed by the
 * rules under test. A machine's model test can then trust them.
 */
import { describe, expect, it } from 'vitest';
import type { Claims, CompanyStatus, Track, TrackId } from '@domain';
import { canChangeStatus, chooseCompanyId, hasActiveSubscription, isSinglePartnerCompany } from '@domain';
import { lifecycleMoves } from '../support/lifecycle';

describe('hasActiveSubscription, for every subscription status', () => {
  it.each([
    ['pending', false],
    ['active', true],
    ['overdue', false],
    ['cancelled', false],
  ] as const)('%s → %s', (status, expected) => {
    expect(hasActiveSubscription({ currentSubscription: { id: 's', planId: 'essencial', status } })).toBe(expected);
  });
  it('no subscription, no company → false', () => {
    expect(hasActiveSubscription({ currentSubscription: null })).toBe(false);
    expect(hasActiveSubscription(undefined)).toBe(false);
  });
});

describe('isSinglePartnerCompany, for each track kind and partners list', () => {
  const partner = (name: string) => ({ name });
  const track = (trackId: TrackId, stepId: string, partners: unknown): Track =>
    ({ trackId, status: 'in_progress', steps: [{ stepId, status: 'done', payload: { partners } }] }) as unknown as Track;
  // [track, the step holding the partners, the partners, single-partner?]
  const table: [TrackId, string, unknown, boolean][] = [
    ['create-company', 'partner-registration', undefined, false],
    ['create-company', 'partner-registration', [], false],
    ['create-company', 'partner-registration', [partner('Ana')], true],
    ['create-company', 'partner-registration', [partner('Ana'), partner('Bia')], false],
    ['create-company', 'partner-registration-basic', [partner('Ana')], false],
    ['migrate-company', 'partner-registration-basic', undefined, false],
    ['migrate-company', 'partner-registration-basic', [], false],
    ['migrate-company', 'partner-registration-basic', [partner('Ana')], true],
    ['migrate-company', 'partner-registration-basic', [partner('Ana'), partner('Bia')], false],
    ['migrate-company', 'partner-registration', [partner('Ana')], false],
    ['create-company', 'partner-registration', 'Ana', false],
  ];
  it.each(table)('%s, partners in %s: %j → %s', (trackId, stepId, partners, expected) => {
    expect(isSinglePartnerCompany(track(trackId, stepId, partners))).toBe(expected);
  });
  it('a missing track, or one without steps → false', () => {
    expect(isSinglePartnerCompany(null)).toBe(false);
    expect(isSinglePartnerCompany({ trackId: 'create-company', status: 'pending', steps: [] } as unknown as Track)).toBe(false);
  });
});

describe('chooseCompanyId, for each combination of a stored company and claims', () => {
  // The order of docs/machines.md: the stored company when still accessible, the first of `companies`, `companyId`.
  const table: [string, string | null, Claims | null, string | null][] = [
    ['stored and still accessible', 'c2', { companies: ['c1', 'c2'] }, 'c2'],
    ['stored but no longer accessible', 'c9', { companies: ['c1', 'c2'] }, 'c1'],
    ['nothing stored', null, { companies: ['c1', 'c2'] }, 'c1'],
    ['only the companyId claim', null, { companyId: 'c3' }, 'c3'],
    ['stored, reachable through companyId only', 'c3', { companyId: 'c3' }, 'c3'],
    ['an empty companies claim', null, { companies: [], companyId: 'c3' }, 'c3'],
    ['no company at all', 'c1', {}, null],
    ['no claims', 'c1', null, null],
    ['a system admin with a stored company', 'c5', { roles: ['system-admin'] }, 'c5'],
    ['a system admin with nothing stored', null, { roles: ['system-admin'] }, null],
    ['a system admin with a companies claim', null, { roles: ['system-admin'], companies: ['c7'] }, 'c7'],
  ];
  it.each(table)('%s → %s', (_case, stored, claims, expected) => {
    expect(chooseCompanyId(stored, claims)).toBe(expected);
  });
});

describe('canChangeStatus, the whole lifecycle table', () => {
  const statuses: CompanyStatus[] = ['pending', 'awaiting_opening', 'migrating', 'opening', 'active', 'overdue', 'disabled'];
  const cases = statuses.flatMap((from) =>
    (['create-company', 'migrate-company', null] as const).flatMap((trackId) =>
      [true, false].flatMap((cnpj) =>
        (from === 'disabled' ? (['active', 'opening', null] as const) : [null]).map(
          (previous) => [from, trackId, cnpj, previous] as const,
        ),
      ),
    ),
  );
  it.each(cases)('from %s on track %s, CNPJ %s, before disabled %s', (from, trackId, cnpj, previous) => {
    const subject = { status: from, previousStatus: previous, trackId, cnpj: cnpj ? '11222333000181' : null };
    const moves = statuses.filter((to) => canChangeStatus(subject, to));
    expect(moves.sort()).toEqual([...lifecycleMoves(subject)].sort());
  });
});
