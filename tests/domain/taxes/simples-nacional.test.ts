import { describe, expect, it } from 'vitest';
import { dasSimplesNacional, rbt12FromHistory, type DasInput } from '@domain';

// Every expected figure is worked out by hand in the comment beside it, from the law's tables (docs/taxes.md):
// effective = (RBT12 × nominal − deduction) ÷ RBT12; each tax = revenue × effective × share, rounded half up to the
// centavo; the DAS is the sum of the rounded taxes.
const das = (input: Omit<DasInput, 'competence'> & { competence?: string }) =>
  dasSimplesNacional({ competence: '2026-10', ...input });

describe("the Receita's worked examples (Manual do PGDAS-D e DEFIS)", () => {
  it('example 3: Anexo I, first month of activity, R$ 10.000 → RBT12 R$ 120.000, 4 %, DAS R$ 400,00', () => {
    // RBT12 = 10.000 × 12 = 120.000 (1st bracket, 4 %, no deduction). 400 × 5,5 % = 22,00; × 3,5 % = 14,00;
    // × 12,74 % = 50,96; × 2,76 % = 11,04; × 41,5 % = 166,00; × 34 % = 136,00.
    const result = das({
      competence: '2018-01',
      annex: 'I',
      rbt12: { activityStart: '2018-01', monthlyRevenueCents: {} },
      revenueCents: 1_000_000,
    });
    expect(result.rbt12Cents).toBe(12_000_000);
    expect(result.bracket).toBe(1);
    expect(result.effectiveRate).toBeCloseTo(0.04, 12);
    expect(result.taxes).toEqual({ IRPJ: 2_200, CSLL: 1_400, COFINS: 5_096, PIS: 1_104, CPP: 16_600, ICMS: 13_600 });
    expect(result.totalCents).toBe(40_000);
  });

  it('example 4: Anexo III, RBT12 R$ 500.000, R$ 10.000 → 9,972 %, DAS R$ 997,20', () => {
    // (500.000 × 13,5 % − 17.640) ÷ 500.000 = 49.860 ÷ 500.000 = 9,972 % → 997,20 in all.
    // IRPJ 4 % = 39,888 → 39,89; CSLL 3,5 % = 34,902 → 34,90; COFINS 13,64 % = 136,018 → 136,02;
    // PIS 2,96 % = 29,517 → 29,52; CPP 43,4 % = 432,785 → 432,78; ISS 32,5 % = 324,09. Sum 997,20.
    const result = das({ annex: 'III', rbt12: 50_000_000, revenueCents: 1_000_000 });
    expect(result.bracket).toBe(3);
    expect(result.nominalRate).toBe(0.135);
    expect(result.deductionCents).toBe(1_764_000);
    expect(result.effectiveRate).toBeCloseTo(0.09972, 12);
    expect(result.taxes).toEqual({ IRPJ: 3_989, CSLL: 3_490, COFINS: 13_602, PIS: 2_952, CPP: 43_278, ISS: 32_409 });
    expect(result.totalCents).toBe(99_720);
  });

  it('example 5: Anexo V, RBT12 R$ 500.000, R$ 10.000 → 17,52 %, DAS R$ 1.752,00', () => {
    // (500.000 × 19,5 % − 9.900) ÷ 500.000 = 87.600 ÷ 500.000 = 17,52 % → 1.752,00.
    // IRPJ 24 % = 420,48; CSLL 15 % = 262,80; COFINS 14,92 % = 261,398 → 261,40; PIS 3,23 % = 56,590 → 56,59;
    // CPP 23,85 % = 417,852 → 417,85; ISS 19 % = 332,88. Sum 1.752,00.
    const result = das({ annex: 'V', rbt12: 50_000_000, revenueCents: 1_000_000 });
    expect(result.effectiveRate).toBeCloseTo(0.1752, 12);
    expect(result.taxes).toEqual({ IRPJ: 42_048, CSLL: 26_280, COFINS: 26_140, PIS: 5_659, CPP: 41_785, ISS: 33_288 });
    expect(result.totalCents).toBe(175_200);
  });

  it('example 6: Anexo I with exports, each market with its own RBT12 → R$ 12.089,78, per-tax rounding', () => {
    // Internal: RBT12 2.000.000 (5th bracket): (2.000.000 × 14,3 % − 87.300) ÷ 2.000.000 = 9,935 % of 100.000 = 9.935:
    //   IRPJ 546,425 → 546,43; CSLL 347,725 → 347,73; COFINS 1.265,719 → 1.265,72; PIS 274,206 → 274,21;
    //   CPP 4.172,70; ICMS 3.328,225 → 3.328,23. Sum 9.935,02 (the Manual's figure; rounding only the total: 9.935,00).
    // Export: RBT12 1.000.000 (4th bracket): (1.000.000 × 10,7 % − 22.500) ÷ 1.000.000 = 8,45 % of 50.000 = 4.225,
    //   without COFINS, PIS and ICMS: IRPJ 232,375 → 232,38; CSLL 147,875 → 147,88; CPP 1.774,50. Sum 2.154,76.
    const result = das({
      competence: '2018-01',
      annex: 'I',
      rbt12: 200_000_000,
      revenueCents: 10_000_000,
      exportRbt12: 100_000_000,
      exportRevenueCents: 5_000_000,
    });
    const [internal, exported] = result.parts;
    expect(internal.totalCents).toBe(993_502);
    expect(internal.effectiveRate).toBeCloseTo(0.09935, 12);
    expect(exported.kind).toBe('export');
    expect(exported.bracket).toBe(4);
    expect(exported.effectiveRate).toBeCloseTo(0.0845, 12);
    expect(exported.taxes).toEqual({ IRPJ: 23_238, CSLL: 14_788, CPP: 177_450 });
    expect(result.taxes).toEqual({
      IRPJ: 77_881, // 546,43 + 232,38
      CSLL: 49_561, // 347,73 + 147,88
      COFINS: 126_572,
      PIS: 27_421,
      CPP: 594_720, // 4.172,70 + 1.774,50
      ICMS: 332_823,
    });
    expect(result.totalCents).toBe(1_208_978);
  });
});

