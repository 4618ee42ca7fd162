import { describe, expect, it } from 'vitest';
import { MINIMUM_WAGE, SIMEI_RULES, SIMPLES_NACIONAL_RULES, addMonths, meiLimitCents, monthsBetween, versionAt } from '@domain';

// Oracles copied from the law's text: LC 123/2006, Anexos I–V as worded by LC 155/2016 (docs/taxes.md).
const rules = versionAt(SIMPLES_NACIONAL_RULES, '2026-11').value;

// [ceiling R$, nominal %, deduction R$] per bracket, as printed in each annex.
const LAW_BRACKETS = {
  I: [
    [180_000, 4, 0],
    [360_000, 7.3, 5_940],
    [720_000, 9.5, 13_860],
    [1_800_000, 10.7, 22_500],
    [3_600_000, 14.3, 87_300],
    [4_800_000, 19, 378_000],
  ],
  II: [
    [180_000, 4.5, 0],
    [360_000, 7.8, 5_940],
    [720_000, 10, 13_860],
    [1_800_000, 11.2, 22_500],
    [3_600_000, 14.7, 85_500],
    [4_800_000, 30, 720_000],
  ],
  III: [
    [180_000, 6, 0],
    [360_000, 11.2, 9_360],
    [720_000, 13.5, 17_640],
    [1_800_000, 16, 35_640],
    [3_600_000, 21, 125_640],
    [4_800_000, 33, 648_000],
  ],
  IV: [
    [180_000, 4.5, 0],
    [360_000, 9, 8_100],
    [720_000, 10.2, 12_420],
    [1_800_000, 14, 39_780],
    [3_600_000, 22, 183_780],
    [4_800_000, 33, 828_000],
  ],
  V: [
    [180_000, 15.5, 0],
    [360_000, 18, 4_500],
    [720_000, 19.5, 9_900],
    [1_800_000, 20.5, 17_100],
    [3_600_000, 23, 62_100],
    [4_800_000, 30.5, 540_000],
  ],
} as const;

// The repartição tables, in % of the effective rate, in the law's column order.
const LAW_SHARES = {
  I: [
    { IRPJ: 5.5, CSLL: 3.5, COFINS: 12.74, PIS: 2.76, CPP: 41.5, ICMS: 34 },
    { IRPJ: 5.5, CSLL: 3.5, COFINS: 12.74, PIS: 2.76, CPP: 41.5, ICMS: 34 },
    { IRPJ: 5.5, CSLL: 3.5, COFINS: 12.74, PIS: 2.76, CPP: 42, ICMS: 33.5 },
    { IRPJ: 5.5, CSLL: 3.5, COFINS: 12.74, PIS: 2.76, CPP: 42, ICMS: 33.5 },
    { IRPJ: 5.5, CSLL: 3.5, COFINS: 12.74, PIS: 2.76, CPP: 42, ICMS: 33.5 },
    { IRPJ: 13.5, CSLL: 10, COFINS: 28.27, PIS: 6.13, CPP: 42.1 },
  ],
  II: [
    ...Array.from({ length: 5 }, () => ({ IRPJ: 5.5, CSLL: 3.5, COFINS: 11.51, PIS: 2.49, CPP: 37.5, IPI: 7.5, ICMS: 32 })),
    { IRPJ: 8.5, CSLL: 7.5, COFINS: 20.96, PIS: 4.54, CPP: 23.5, IPI: 35 },
  ],
  III: [
    { IRPJ: 4, CSLL: 3.5, COFINS: 12.82, PIS: 2.78, CPP: 43.4, ISS: 33.5 },
    { IRPJ: 4, CSLL: 3.5, COFINS: 14.05, PIS: 3.05, CPP: 43.4, ISS: 32 },
    { IRPJ: 4, CSLL: 3.5, COFINS: 13.64, PIS: 2.96, CPP: 43.4, ISS: 32.5 },
    { IRPJ: 4, CSLL: 3.5, COFINS: 13.64, PIS: 2.96, CPP: 43.4, ISS: 32.5 },
    { IRPJ: 4, CSLL: 3.5, COFINS: 12.82, PIS: 2.78, CPP: 43.4, ISS: 33.5 },
    { IRPJ: 35, CSLL: 15, COFINS: 16.03, PIS: 3.47, CPP: 30.5 },
  ],
  IV: [
    { IRPJ: 18.8, CSLL: 15.2, COFINS: 17.67, PIS: 3.83, ISS: 44.5 },
    { IRPJ: 19.8, CSLL: 15.2, COFINS: 20.55, PIS: 4.45, ISS: 40 },
    { IRPJ: 20.8, CSLL: 15.2, COFINS: 19.73, PIS: 4.27, ISS: 40 },
    { IRPJ: 17.8, CSLL: 19.2, COFINS: 18.9, PIS: 4.1, ISS: 40 },
    { IRPJ: 18.8, CSLL: 19.2, COFINS: 18.08, PIS: 3.92, ISS: 40 },
    { IRPJ: 53.5, CSLL: 21.5, COFINS: 20.55, PIS: 4.45 },
  ],
  V: [
    { IRPJ: 25, CSLL: 15, COFINS: 14.1, PIS: 3.05, CPP: 28.85, ISS: 14 },
    { IRPJ: 23, CSLL: 15, COFINS: 14.1, PIS: 3.05, CPP: 27.85, ISS: 17 },
    { IRPJ: 24, CSLL: 15, COFINS: 14.92, PIS: 3.23, CPP: 23.85, ISS: 19 },
    { IRPJ: 21, CSLL: 15, COFINS: 15.74, PIS: 3.41, CPP: 23.85, ISS: 21 },
    { IRPJ: 23, CSLL: 12.5, COFINS: 14.1, PIS: 3.05, CPP: 23.85, ISS: 23.5 },
    { IRPJ: 35, CSLL: 15.5, COFINS: 16.44, PIS: 3.56, CPP: 29.5 },
  ],
} as const;

