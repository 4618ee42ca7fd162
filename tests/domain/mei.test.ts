import { describe, expect, it } from 'vitest';
import {
  AnnualBillingQuerySchema,
  MEI_ANNUAL_LIMIT_CENTS,
  MEI_MONTHLY_LIMIT_CENTS,
  meiLimitCents,
  meiLimitStatus,
  validate,
} from '@domain';

describe('the MEI revenue limit of a year', () => {
  it('is R$ 81.000,00, twelve times R$ 6.750,00', () => {
    expect(MEI_ANNUAL_LIMIT_CENTS).toBe(8_100_000);
    expect(MEI_MONTHLY_LIMIT_CENTS).toBe(675_000);
    expect(MEI_MONTHLY_LIMIT_CENTS * 12).toBe(MEI_ANNUAL_LIMIT_CENTS);
  });

  it('is the full limit after the opening year, or when the opening date is unknown', () => {
    expect(meiLimitCents(2026, '2025-09-15')).toBe(8_100_000);
    expect(meiLimitCents(2026, '2019-01-02')).toBe(8_100_000);
    expect(meiLimitCents(2026, null)).toBe(8_100_000);
  });

  it('in the opening year, is R$ 6.750,00 per month of activity, the opening month included', () => {
    expect(meiLimitCents(2026, '2026-01-20')).toBe(8_100_000);
    expect(meiLimitCents(2026, '2026-03-15')).toBe(6_750_000);
    expect(meiLimitCents(2026, '2026-03-31')).toBe(6_750_000);
    expect(meiLimitCents(2026, '2026-12-01')).toBe(675_000);
  });

  it('is zero for a year before the company opened', () => {
    expect(meiLimitCents(2025, '2026-03-15')).toBe(0);
  });

  it('refuses an opening date that is not YYYY-MM-DD', () => {
    expect(() => meiLimitCents(2026, '15/03/2026')).toThrow(RangeError);
  });
});

describe('where the billing stands on the MEI limit', () => {
  const limit = 8_100_000;

  it('is fine below 80 %', () => {
    const status = meiLimitStatus(6_479_999, limit);
    expect(status.level).toBe('ok');
    expect(status.ratio).toBeCloseTo(0.8, 6);
    expect(status.title).toBe('Dentro do limite do MEI');
    expect(meiLimitStatus(0, limit)).toMatchObject({ level: 'ok', ratio: 0 });
  });

  it('asks for attention from 80 % up to the limit itself', () => {
    expect(meiLimitStatus(6_480_000, limit).level).toBe('attention');
    const atLimit = meiLimitStatus(limit, limit);
    expect(atLimit).toMatchObject({ level: 'attention', ratio: 1, title: 'Perto do limite do MEI' });
    expect(atLimit.message).toContain('Acompanhe');
  });

  it('is over from one centavo above the limit up to 20 % above: leaves MEI next year, DAS on the excess', () => {
    expect(meiLimitStatus(limit + 1, limit).level).toBe('over');
    const status = meiLimitStatus(9_720_000, limit);
    expect(status).toMatchObject({ level: 'over', ratio: 1.2, title: 'Limite do MEI ultrapassado' });
    expect(status.message).toContain('a partir de 1º de janeiro do ano seguinte');
    expect(status.message).toContain('DAS');
  });

  it('is excluded above 20 %: retroactive to 1 January, taxes as ME, talk to the team', () => {
    const status = meiLimitStatus(9_720_001, limit);
    expect(status.level).toBe('excluded');
    expect(status.message).toContain('desde 1º de janeiro do próprio ano');
    expect(status.message).toContain('como ME');
    expect(status.message).toContain('Fale com a nossa equipe.');
  });

  it('works on a proportional limit', () => {
    // Opened in March: R$ 67.500,00; R$ 70.000,00 billed is 3.7 % over.
    expect(meiLimitStatus(7_000_000, meiLimitCents(2026, '2026-03-10'))).toMatchObject({ level: 'over' });
  });

  it('refuses a limit of zero (no limit applies)', () => {
    expect(() => meiLimitStatus(100, 0)).toThrow(RangeError);
  });
});

describe('the annual billing query', () => {
  const companyId = '6f1c2f1e-3c7b-4a59-9d0e-2a1b3c4d5e6f';

  it('takes a year as text or number, and leaves it out for the current one', () => {
    expect(validate(AnnualBillingQuerySchema, { companyId, year: '2025' })).toEqual({
      ok: true,
      value: { companyId, year: 2025 },
    });
    expect(validate(AnnualBillingQuerySchema, { companyId, year: 2026 })).toMatchObject({ ok: true, value: { year: 2026 } });
    expect(validate(AnnualBillingQuerySchema, { companyId })).toMatchObject({ ok: true, value: { year: undefined } });
  });

  it('refuses a bad year with a pt-BR message', () => {
    for (const year of ['abc', '26', '2025.5', '1999', '2101', '', 2025.5]) {
      const result = validate(AnnualBillingQuerySchema, { companyId, year });
      expect(result).toMatchObject({
        ok: false,
        fields: { year: 'Ano inválido: informe um ano entre 2000 e 2100 (ex.: 2026).' },
      });
    }
  });

  it('asks for the company', () => {
    expect(validate(AnnualBillingQuerySchema, {})).toMatchObject({ ok: false, fields: { companyId: 'Informe a empresa.' } });
    expect(validate(AnnualBillingQuerySchema, { companyId: '42' })).toMatchObject({
      ok: false,
      fields: { companyId: 'Empresa inválida.' },
    });
  });
});