describe('the brackets at their edges: a ceiling stays in the lower bracket', () => {
  // Effective rate at each ceiling, (ceiling × nominal − deduction) ÷ ceiling, in %:
  // e.g. Anexo I 2nd: (360.000 × 7,3 % − 5.940) ÷ 360.000 = 20.340 ÷ 360.000 = 5,65 %.
  const AT_CEILING = {
    I: [4, 5.65, 7.575, 9.45, 11.875, 11.125],
    II: [4.5, 6.15, 8.075, 9.95, 12.325, 15],
    III: [6, 8.6, 11.05, 14.02, 17.51, 19.5],
    IV: [4.5, 6.75, 8.475, 11.79, 16.895, 15.75],
    V: [15.5, 16.75, 18.125, 19.55, 21.275, 19.25],
  } as const;
  const CEILINGS_CENTS = [18_000_000, 36_000_000, 72_000_000, 180_000_000, 360_000_000, 480_000_000];

  for (const annex of ['I', 'II', 'III', 'IV', 'V'] as const) {
    it(`Anexo ${annex}: each ceiling in its bracket with the law's effective rate, one centavo more in the next`, () => {
      CEILINGS_CENTS.forEach((ceiling, i) => {
        const at = das({ annex, rbt12: ceiling, revenueCents: 1_000_000 });
        expect(at.bracket).toBe(i + 1);
        expect(at.effectiveRate * 100).toBeCloseTo(AT_CEILING[annex][i], 10);
        if (i < 5) expect(das({ annex, rbt12: ceiling + 1, revenueCents: 1_000_000 }).bracket).toBe(i + 2);
      });
      expect(() => das({ annex, rbt12: 480_000_001, revenueCents: 1_000_000 })).toThrow(RangeError);
    });
  }

  it('R$ 180.000,01 in Anexo III is the 2nd bracket and still costs R$ 600,00 on R$ 10.000', () => {
    // (180.000,01 × 11,2 % − 9.360) ÷ 180.000,01 = 6,0000003 %: IRPJ 24,00; CSLL 21,00; COFINS 14,05 % = 84,30;
    // PIS 3,05 % = 18,30; CPP 43,4 % = 260,40; ISS 32 % = 192,00. Sum 600,00.
    const result = das({ annex: 'III', rbt12: 18_000_001, revenueCents: 1_000_000 });
    expect(result.bracket).toBe(2);
    expect(result.taxes).toEqual({ IRPJ: 2_400, CSLL: 2_100, COFINS: 8_430, PIS: 1_830, CPP: 26_040, ISS: 19_200 });
    expect(result.totalCents).toBe(60_000);
  });
});

