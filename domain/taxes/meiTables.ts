import type { Version } from './periods';

/** The national minimum wage in centavos, by the month it took effect. */
export const MINIMUM_WAGE: readonly Version<number>[] = [
  { from: '2024-01', source: 'Decreto 11.864/2023: R$ 1.412,00', value: 141_200 },
  { from: '2025-01', source: 'Decreto 12.342/2024: R$ 1.518,00', value: 151_800 },
  {
    from: '2026-01',
    source: 'R$ 1.621,00, the figure of Portaria Interministerial MPS/MF 13/2026 (docs/taxes.md)',
    value: 162_100,
  },
];

export interface SimeiRules {
  /** INSS as a share of the minimum wage, hundredths of a percent (LC 123 art. 18-A § 3 V "a"): 5 %. */
  inssRate: number;
  /** INSS of the MEI Caminhoneiro (art. 18-F, LC 188/2021, from 2022): 12 %; null before it existed. */
  truckDriverInssRate: number | null;
  /** Fixed ICMS of commerce, industry or intermunicipal transport (art. 18-A § 3 V "b"): R$ 1,00. */
  icmsCents: number;
  /** Fixed ISS of services (art. 18-A § 3 V "c"): R$ 5,00. */
  issCents: number;
  /** Yearly revenue limit (art. 18-A § 1): R$ 81.000,00. */
  annualLimitCents: number;
  /** Limit per month of activity in the opening year (art. 18-A § 2): R$ 6.750,00. */
  monthlyLimitCents: number;
  /** Excess over the limit that still leaves the MEI only from next January (art. 18-A § 7 III, § 12 II): 20 %. */
  toleranceRate: number;
}

const LC_155_2016: SimeiRules = {
  inssRate: 500,
  truckDriverInssRate: null,
  icmsCents: 100,
  issCents: 500,
  annualLimitCents: 8_100_000,
  monthlyLimitCents: 675_000,
  toleranceRate: 2_000,
};

/**
 * SIMEI by period. A new limit (PLP 108/2021, PLP 60/2025, the government bill of 29/06/2026) would be one more entry
 * from the month the sanctioned law sets; none is law yet (docs/taxes.md).
 */
export const SIMEI_RULES: readonly Version<SimeiRules>[] = [
  {
    from: '2012-01',
    source: 'LC 123/2006, art. 18-A (redação da LC 139/2011): limite de R$ 60.000,00, R$ 5.000,00 por mês',
    value: { ...LC_155_2016, annualLimitCents: 6_000_000, monthlyLimitCents: 500_000 },
  },
  {
    from: '2018-01',
    source: 'LC 123/2006, art. 18-A (redação da LC 155/2016); Res. CGSN 140/2018, arts. 100 a 105',
    value: LC_155_2016,
  },
  {
    from: '2022-01',
    source: 'LC 123/2006, arts. 18-A e 18-F (redação das LC 155/2016 e 188/2021); Res. CGSN 140/2018, arts. 100 a 105',
    value: { ...LC_155_2016, truckDriverInssRate: 1_200 },
  },
];
