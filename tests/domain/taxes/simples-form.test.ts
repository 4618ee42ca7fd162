import { describe, expect, it } from 'vitest';
import { parseReaisToCents, readSimplesToolForm } from '@domain';

describe('money typed in reais, as people in Brazil type it', () => {
  it.each([
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['R$ 1.234,5', 123_450],
    ['4.800.000,00', 480_000_000],
    ['500000', 50_000_000],
    ['0,01', 1],
    [' 10.000 ', 1_000_000],
  ])('%s is %i centavos', (text, cents) => expect(parseReaisToCents(text)).toBe(cents));

  it.each(['', '1.2', '12,345', '-5', '1,234.56', '12.50', 'abc', '1.2345,00', '99999999999999,00'])('refuses %j', (text) =>
    expect(parseReaisToCents(text)).toBeNull(),
  );
});

describe('the calculator form read into the JSON query', () => {
  it('turns "III ou V, pelo Fator R" into annex V with the payroll, in centavos', () => {
    expect(readSimplesToolForm({ annex: 'fator-r', rbt12: '500.000,00', revenue: '10.000,00', payroll12: '140.000,00' })).toEqual(
      {
        ok: true,
        query: { annex: 'V', rbt12Cents: 50_000_000, revenueCents: 1_000_000, payroll12Cents: 14_000_000 },
      },
    );
  });

  it('says every problem at once, each under its field', () => {
    expect(readSimplesToolForm({ rbt12: 'muito', exportRevenue: '1,00' })).toEqual({
      ok: false,
      fields: {
        annex: 'Informe o anexo do Simples Nacional: I, II, III, IV ou V.',
        rbt12: 'Informe um valor em reais, como 1.234,56.',
        revenue: 'Informe a receita do mês.',
        exportRbt12: 'Informe também a receita de exportação dos últimos 12 meses (RBT12 das exportações).',
      },
    });
  });
});