describe('the ISS cap of 5 %', () => {
  it('Anexo III at R$ 3,6 mi: ISS 5 % and the rest split by the law, 6,02 / 5,26 / 19,28 / 4,18 / 65,26 %', () => {
    // (3.600.000 × 21 % − 125.640) ÷ 3.600.000 = 17,51 %; ISS would be 17,51 × 33,5 % = 5,866 % > 5 %.
    // On 100.000: ISS 5.000,00; the federal taxes share 12,51 % = 12.510: IRPJ 753,102 → 753,10;
    // CSLL 658,026 → 658,03; COFINS 2.411,928 → 2.411,93; PIS 522,918 → 522,92; CPP 8.164,026 → 8.164,03.
    // Sum 17.510,01.
    const result = das({ annex: 'III', rbt12: 360_000_000, revenueCents: 10_000_000 });
    expect(result.bracket).toBe(5);
    expect(result.parts[0].issCapped).toBe(true);
    expect(result.taxes).toEqual({ IRPJ: 75_310, CSLL: 65_803, COFINS: 241_193, PIS: 52_292, CPP: 816_403, ISS: 500_000 });
    expect(result.totalCents).toBe(1_751_001);
  });

  it('Anexo IV at R$ 3 mi: ISS 5 % and the rest split 31,33 / 32,00 / 30,13 / 6,54 %, no CPP', () => {
    // (3.000.000 × 22 % − 183.780) ÷ 3.000.000 = 15,874 %; ISS 15,874 × 40 % = 6,35 % > 5 %.
    // On 50.000: ISS 2.500,00; 10,874 % = 5.437: IRPJ 1.703,412 → 1.703,41; CSLL 1.739,84;
    // COFINS 1.638,168 → 1.638,17; PIS 355,580 → 355,58. Sum 7.937,00.
    const result = das({ annex: 'IV', rbt12: 300_000_000, revenueCents: 5_000_000 });
    expect(result.taxes).toEqual({ IRPJ: 170_341, CSLL: 173_984, COFINS: 163_817, PIS: 35_558, ISS: 250_000 });
    expect(result.totalCents).toBe(793_700);
  });

  it('Anexo III in the 5th bracket below 14,92537 % keeps the table split', () => {
    // (2.000.000 × 21 % − 125.640) ÷ 2.000.000 = 14,718 %; ISS 14,718 × 33,5 % = 4,93 %: no cap.
    expect(das({ annex: 'III', rbt12: 200_000_000, revenueCents: 1_000_000 }).parts[0].issCapped).toBe(false);
  });
});

