import { describe, expect, it } from 'vitest';
import { INSS_RULES, IRRF_RULES, inssEmployee, inssProLabore, irrfMonthly } from '@domain';

// Expected figures come from the published tables (Portarias Interministeriais MPS/MF; Lei 11.482/2007 art. 1º as
// amended; Lei 9.250/1995 art. 3º-A) and the Receita's "Exemplos de aplicação da Lei 15.270/2025"; every one is worked
// by hand in the comment beside it.

describe('the INSS tables', () => {
  it.each([
    ['2024-06', [141_200, 266_668, 400_003, 778_602]],
    ['2025-06', [151_800, 279_388, 419_083, 815_741]],
    ['2026-06', [162_100, 290_284, 435_427, 847_555]],
  ])('%s has the Portaria’s brackets at 7,5 / 9 / 12 / 14 %%', (competence, ceilings) => {
    const version = INSS_RULES.find((v) => v.from === `${competence.slice(0, 4)}-01`)!;
    expect(version.value.employeeBrackets.map((b) => b.ceilingCents)).toEqual(ceilings);
    expect(version.value.employeeBrackets.map((b) => b.rate)).toEqual([750, 900, 1_200, 1_400]);
    expect(version.source).toMatch(/Portaria Interministerial MPS\/MF/);
  });

  it('refuses a month before the first table kept', () => {
    expect(() => inssEmployee('2023-12', 100_000)).toThrow(RangeError);
  });
});

describe('inssEmployee: progressive, summed exactly, rounded once', () => {
  it.each([
    // The INSS the Receita used in its Lei 15.270 examples (2025 table):
    // 4.000: 1.518 × 7,5 % = 113,85; 1.275,88 × 9 % = 114,8292; 1.206,12 × 12 % = 144,7344 → 373,4136 → 373,41.
    ['2025-06', 400_000, 37_341],
    // 5.000: 113,85 + 114,8292 + 1.396,95 × 12 % = 167,634 + 809,17 × 14 % = 113,2838 → 509,5970 → 509,60
    // (each bracket rounded first would give 509,59: the Receita's figure tells the two apart).
    ['2025-06', 500_000, 50_960],
    // 6.000: 113,85 + 114,8292 + 167,634 + 1.809,17 × 14 % = 253,2838 → 649,5970 → 649,60.
    ['2025-06', 600_000, 64_960],
    // The 2025 ceiling 8.157,41: + 3.966,58 × 14 % = 555,3212 → 951,6344 → 951,63; above it, the same.
    ['2025-06', 815_741, 95_163],
    ['2025-06', 2_000_000, 95_163],
    // 2026 ceiling 8.475,55: 121,575 + 1.281,84 × 9 % = 115,3656 + 1.451,43 × 12 % = 174,1716
    // + 4.121,28 × 14 % = 576,9792 → 988,0914 → 988,09.
    ['2026-06', 847_555, 98_809],
    ['2026-06', 1_000_000, 98_809],
    // A minimum wage of 2024 (1.412 × 7,5 % = 105,90) and of 2025 (1.518 × 7,5 % = 113,85).
    ['2024-03', 141_200, 10_590],
    ['2025-01', 151_800, 11_385],
    // One centavo into the 2nd bracket of 2026: 121,575 + 0,01 × 9 % = 121,5759 → 121,58.
    ['2026-01', 162_101, 12_158],
    ['2026-01', 0, 0],
  ])('%s, salary %i centavos → %i', (competence, salary, contribution) => {
    expect(inssEmployee(competence, salary).contributionCents).toBe(contribution);
  });

  it('lists each bracket the salary reaches', () => {
    const result = inssEmployee('2025-06', 500_000);
    expect(result.brackets.map((b) => [b.fromCents, b.toCents, b.rate])).toEqual([
      [0, 151_800, 750],
      [151_800, 279_388, 900],
      [279_388, 419_083, 1_200],
      [419_083, 500_000, 1_400],
    ]);
  });
});

describe('inssProLabore: 11 % up to the ceiling; the company’s 20 % on the whole', () => {
  it.each([
    // 8.475,55 × 11 % = 932,3105 → 932,31, the maximum the reference gives for 2026; above the ceiling the same.
    ['2026-03', 847_555, 93_231, 169_511],
    ['2026-03', 1_000_000, 93_231, 200_000],
    // 5.000 × 11 % = 550,00; 20 % = 1.000,00.
    ['2026-03', 500_000, 55_000, 100_000],
    // The 2025 ceiling: 8.157,41 × 11 % = 897,3151 → 897,32.
    ['2025-03', 815_741, 89_732, 163_148],
    // 1.621,00 × 11 % = 178,31.
    ['2026-03', 162_100, 17_831, 32_420],
  ])('%s, %i centavos → partner %i, company %i', (competence, amount, partner, company) => {
    const result = inssProLabore(competence, amount);
    expect(result.contributionCents).toBe(partner);
    expect(result.employerCents).toBe(company);
    expect(result.rate).toBe(1_100);
    expect(result.employerRate).toBe(2_000);
  });
});

