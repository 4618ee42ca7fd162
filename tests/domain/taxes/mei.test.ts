import { describe, expect, it } from 'vitest';
import { dasMei, dasMeiYear, meiYearEnd } from '@domain';

describe('the monthly DAS-MEI', () => {
  // INSS = 5 % of the minimum wage (R$ 1.412 in 2024, R$ 1.518 in 2025, R$ 1.621 in 2026), + R$ 1 ICMS / R$ 5 ISS.
  const CASES = [
    // competence, activity, INSS, total — e.g. 2026 services: 5 % × 1.621 = 81,05 + 5 = 86,05.
    ['2024-03', 'commerce', 7_060, 7_160],
    ['2024-03', 'services', 7_060, 7_560],
    ['2024-03', 'both', 7_060, 7_660],
    ['2025-07', 'commerce', 7_590, 7_690],
    ['2025-07', 'services', 7_590, 8_090],
    ['2025-07', 'both', 7_590, 8_190],
    ['2026-01', 'commerce', 8_105, 8_205],
    ['2026-01', 'services', 8_105, 8_605],
    ['2026-12', 'both', 8_105, 8_705],
  ] as const;
  for (const [competence, activity, inss, total] of CASES)
    it(`${competence}, ${activity}: INSS ${inss / 100}, total ${total / 100}`, () => {
      const das = dasMei(competence, activity);
      expect(das.inssCents).toBe(inss);
      expect(das.totalCents).toBe(total);
    });

  it('splits ICMS and ISS by activity and is due the 20th of the next month', () => {
    expect(dasMei('2026-12', 'both')).toMatchObject({ icmsCents: 100, issCents: 500, dueDate: '2027-01-20' });
    expect(dasMei('2026-05', 'commerce')).toMatchObject({ icmsCents: 100, issCents: 0, dueDate: '2026-06-20' });
    expect(dasMei('2026-05', 'services').source).toMatch(/18-A/);
  });

  it('for the MEI Caminhoneiro takes 12 % of the minimum wage: R$ 194,52 in 2026, R$ 195,52 to R$ 200,52', () => {
    // 12 % × 1.621 = 194,52; + 1 = 195,52 (ICMS); + 5 = 199,52 (ISS); + 6 = 200,52 (both).
    expect(dasMei('2026-02', 'commerce', { truckDriver: true }).totalCents).toBe(19_552);
    expect(dasMei('2026-02', 'services', { truckDriver: true }).totalCents).toBe(19_952);
    expect(dasMei('2026-02', 'both', { truckDriver: true }).totalCents).toBe(20_052);
  });

  it('gives the twelve months of a year, each with its due date', () => {
    const year = dasMeiYear(2026, 'services');
    expect(year).toHaveLength(12);
    expect(year.map((d) => d.totalCents)).toEqual(Array(12).fill(8_605));
    expect(year[0].dueDate).toBe('2026-02-20');
    expect(year[11].dueDate).toBe('2027-01-20');
  });

  it('refuses a year without a minimum wage in the table', () => {
    expect(() => dasMei('2023-12', 'services')).toThrow(RangeError);
  });
});

