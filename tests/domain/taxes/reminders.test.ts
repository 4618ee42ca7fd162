import { describe, expect, it } from 'vitest';
import type { Obligation, ObligationKind } from '@domain';
import { daysBetween, dueTaxReminders, formatDay, taxReminderEmail, weekdayOf } from '@domain';

/** An obligation as `companyObligations` lists it; only what the reminders read matters. */
const obligation = (kind: ObligationKind, dueDate: string, extra: Partial<Obligation> = {}): Obligation => ({
  kind,
  competence: kind === 'dasn_simei' || kind === 'defis' ? '2026' : '2026-10',
  dueDate,
  amountCents: kind === 'das' || kind === 'das_mei' ? 8_605 : null,
  status: 'a_fazer',
  provisional: false,
  payment: null,
  ...extra,
});

const kindsOn = (list: Obligation[], today: string) => dueTaxReminders(list, today).map((r) => r.kind);

describe('the reminders of a guide due Monday 23 November 2026', () => {
  const das = [obligation('das_mei', '2026-11-23')];
  it.each([
    ['2026-11-17', []],
    ['2026-11-18', ['upcoming']],
    ['2026-11-23', ['upcoming']],
    ['2026-11-24', ['late']],
    ['2026-11-30', ['late']],
    ['2026-12-01', []],
  ])('on %s: %j', (today, expected) => expect(kindsOn(das, today)).toEqual(expected));
});

describe('which obligations get one', () => {
  const today = '2026-11-20';
  it('the guides a customer pays, DAS and DAS-MEI', () => {
    expect(kindsOn([obligation('das', '2026-11-23'), obligation('das_mei', '2026-11-23')], today)).toEqual([
      'upcoming',
      'upcoming',
    ]);
  });
  it('the yearly returns the team files: the first e-mail only; the PGDAS-D none (its DAS has one)', () => {
    const returns = (['dasn_simei', 'defis'] as const).map((kind) => obligation(kind, '2026-11-23'));
    expect(kindsOn(returns, today)).toEqual(['upcoming', 'upcoming']);
    expect(kindsOn(returns, '2026-11-24')).toEqual([]);
    expect(kindsOn([obligation('pgdas_d', '2026-11-23')], today)).toEqual([]);
  });
  it('not a guide recorded as paid, nor one of nothing to pay', () => {
    const paid = { paidAt: '2026-11-16T15:00:00.000Z', paidBy: null, guideDocumentId: null, receiptDocumentId: null };
    expect(kindsOn([obligation('das', '2026-11-23', { payment: paid, status: 'paga' })], today)).toEqual([]);
    expect(kindsOn([obligation('das', '2026-11-23', { amountCents: 0 })], today)).toEqual([]);
  });
  it('a DAS whose amount nobody could compute yet still gets one', () => {
    expect(kindsOn([obligation('das', '2026-11-23', { amountCents: null })], today)).toEqual(['upcoming']);
  });
});

describe('days between two dates', () => {
  it.each([
    ['2026-11-18', '2026-11-23', 5],
    ['2026-11-24', '2026-11-23', -1],
    ['2026-12-30', '2027-01-02', 3],
    ['2028-02-28', '2028-03-01', 2], // 2028 is a leap year
    ['2027-02-28', '2027-03-01', 1],
  ])('%s → %s: %i', (from, to, expected) => expect(daysBetween(from, to)).toBe(expected));
});

describe('the days as an e-mail writes them', () => {
  it.each([
    ['2026-11-23', '23/11/2026', 'segunda-feira'],
    ['2026-05-31', '31/05/2026', 'domingo'],
    ['2027-01-20', '20/01/2027', 'quarta-feira'],
  ])('%s: %s, %s', (day, written, weekday) => {
    expect(formatDay(day)).toBe(written);
    expect(weekdayOf(day)).toBe(weekday);
  });
});

describe('the e-mail of a DAS whose amount nobody could compute yet', () => {
  const email = taxReminderEmail(
    {
      companyName: 'Estúdio Prado & Filhos',
      regime: 'simples',
      due: { kind: 'upcoming', obligation: obligation('das', '2026-11-23', { amountCents: null }) },
      recipient: { userId: 'u1', name: 'Renata Prado', email: 'renata@exemplo.com.br' },
      today: '2026-11-18',
    },
    'https://app.contabil.test',
  );
  it('says so, without an amount in the subject', () => {
    expect(email.subject).toBe('DAS de outubro de 2026: vence em 23/11/2026');
    expect(email.text).toContain('O DAS de outubro de 2026 da Estúdio Prado & Filhos vence em 23/11/2026, segunda-feira.');
    expect(email.text).toContain('O valor ainda não foi calculado: falta a equipe contábil confirmar o anexo da empresa.');
    expect(email.html).toContain('Estúdio Prado &amp; Filhos');
    expect(email.html).toContain('<a href="https://app.contabil.test/app/taxes">https://app.contabil.test/app/taxes</a>');
  });
});