describe('the IRRF tables', () => {
  it.each([
    ['2015-04', [190_398, 282_665, 375_105, 466_468, null], [0, 14_280, 35_480, 63_613, 86_936], null],
    ['2023-05', [211_200, 282_665, 375_105, 466_468, null], [0, 15_840, 37_040, 65_173, 88_496], 52_800],
    ['2024-02', [225_920, 282_665, 375_105, 466_468, null], [0, 16_944, 38_144, 66_277, 89_600], 56_480],
    ['2025-05', [242_880, 282_665, 375_105, 466_468, null], [0, 18_216, 39_416, 67_549, 90_873], 60_720],
    ['2026-01', [242_880, 282_665, 375_105, 466_468, null], [0, 18_216, 39_416, 67_549, 90_873], 60_720],
  ])(
    'from %s: ceilings, parcelas a deduzir and the simplified discount as published',
    (from, ceilings, deductions, simplified) => {
      const version = IRRF_RULES.find((v) => v.from === from)!;
      expect(version.value.brackets.map((b) => b.ceilingCents)).toEqual(ceilings);
      expect(version.value.brackets.map((b) => b.rate)).toEqual([0, 750, 1_500, 2_250, 2_750]);
      expect(version.value.brackets.map((b) => b.deductionCents)).toEqual(deductions);
      expect(version.value.simplifiedDiscountCents).toBe(simplified);
      expect(version.value.dependantCents).toBe(18_959);
    },
  );
});

describe("irrfMonthly: the Receita's examples of Lei 15.270/2025 (2026)", () => {
  it('example 2: R$ 4.000,00, INSS R$ 373,41 → simplified R$ 114,76, all of it reduced → R$ 0,00', () => {
    // Simplified: 4.000 − 607,20 = 3.392,80 × 15 % − 394,16 = 114,76. Legal: 3.626,59 × 15 % − 394,16 = 149,83.
    const result = irrfMonthly('2026-01', 400_000, 0, { inssCents: 37_341 });
    expect(result.options.legal).toMatchObject({ baseCents: 362_659, taxBeforeReductionCents: 14_983, taxCents: 0 });
    expect(result.options.simplified).toMatchObject({
      baseCents: 339_280,
      taxBeforeReductionCents: 11_476,
      reductionCents: 11_476,
    });
    expect(result.taxCents).toBe(0);
  });

  it('example 3: R$ 5.000,00, INSS R$ 509,60 → legal R$ 334,85 − 312,89 = 21,96; simplified 312,89 − 312,89 = 0', () => {
    // Legal: 4.490,40 × 22,5 % − 675,49 = 334,85. Simplified: 4.392,80 × 22,5 % − 675,49 = 312,89.
    const result = irrfMonthly('2026-01', 500_000, 0, { inssCents: 50_960 });
    expect(result.options.legal).toMatchObject({ taxBeforeReductionCents: 33_485, reductionCents: 31_289, taxCents: 2_196 });
    expect(result.options.simplified).toMatchObject({ taxBeforeReductionCents: 31_289, reductionCents: 31_289, taxCents: 0 });
    expect(result).toMatchObject({ method: 'simplified', taxCents: 0 });
  });

  it('example 4: R$ 6.000,00, INSS R$ 649,60 → R$ 562,63 − (978,62 − 0,133145 × 6.000 = 179,75) = R$ 382,88', () => {
    // Legal: 5.350,40 × 27,5 % − 908,73 = 562,63. Simplified: 5.392,80 × 27,5 % − 908,73 = 574,29 − 179,75 = 394,54.
    const result = irrfMonthly('2026-01', 600_000, 0, { inssCents: 64_960 });
    expect(result).toMatchObject({
      method: 'legal',
      baseCents: 535_040,
      bracket: 5,
      taxBeforeReductionCents: 56_263,
      reductionCents: 17_975,
      taxCents: 38_288,
    });
    expect(result.options.simplified?.taxCents).toBe(39_454);
  });

  it('example 5: R$ 7.607,20 with no deductions → simplified base R$ 7.000,00, R$ 1.016,27, no reduction above R$ 7.350', () => {
    // 7.000 × 27,5 % − 908,73 = 1.016,27: the income, not the base, decides the reduction.
    const result = irrfMonthly('2026-01', 760_720, 0);
    expect(result).toMatchObject({ method: 'simplified', baseCents: 700_000, reductionCents: 0, taxCents: 101_627 });
  });

  it('reads the reduction on the income at its edges', () => {
    // 5.000,01: 978,62 − 0,133145 × 5.000,01 = 312,8937 → 312,89. 7.350,00: 978,62 − 978,61575 = 0,00425 → 0,00.
    expect(irrfMonthly('2026-01', 500_001, 0).options.legal.reductionCents).toBe(31_289);
    expect(irrfMonthly('2026-01', 735_000, 0).options.legal.reductionCents).toBe(0);
    // 7.000,00: 978,62 − 932,015 = 46,605 → 46,61; legal 7.000 × 27,5 % − 908,73 = 1.016,27 → 969,66.
    expect(irrfMonthly('2026-01', 700_000, 0).options.legal).toMatchObject({ reductionCents: 4_661, taxCents: 96_966 });
    // Never in 2025: the same R$ 5.000,00 pays R$ 312,89 by the simplified discount.
    expect(irrfMonthly('2025-12', 500_000, 0, { inssCents: 50_960 })).toMatchObject({ method: 'simplified', taxCents: 31_289 });
  });
});