describe("the MEI's year against its limit", () => {
  it('exactly R$ 81.000 is within the limit', () => {
    const result = meiYearEnd({ year: 2026, openedOn: '2020-05-04', revenueCents: 8_100_000, activity: 'services' });
    expect(result).toMatchObject({ outcome: 'within', excessCents: 0, complementaryDas: null, meFrom: null });
    expect(result.title).toBe('Dentro do limite do MEI');
  });

  it('R$ 90.000 of services: R$ 9.000 over, up to 20 %: ME from January and a DAS complementar of R$ 540,00', () => {
    // Excess 9.000 × 6 % (Anexo III, 1st bracket) = 540: IRPJ 4 % = 21,60; CSLL 3,5 % = 18,90;
    // COFINS 12,82 % = 69,228 → 69,23; PIS 2,78 % = 15,012 → 15,01; CPP 43,4 % = 234,36; ISS 33,5 % = 180,90.
    const result = meiYearEnd({ year: 2026, openedOn: '2020-05-04', revenueCents: 9_000_000, activity: 'services' });
    expect(result.outcome).toBe('excessUpTo20');
    expect(result.limitCents).toBe(8_100_000);
    expect(result.toleranceCents).toBe(1_620_000);
    expect(result.excessCents).toBe(900_000);
    expect(result.meFrom).toBe('2027-01-01');
    expect(result.retroactive).toBe(false);
    expect(result.complementaryDas).toEqual({
      competence: '2027-01',
      dueDate: '2027-02-20',
      taxes: { IRPJ: 2_160, CSLL: 1_890, COFINS: 6_923, PIS: 1_501, CPP: 23_436, ISS: 18_090 },
      totalCents: 54_000,
    });
    expect(result.message).toBe(
      'O faturamento de 2026, R$\u00a090.000,00, passou o limite do MEI, R$\u00a081.000,00, em R$\u00a09.000,00, dentro da ' +
        'tolerância de 20% (R$\u00a016.200,00). A empresa continua MEI até 31/12/2026 e passa a ser microempresa (ME) a ' +
        'partir de 01/01/2027. Sobre o excesso é devido um DAS complementar de R$\u00a0540,00, gerado na DASN-SIMEI e pago ' +
        'sem multa nem juros junto com o DAS de janeiro de 2027, que vence em 20/02/2027.',
    );
  });

  it('commerce and services: half the excess by each annex', () => {
    // Excess 10.000: 5.000 × 4 % (Anexo I) = 200 (IRPJ 11,00; CSLL 7,00; COFINS 25,48; PIS 5,52; CPP 83,00; ICMS 68,00)
    // + 5.000 × 6 % (Anexo III) = 300 (IRPJ 12,00; CSLL 10,50; COFINS 38,46; PIS 8,34; CPP 130,20; ISS 100,50).
    const result = meiYearEnd({ year: 2026, openedOn: null, revenueCents: 9_100_000, activity: 'both' });
    expect(result.complementaryDas?.taxes).toEqual({
      IRPJ: 2_300,
      CSLL: 1_750,
      COFINS: 6_394,
      PIS: 1_386,
      CPP: 21_320,
      ICMS: 6_800,
      ISS: 10_050,
    });
    expect(result.complementaryDas?.totalCents).toBe(50_000);
  });

  it('R$ 97.200 is still up to 20 %; one centavo more leaves the MEI back to 1 January', () => {
    expect(meiYearEnd({ year: 2026, openedOn: null, revenueCents: 9_720_000, activity: 'commerce' }).outcome).toBe(
      'excessUpTo20',
    );
    const above = meiYearEnd({ year: 2026, openedOn: null, revenueCents: 9_720_001, activity: 'commerce' });
    expect(above).toMatchObject({ outcome: 'excessAbove20', meFrom: '2026-01-01', retroactive: true, complementaryDas: null });
    expect(above.title).toBe('Limite do MEI ultrapassado em mais de 20%');
    expect(above.message).toContain('deixa de ser MEI desde 01/01/2026, de forma retroativa');
    expect(above.message).toContain('em R$\u00a016.200,01');
  });

  it('in the opening year the limit is R$ 6.750 per month, and above 20 % the MEI ends back to the opening', () => {
    // Opened 12/07: July–December, 6 × 6.750 = 40.500; 20 % = 8.100.
    // R$ 45.000 of commerce: excess 4.500 × 4 % = 180: IRPJ 9,90; CSLL 6,30; COFINS 22,932 → 22,93;
    // PIS 4,968 → 4,97; CPP 74,70; ICMS 61,20.
    const within = meiYearEnd({ year: 2026, openedOn: '2026-07-12', revenueCents: 4_500_000, activity: 'commerce' });
    expect(within.limitCents).toBe(4_050_000);
    expect(within.outcome).toBe('excessUpTo20');
    expect(within.complementaryDas?.taxes).toEqual({ IRPJ: 990, CSLL: 630, COFINS: 2_293, PIS: 497, CPP: 7_470, ICMS: 6_120 });
    expect(within.complementaryDas?.totalCents).toBe(18_000);
    expect(within.message).toContain('no ano de abertura, R$\u00a040.500,00 (R$\u00a06.750,00 por mês de atividade)');
    const above = meiYearEnd({ year: 2026, openedOn: '2026-07-12', revenueCents: 5_000_000, activity: 'commerce' });
    expect(above).toMatchObject({ outcome: 'excessAbove20', meFrom: '2026-07-12', retroactive: true });
    expect(above.message).toContain('desde 12/07/2026');
  });

  it('refuses a year before the company opened', () => {
    expect(() => meiYearEnd({ year: 2025, openedOn: '2026-07-12', revenueCents: 0, activity: 'services' })).toThrow(RangeError);
  });
});