const hundredths = (shares: Record<string, number>) =>
  Object.fromEntries(Object.entries(shares).map(([tax, percent]) => [tax, Math.round(percent * 100)]));

describe('the Simples Nacional annexes (LC 123/2006 as worded by LC 155/2016)', () => {
  for (const annex of ['I', 'II', 'III', 'IV', 'V'] as const) {
    it(`Anexo ${annex}: six brackets with the law's ceilings, nominal rates, deductions and repartição`, () => {
      const brackets = rules.annexes[annex];
      expect(brackets).toHaveLength(6);
      brackets.forEach((bracket, i) => {
        const [ceiling, nominal, deduction] = LAW_BRACKETS[annex][i];
        expect(bracket.ceilingCents).toBe(ceiling * 100);
        expect(bracket.nominalRate).toBe(Math.round(nominal * 100));
        expect(bracket.deductionCents).toBe(deduction * 100);
        expect(bracket.shares).toEqual(hundredths(LAW_SHARES[annex][i]));
        // Each row of the repartição is the whole effective rate.
        expect(Object.values(bracket.shares).reduce((a, b) => a + (b ?? 0), 0)).toBe(10_000);
      });
    });
  }

  it('has no CPP in Anexo IV and no ICMS or ISS in the 6th bracket of any annex', () => {
    for (const bracket of rules.annexes.IV) expect(bracket.shares.CPP).toBeUndefined();
    for (const annex of ['I', 'II', 'III', 'IV', 'V'] as const) {
      expect(rules.annexes[annex][5].shares.ICMS).toBeUndefined();
      expect(rules.annexes[annex][5].shares.ISS).toBeUndefined();
    }
  });

  it("keeps the law's split above the ISS cap in the 5th bracket of Anexos III and IV", () => {
    expect(rules.issCapRate).toBe(500);
    expect(rules.annexes.III[4].sharesAboveIssCap).toEqual({ IRPJ: 602, CSLL: 526, COFINS: 1_928, PIS: 418, CPP: 6_526 });
    expect(rules.annexes.IV[4].sharesAboveIssCap).toEqual({ IRPJ: 3_133, CSLL: 3_200, COFINS: 3_013, PIS: 654 });
  });

  it('has the sublimite of R$ 3,6 mi, the ceiling of R$ 4,8 mi and the Fator R at 28 %', () => {
    expect(rules.sublimiteCents).toBe(360_000_000);
    expect(rules.ceilingCents).toBe(480_000_000);
    expect(rules.fatorRThreshold).toBe(2_800);
  });

  it('names its source and applies from January 2018', () => {
    expect(SIMPLES_NACIONAL_RULES[0].from).toBe('2018-01');
    expect(SIMPLES_NACIONAL_RULES[0].source).toMatch(/LC 155\/2016/);
    expect(() => versionAt(SIMPLES_NACIONAL_RULES, '2017-12')).toThrow(RangeError);
  });
});

describe('the MEI figures by period', () => {
  it('takes the minimum wage of each year: R$ 1.412 (2024), R$ 1.518 (2025), R$ 1.621 (2026)', () => {
    expect(versionAt(MINIMUM_WAGE, '2024-06').value).toBe(141_200);
    expect(versionAt(MINIMUM_WAGE, '2025-01').value).toBe(151_800);
    expect(versionAt(MINIMUM_WAGE, '2025-12').value).toBe(151_800);
    expect(versionAt(MINIMUM_WAGE, '2026-01').value).toBe(162_100);
    for (const version of MINIMUM_WAGE) expect(version.source).not.toBe('');
  });

  it('has INSS 5 % (12 % for the Caminhoneiro), ICMS R$ 1, ISS R$ 5 and the R$ 81.000 limit, R$ 6.750 a month', () => {
    const simei = versionAt(SIMEI_RULES, '2026-01').value;
    expect(simei).toEqual({
      inssRate: 500,
      truckDriverInssRate: 1_200,
      icmsCents: 100,
      issCents: 500,
      annualLimitCents: 8_100_000,
      monthlyLimitCents: 675_000,
      toleranceRate: 2_000,
    });
    // The Caminhoneiro exists from 2022 (LC 188/2021).
    expect(versionAt(SIMEI_RULES, '2021-12').value.truckDriverInssRate).toBeNull();
  });

  it('gives each year its own MEI limit: R$ 60.000 until 2017 (LC 139/2011), R$ 81.000 from 2018 (LC 155/2016)', () => {
    expect(meiLimitCents(2017, null)).toBe(6_000_000);
    expect(meiLimitCents(2017, '2017-07-12')).toBe(3_000_000);
    expect(meiLimitCents(2018, null)).toBe(8_100_000);
    expect(meiLimitCents(2026, '2026-07-12')).toBe(4_050_000);
  });
});

describe('rules versioned by period', () => {
  it('picks the latest version that started by the competence, so a new year is one more entry', () => {
    const table = [
      { from: '2026-01', source: 'a', value: 1 },
      { from: '2027-01', source: 'b', value: 2 },
    ];
    expect(versionAt(table, '2026-12').value).toBe(1);
    expect(versionAt(table, '2027-01').value).toBe(2);
    expect(versionAt(table, '2031-05').value).toBe(2);
    expect(() => versionAt(table, '2026-13')).toThrow(RangeError);
  });

  it('counts months across years', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2025-07', '2026-02')).toBe(7);
  });
});