describe('irrfMonthly: deductions, dependants and the bracket edges', () => {
  it('deducts R$ 189,59 per dependant when the legal way withholds less', () => {
    // 2025-06: 5.000 − 509,60 − 2 × 189,59 = 4.111,22 × 22,5 % − 675,49 = 249,5345 → 249,53 (simplified: 312,89).
    const result = irrfMonthly('2025-06', 500_000, 2, { inssCents: 50_960 });
    expect(result).toMatchObject({ method: 'legal', deductionsCents: 88_878, baseCents: 411_122, taxCents: 24_953 });
  });

  it('counts alimony as a legal deduction', () => {
    // 2025-06: 6.000 − 649,60 − 1.000 = 4.350,40 × 22,5 % = 978,84 − 675,49 = 303,35.
    expect(irrfMonthly('2025-06', 600_000, 0, { inssCents: 64_960, alimonyCents: 100_000 }).taxCents).toBe(30_335);
  });

  it.each([
    // May 2025 table, no deductions but the simplified R$ 607,20 (income = base + 607,20):
    // base 2.428,80 exactly: exempt (a ceiling belongs to its own bracket).
    [303_600, 1, 0],
    // base 2.428,81: 7,5 % − 182,16 = 0,00075 → 0,00, in the 2nd bracket.
    [303_601, 2, 0],
    // base 2.826,65: 211,99875 − 182,16 = 29,83875 → 29,84 (2nd); 2.826,66: 423,999 − 394,16 = 29,839 → 29,84 (3rd).
    [343_385, 2, 2_984],
    [343_386, 3, 2_984],
    // base 4.664,68: 1.049,553 − 675,49 = 374,063 → 374,06 (4th); 4.664,69: 1.282,78975 − 908,73 = 374,05975 → 374,06 (5th).
    [527_188, 4, 37_406],
    [527_189, 5, 37_406],
  ])('income %i centavos in 2025-06: bracket %i, %i centavos', (income, bracket, tax) => {
    const result = irrfMonthly('2025-06', income, 0);
    expect(result.method).toBe('simplified');
    expect(result.bracket).toBe(bracket);
    expect(result.taxCents).toBe(tax);
  });

  it('uses the table in force: April 2025 the 2024 one, May 2025 the new one', () => {
    // 2025-04: simplified 3.000 − 564,80 = 2.435,20 × 7,5 % − 169,44 = 13,20.
    expect(irrfMonthly('2025-04', 300_000, 0)).toMatchObject({ method: 'simplified', baseCents: 243_520, taxCents: 1_320 });
    // 2025-05: 3.000 − 607,20 = 2.392,80, exempt.
    expect(irrfMonthly('2025-05', 300_000, 0).taxCents).toBe(0);
    // 2022: no simplified discount; 3.000 × 15 % − 354,80 = 95,20.
    expect(irrfMonthly('2022-07', 300_000, 0)).toMatchObject({ method: 'legal', taxCents: 9_520, options: { simplified: null } });
  });
});
