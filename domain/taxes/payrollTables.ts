import type { Version } from './periods';

/** One bracket of the employee's INSS table: the part of the salary up to `ceilingCents` pays `rate`. */
export interface InssBracket {
  /** The bracket's ceiling, included ("até"), in centavos. */
  ceilingCents: number;
  /** Hundredths of a percent (7,5 % → 750). */
  rate: number;
}

export interface InssRules {
  /**
   * Employees (empregado, doméstico, avulso): each rate applies to the part of the salary within its bracket
   * (EC 103/2019 art. 28 § 1º); the last ceiling is the contribution ceiling (teto).
   */
  employeeBrackets: readonly InssBracket[];
  /**
   * A contribuinte individual paid by a company (the partner's pró-labore): 11 % up to the ceiling, withheld by the
   * company (Lei 8.212/1991 art. 21 and art. 30 § 4º; Lei 10.666/2003 art. 4º).
   */
  proLaboreRate: number;
  /**
   * The company's own contribution on a pró-labore: 20 %, with no ceiling (Lei 8.212/1991 art. 22 III). In the Simples
   * Nacional it is the CPP inside the DAS, except in Anexo IV, where it is paid apart (LC 123/2006 art. 13 VI, art. 18
   * § 5º-C).
   */
  employerRate: number;
}

const brackets = (ceilingsReais: [number, number, number, number]): InssBracket[] =>
  ceilingsReais.map((reais, i) => ({ ceilingCents: Math.round(reais * 100), rate: [750, 900, 1_200, 1_400][i] }));

const CONTRIBUTION_RATES = { proLaboreRate: 1_100, employerRate: 2_000 };

/** The INSS tables by year: the brackets follow the minimum wage and the benefits' yearly adjustment. */
export const INSS_RULES: readonly Version<InssRules>[] = [
  {
    from: '2024-01',
    source: 'Portaria Interministerial MPS/MF nº 2, de 11/01/2024, anexo II; EC 103/2019, art. 28',
    value: { employeeBrackets: brackets([1_412, 2_666.68, 4_000.03, 7_786.02]), ...CONTRIBUTION_RATES },
  },
  {
    from: '2025-01',
    source: 'Portaria Interministerial MPS/MF nº 6, de 10/01/2025, anexo II; EC 103/2019, art. 28',
    value: { employeeBrackets: brackets([1_518, 2_793.88, 4_190.83, 8_157.41]), ...CONTRIBUTION_RATES },
  },
  {
    from: '2026-01',
    source: 'Portaria Interministerial MPS/MF nº 13/2026, anexo II; EC 103/2019, art. 28',
    value: { employeeBrackets: brackets([1_621, 2_902.84, 4_354.27, 8_475.55]), ...CONTRIBUTION_RATES },
  },
];

/** One row of the IRRF monthly table: base up to `ceilingCents` (null: no ceiling) × rate − the parcela a deduzir. */
export interface IrrfBracket {
  ceilingCents: number | null;
  /** Hundredths of a percent (27,5 % → 2 750). */
  rate: number;
  /** Parcela a deduzir, in centavos, as the law publishes it. */
  deductionCents: number;
}

/**
 * The monthly reduction of Lei 9.250/1995 art. 3º-A (Lei 15.270/2025), read on the month's taxable income (before
 * any deduction): up to `fullUpToCents` the whole tax, at most `maxCents`; up to `phaseOutUpToCents`,
 * `constantCents` − `factorMillionths` ÷ 1 000 000 × the income; above it, none. Never more than the tax (§ 1º).
 */
export interface IrrfReduction {
  fullUpToCents: number;
  maxCents: number;
  phaseOutUpToCents: number;
  constantCents: number;
  factorMillionths: number;
}

export interface IrrfRules {
  brackets: readonly IrrfBracket[];
  /** Per dependant (Lei 9.250/1995 art. 4º III). */
  dependantCents: number;
  /** The monthly simplified discount that may replace every legal deduction (art. 4º § 2º); null before it existed. */
  simplifiedDiscountCents: number | null;
  reduction: IrrfReduction | null;
}

/** The four upper rows have kept their ceilings since 2015; only the exempt band and the deductions moved. */
const irrfTable = (exemptUpToReais: number, deductionsReais: [number, number, number, number]): IrrfBracket[] => [
  { ceilingCents: Math.round(exemptUpToReais * 100), rate: 0, deductionCents: 0 },
  { ceilingCents: 282_665, rate: 750, deductionCents: Math.round(deductionsReais[0] * 100) },
  { ceilingCents: 375_105, rate: 1_500, deductionCents: Math.round(deductionsReais[1] * 100) },
  { ceilingCents: 466_468, rate: 2_250, deductionCents: Math.round(deductionsReais[2] * 100) },
  { ceilingCents: null, rate: 2_750, deductionCents: Math.round(deductionsReais[3] * 100) },
];

const DEPENDANT_CENTS = 18_959;
const TABLE_OF_MAY_2025 = irrfTable(2_428.8, [182.16, 394.16, 675.49, 908.73]);

/** The IRRF monthly table (tabela progressiva mensal) by the month it took effect. */
export const IRRF_RULES: readonly Version<IrrfRules>[] = [
  {
    from: '2015-04',
    source: 'Lei 11.482/2007, art. 1º IX (redação da Lei 13.149/2015); Lei 9.250/1995, art. 4º III',
    value: {
      brackets: irrfTable(1_903.98, [142.8, 354.8, 636.13, 869.36]),
      dependantCents: DEPENDANT_CENTS,
      simplifiedDiscountCents: null,
      reduction: null,
    },
  },
  {
    from: '2023-05',
    source: 'Lei 11.482/2007, art. 1º (redação da Lei 14.663/2023, conversão da MP 1.171/2023); Lei 9.250/1995, art. 4º',
    value: {
      brackets: irrfTable(2_112, [158.4, 370.4, 651.73, 884.96]),
      dependantCents: DEPENDANT_CENTS,
      simplifiedDiscountCents: 52_800,
      reduction: null,
    },
  },
  {
    from: '2024-02',
    source: 'Lei 11.482/2007, art. 1º (redação da Lei 14.848/2024, conversão da MP 1.206/2024); Lei 9.250/1995, art. 4º',
    value: {
      brackets: irrfTable(2_259.2, [169.44, 381.44, 662.77, 896]),
      dependantCents: DEPENDANT_CENTS,
      simplifiedDiscountCents: 56_480,
      reduction: null,
    },
  },
  {
    from: '2025-05',
    source: 'Lei 11.482/2007, art. 1º (redação da Lei 15.191/2025, conversão da MP 1.294/2025); Lei 9.250/1995, art. 4º',
    value: { brackets: TABLE_OF_MAY_2025, dependantCents: DEPENDANT_CENTS, simplifiedDiscountCents: 60_720, reduction: null },
  },
  {
    from: '2026-01',
    source:
      'Tabela da Lei 15.191/2025; redução da Lei 9.250/1995, art. 3º-A (incluído pela Lei 15.270/2025); Receita Federal, ' +
      '"Exemplos de aplicação da Lei 15.270/2025"',
    value: {
      brackets: TABLE_OF_MAY_2025,
      dependantCents: DEPENDANT_CENTS,
      simplifiedDiscountCents: 60_720,
      reduction: {
        fullUpToCents: 500_000,
        maxCents: 31_289,
        phaseOutUpToCents: 735_000,
        constantCents: 97_862,
        factorMillionths: 133_145,
      },
    },
  },
];