describe('ISS withheld by the tomador', () => {
  it('is computed on its revenue but left out of the DAS', () => {
    // Anexo III, RBT12 500.000 (9,972 %), R$ 10.000 of which R$ 4.000 had the ISS withheld.
    // R$ 6.000: IRPJ 23,93; CSLL 20,94; COFINS 81,61; PIS 17,71; CPP 259,67; ISS 194,45 → 598,31.
    // R$ 4.000: IRPJ 15,96; CSLL 13,96; COFINS 54,41; PIS 11,81; CPP 173,11 → 269,25; ISS 129,636 → 129,64 withheld.
    const result = das({ annex: 'III', rbt12: 50_000_000, revenueCents: 1_000_000, issWithheldRevenueCents: 400_000 });
    expect(result.parts.map((p) => p.totalCents)).toEqual([59_831, 26_925]);
    expect(result.issWithheldCents).toBe(12_964);
    expect(result.taxes).toEqual({ IRPJ: 3_989, CSLL: 3_490, COFINS: 13_602, PIS: 2_952, CPP: 43_278, ISS: 19_445 });
    expect(result.totalCents).toBe(86_756);
  });

  it('refuses more withheld revenue than revenue', () => {
    expect(() => das({ annex: 'III', rbt12: 0, revenueCents: 100, issWithheldRevenueCents: 101 })).toThrow(RangeError);
  });
});

describe('the sublimite of R$ 3,6 mi', () => {
  it('above it (6th bracket) the DAS carries only the federal taxes; ICMS is paid outside', () => {
    // Anexo I, RBT12 4.000.000: (4.000.000 × 19 % − 378.000) ÷ 4.000.000 = 9,55 % of 100.000 = 9.550:
    // IRPJ 13,5 % = 1.289,25; CSLL 10 % = 955,00; COFINS 28,27 % = 2.699,785 → 2.699,79;
    // PIS 6,13 % = 585,415 → 585,42; CPP 42,1 % = 4.020,55. Sum 9.550,01.
    const result = das({ annex: 'I', rbt12: 400_000_000, revenueCents: 10_000_000 });
    expect(result.bracket).toBe(6);
    expect(result.outsideDas).toEqual(['ICMS']);
    expect(result.taxes).toEqual({ IRPJ: 128_925, CSLL: 95_500, COFINS: 269_979, PIS: 58_542, CPP: 402_055 });
    expect(result.totalCents).toBe(955_001);
  });

  it('a company the team marks above it pays the ISS outside even in the 5th bracket', () => {
    // Anexo III, RBT12 2.000.000: 14,718 % of 10.000: IRPJ 58,872 → 58,87; CSLL 51,513 → 51,51;
    // COFINS 12,82 % = 188,685 → 188,68; PIS 2,78 % = 40,916 → 40,92; CPP 43,4 % = 638,761 → 638,76. Sum 978,74.
    const result = das({ annex: 'III', rbt12: 200_000_000, revenueCents: 1_000_000, aboveSublimite: true });
    expect(result.outsideDas).toEqual(['ISS']);
    expect(result.taxes).toEqual({ IRPJ: 5_887, CSLL: 5_151, COFINS: 18_868, PIS: 4_092, CPP: 63_876 });
    expect(result.totalCents).toBe(97_874);
  });

  it('exactly R$ 3,6 mi is still inside: ICMS in the DAS', () => {
    expect(das({ annex: 'I', rbt12: 360_000_000, revenueCents: 1_000_000 }).outsideDas).toEqual([]);
  });
});

