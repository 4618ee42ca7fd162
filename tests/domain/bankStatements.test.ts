import { describe, expect, it } from 'vitest';
import { bankName, periodRange, ruleMatches, suggestRuleText } from '@domain';

describe('category rules', () => {
  it('match accents and case aside, in the description or the complement where the counterparty is', () => {
    const rule = { contains: 'Tarifa bancária', direction: 'any' as const };
    expect(ruleMatches(rule, { description: 'TARIFA BANCARIA PACOTE', amountCents: -3990 })).toBe(true);
    expect(
      ruleMatches({ contains: 'aws', direction: 'out' }, { description: 'Pagamento', memo: 'AMAZON AWS', amountCents: -100 }),
    ).toBe(true);
    expect(ruleMatches(rule, { description: 'PIX RECEBIDO', amountCents: 100 })).toBe(false);
  });

  it('look only at money in or out when told', () => {
    const incoming = { contains: 'pix', direction: 'in' as const };
    expect(ruleMatches(incoming, { description: 'PIX RECEBIDO', amountCents: 5000 })).toBe(true);
    expect(ruleMatches(incoming, { description: 'PIX ENVIADO', amountCents: -5000 })).toBe(false);
    expect(ruleMatches({ contains: 'pix', direction: 'out' }, { description: 'PIX ENVIADO', amountCents: -5000 })).toBe(true);
  });

  it('are offered without dates and document numbers', () => {
    expect(suggestRuleText('PIX RECEBIDO 12/03 JOAO SILVA 123.456.789-00')).toBe('PIX RECEBIDO JOAO SILVA');
  });
});

describe('periods and banks', () => {
  it('turn a month, a quarter or a year into its first and last day', () => {
    expect(periodRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('2026-T4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('name banks by their COMPE code however the file writes it', () => {
    expect(bankName('0341')).toBe('Itaú');
    expect(bankName('1')).toBe('Banco do Brasil');
    expect(bankName('999')).toBe('Banco 999');
    expect(bankName(null)).toBeNull();
  });
});
