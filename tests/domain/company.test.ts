import { describe, expect, it } from 'vitest';
import type { Track } from '@domain';
import {
  companyDisplayName,
  companyRequirementRedirect,
  currentStep,
  formatCnpj,
  hasActiveSubscription,
  isSinglePartnerCompany,
  safeNextPath,
  wizardRedirect,
} from '@domain';

const track = (trackId: Track['trackId'], partners: unknown[] | undefined, status: Track['status'] = 'in_progress'): Track => ({
  trackId,
  status,
  steps: [
    { stepId: 'pre-registration', status: 'done', payload: {} },
    {
      stepId: trackId === 'create-company' ? 'partner-registration' : 'partner-registration-basic',
      status: 'done',
      payload: partners ? { partners } : null,
    },
    { stepId: 'subscription', status: 'pending', payload: null },
  ],
});

describe('company rules', () => {
  it('has an active subscription only when the current subscription is active', () => {
    expect(hasActiveSubscription({ currentSubscription: { id: 's', planId: 'p', status: 'active' } })).toBe(true);
    expect(hasActiveSubscription({ currentSubscription: { id: 's', planId: 'p', status: 'overdue' } })).toBe(false);
    expect(hasActiveSubscription({ currentSubscription: null })).toBe(false);
    expect(hasActiveSubscription(null)).toBe(false);
  });

  it('is single-partner when the relevant step lists exactly one partner', () => {
    expect(isSinglePartnerCompany(track('create-company', [{ name: 'Ana' }]))).toBe(true);
    expect(isSinglePartnerCompany(track('create-company', [{ name: 'Ana' }, { name: 'Bia' }]))).toBe(false);
    expect(isSinglePartnerCompany(track('migrate-company', [{ name: 'Ana' }]))).toBe(true);
    expect(isSinglePartnerCompany(track('migrate-company', undefined))).toBe(false);
    expect(isSinglePartnerCompany(null)).toBe(false);
  });

  it('reads the partners of partner-registration only on opening tracks', () => {
    const opening = track('create-company', [{ name: 'Ana' }]);
    opening.steps[1].stepId = 'partner-registration-basic';
    expect(isSinglePartnerCompany(opening)).toBe(false);
  });

  it('resumes at the first step not done', () => {
    expect(currentStep(track('create-company', []))?.stepId).toBe('subscription');
  });

  it('formats CNPJ and names', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(companyDisplayName({ name: 'Razão Ltda', alias: 'Fantasia', cnpj: null })).toBe('Fantasia');
    expect(companyDisplayName({ name: null, alias: null, cnpj: '11222333000181' })).toBe('11.222.333/0001-81');
  });
});

describe('company-requirements rule', () => {
  const customer = { roles: ['company-admin' as const] };
  const active = { status: 'active' as const, trackId: 'create-company' as const };

  it('sends a system admin to the admin companies list', () => {
    expect(companyRequirementRedirect({ claims: { roles: ['system-admin'] }, company: null, track: null })).toBe(
      '/app/admin/companies',
    );
  });

  it('sends a customer without a company to the wizard of the track chosen at signup', () => {
    expect(companyRequirementRedirect({ claims: customer, company: null, track: null })).toBe('/app/wizard/company-opening');
    expect(companyRequirementRedirect({ claims: { ...customer, trackId: 'migrate-company' }, company: null, track: null })).toBe(
      '/app/wizard/company-migration',
    );
  });

  it('sends a disabled company to the disabled page', () => {
    expect(companyRequirementRedirect({ claims: customer, company: { ...active, status: 'disabled' }, track: null })).toBe(
      '/app/user/disabled',
    );
  });

  it('sends a company not yet opened or taken over to its wizard, even with its track done', () => {
    const migrating = { status: 'pending' as const, trackId: 'migrate-company' as const };
    const inProgress = { trackId: 'migrate-company' as const, status: 'in_progress' as const };
    expect(companyRequirementRedirect({ claims: customer, company: migrating, track: inProgress })).toBe(
      '/app/wizard/company-migration',
    );
    const waiting = { status: 'awaiting_opening' as const, trackId: 'create-company' as const };
    const done = { trackId: 'create-company' as const, status: 'done' as const };
    expect(companyRequirementRedirect({ claims: customer, company: waiting, track: done })).toBe('/app/wizard/company-opening');
  });

  it('opens the page for an active or overdue company', () => {
    const done = { trackId: 'create-company' as const, status: 'done' as const };
    expect(companyRequirementRedirect({ claims: customer, company: active, track: done })).toBeNull();
    expect(companyRequirementRedirect({ claims: customer, company: { ...active, status: 'overdue' }, track: null })).toBeNull();
  });

  it('keeps each wizard to its own track, and closes both once the company operates', () => {
    const opening = { status: 'pending' as const, trackId: 'create-company' as const };
    const track = { trackId: 'create-company' as const, status: 'in_progress' as const };
    expect(wizardRedirect('/app/wizard/company-opening', { claims: customer, company: opening, track })).toBeNull();
    expect(wizardRedirect('/app/wizard/company-migration', { claims: customer, company: opening, track })).toBe(
      '/app/wizard/company-opening',
    );
    expect(wizardRedirect('/app/wizard/company-migration', { claims: customer, company: null, track: null })).toBeNull();
    expect(wizardRedirect('/app/wizard/company-opening', { claims: customer, company: active, track: null })).toBe('/app/panel');
  });

  it('follows only in-app next paths', () => {
    expect(safeNextPath('/app/documents?x=1')).toBe('/app/documents?x=1');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/app/login?next=/x')).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});