describe('the Fator R', () => {
  // RBT12 500.000: 28 % of it is 140.000. Anexo III gives 997,20 on 10.000 (example 4), Anexo V 1.752,00 (example 5).
  const withPayroll = (payroll12Cents: number) => das({ annex: 'V', rbt12: 50_000_000, revenueCents: 1_000_000, payroll12Cents });

  it('28 % exactly moves the activity to Anexo III', () => {
    const result = withPayroll(14_000_000);
    expect(result.annex).toBe('III');
    expect(result.fatorR).toBe(0.28);
    expect(result.totalCents).toBe(99_720);
  });

  it('one centavo under 28 % stays in Anexo V; one over goes to III', () => {
    expect(withPayroll(13_999_999).annex).toBe('V');
    expect(withPayroll(13_999_999).totalCents).toBe(175_200);
    expect(withPayroll(14_000_001).annex).toBe('III');
  });

  it('applies to an activity declared in Anexo III too, and not at all without a payroll', () => {
    expect(das({ annex: 'III', rbt12: 50_000_000, revenueCents: 1_000_000, payroll12Cents: 0 }).annex).toBe('V');
    const plain = das({ annex: 'V', rbt12: 50_000_000, revenueCents: 1_000_000 });
    expect(plain.annex).toBe('V');
    expect(plain.fatorR).toBeNull();
  });

  it('with no revenue in the 12 months, a payroll counts as 28 % and none as 1 % (PGDAS-D)', () => {
    const opening = { activityStart: '2026-10', monthlyRevenueCents: {} };
    const noRevenue = das({ annex: 'V', rbt12: opening, revenueCents: 0, payroll12Cents: 500_000 });
    expect(noRevenue.annex).toBe('III');
    expect(noRevenue.fatorR).toBe(0.28);
    const noPayroll = das({ annex: 'V', rbt12: 0, revenueCents: 0, payroll12Cents: 0 });
    expect(noPayroll.annex).toBe('V');
    expect(noPayroll.fatorR).toBe(0.01);
  });

  it('without payroll in the 12 months counts as 1 % (PGDAS-D), whatever the revenue', () => {
    const result = das({ annex: 'V', rbt12: 50_000_000, revenueCents: 1_000_000, payroll12Cents: 0 });
    expect(result.annex).toBe('V');
    expect(result.fatorR).toBe(0.01);
  });

  it('is not applied to Anexos I, II and IV', () => {
    expect(das({ annex: 'IV', rbt12: 50_000_000, revenueCents: 1_000_000, payroll12Cents: 0 }).annex).toBe('IV');
  });
});

describe('the RBT12 from the months before', () => {
  it('the first month of activity: its revenue × 12 (Manual item 8.3: 10.000 → 120.000)', () => {
    expect(rbt12FromHistory('2018-02', { activityStart: '2018-02', monthlyRevenueCents: {} }, 1_000_000)).toBe(12_000_000);
  });

  it('the next eleven months: the average of the months before × 12', () => {
    const history = {
      activityStart: '2026-01',
      monthlyRevenueCents: { '2026-01': 1_000_000, '2026-02': 1_500_000, '2026-03': 2_000_000 },
    };
    // March: (10.000 + 15.000) ÷ 2 × 12 = 150.000. April: (10.000 + 15.000 + 20.000) ÷ 3 × 12 = 180.000.
    expect(rbt12FromHistory('2026-03', history, 9_999_999)).toBe(15_000_000);
    expect(rbt12FromHistory('2026-04', history, 0)).toBe(18_000_000);
  });

  it('rounds the average × 12 half up to the centavo, and counts a month missing as no revenue', () => {
    // Months Jan–Jul: 1.000,01 in January, nothing after. 1.000,01 × 12 ÷ 7 = 1.714,3028… → 1.714,30.
    const history = { activityStart: '2026-01', monthlyRevenueCents: { '2026-01': 100_001 } };
    expect(rbt12FromHistory('2026-08', history, 0)).toBe(171_430);
  });

  it('from the 13th month: the sum of the 12 months before, across the year, without the current month', () => {
    const monthlyRevenueCents: Record<string, number> = { '2025-10': 999_999_999, '2026-11': 999_999_999 };
    // November 2025 to October 2026: 12 × 10.000 = 120.000.
    for (const m of ['2025-11', '2025-12', ...Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)])
      monthlyRevenueCents[m] = 1_000_000;
    expect(rbt12FromHistory('2026-11', { activityStart: '2020-03', monthlyRevenueCents }, 5)).toBe(12_000_000);
  });

  it('refuses a competence before the activity started', () => {
    expect(() => rbt12FromHistory('2025-12', { activityStart: '2026-01', monthlyRevenueCents: {} }, 0)).toThrow(RangeError);
  });
});
