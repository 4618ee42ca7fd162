import type { Version } from './periods';

/** The taxes a DAS may carry, in the order the PGDAS-D lists them. */
export const SIMPLES_TAXES = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'IPI', 'ICMS', 'ISS'] as const;
export type SimplesTax = (typeof SIMPLES_TAXES)[number];

export const SIMPLES_ANNEXES = ['I', 'II', 'III', 'IV', 'V'] as const;
export type SimplesAnnex = (typeof SIMPLES_ANNEXES)[number];

/** A tax's share of the effective rate, in hundredths of a percent (5,50 % → 550; the shares of a row sum to 10 000). */
export type Shares = Partial<Record<SimplesTax, number>>;

export interface SimplesBracket {
  /** The bracket's RBT12 ceiling, included ("até"), in centavos. */
  ceilingCents: number;
  /** Alíquota nominal in hundredths of a percent (4,00 % → 400). */
  nominalRate: number;
  /** Parcela a deduzir in centavos. */
  deductionCents: number;
  /** The repartição of the effective rate among the taxes. */
  shares: Shares;
  /**
   * When the ISS would pass the cap, the law's own split of (effective rate − cap) among the federal taxes (Anexos III
   * and IV, 5th bracket). Without it the difference goes to the federal taxes in proportion to their shares.
   */
  sharesAboveIssCap?: Shares;
}

export interface SimplesNacionalRules {
  annexes: Record<SimplesAnnex, readonly SimplesBracket[]>;
  /** Largest effective ISS rate, hundredths of a percent (LC 123 art. 18 §§ 1-B, 15). */
  issCapRate: number;
  /** Above this RBT12 (centavos) ICMS and ISS are paid outside the DAS (LC 123 arts. 13-A, 19, 20). */
  sublimiteCents: number;
  /** The EPP ceiling (LC 123 art. 3 II); export revenue has a ceiling of its own of the same amount (§ 14). */
  ceilingCents: number;
  /** Fator R threshold, hundredths of a percent: payroll ÷ RBT12 at or above it moves Anexo V to III (§§ 5-J, 5-M). */
  fatorRThreshold: number;
  /** Taxes not due on export revenue (LC 123 art. 18 § 4-A IV and § 14; Res. CGSN 140 art. 25 § 1 IV). */
  exportExempt: readonly SimplesTax[];
}

const BRACKET_CEILINGS_REAIS = [180_000, 360_000, 720_000, 1_800_000, 3_600_000, 4_800_000];

/** Six rows of [nominal %, deduction R$, shares %], turned into centavos and hundredths of a percent. */
function annex(rows: [number, number, Shares][], sharesAboveIssCap?: Shares): SimplesBracket[] {
  const hundredths = (percent: number) => Math.round(percent * 100);
  const toShares = (shares: Shares) =>
    Object.fromEntries(Object.entries(shares).map(([tax, percent]) => [tax, hundredths(percent!)])) as Shares;
  return rows.map(([nominal, deduction, shares], i) => ({
    ceilingCents: BRACKET_CEILINGS_REAIS[i] * 100,
    nominalRate: hundredths(nominal),
    deductionCents: deduction * 100,
    shares: toShares(shares),
    ...(i === 4 && sharesAboveIssCap ? { sharesAboveIssCap: toShares(sharesAboveIssCap) } : {}),
  }));
}

const share = (IRPJ: number, CSLL: number, COFINS: number, PIS: number, CPP: number, rest: Shares = {}): Shares => ({
  IRPJ,
  CSLL,
  COFINS,
  PIS,
  ...(CPP ? { CPP } : {}),
  ...rest,
});

/**
 * LC 123/2006, Anexos I–V in the wording of LC 155/2016 (in force from January 2018), with the ISS cap notes of
 * Anexos III and IV; each row checked against the law's text. The 6th bracket has no ICMS/ISS share: above
 * R$ 3,6 mi they are paid outside the DAS. Anexo IV has no CPP: it is paid outside the DAS (art. 18 § 5-C).
 */
const LC_155_2016: SimplesNacionalRules = {
  annexes: {
    // Anexo I — comércio.
    I: annex([
      [4.0, 0, share(5.5, 3.5, 12.74, 2.76, 41.5, { ICMS: 34 })],
      [7.3, 5_940, share(5.5, 3.5, 12.74, 2.76, 41.5, { ICMS: 34 })],
      [9.5, 13_860, share(5.5, 3.5, 12.74, 2.76, 42, { ICMS: 33.5 })],
      [10.7, 22_500, share(5.5, 3.5, 12.74, 2.76, 42, { ICMS: 33.5 })],
      [14.3, 87_300, share(5.5, 3.5, 12.74, 2.76, 42, { ICMS: 33.5 })],
      [19.0, 378_000, share(13.5, 10, 28.27, 6.13, 42.1)],
    ]),
    // Anexo II — indústria.
    II: annex([
      [4.5, 0, share(5.5, 3.5, 11.51, 2.49, 37.5, { IPI: 7.5, ICMS: 32 })],
      [7.8, 5_940, share(5.5, 3.5, 11.51, 2.49, 37.5, { IPI: 7.5, ICMS: 32 })],
      [10.0, 13_860, share(5.5, 3.5, 11.51, 2.49, 37.5, { IPI: 7.5, ICMS: 32 })],
      [11.2, 22_500, share(5.5, 3.5, 11.51, 2.49, 37.5, { IPI: 7.5, ICMS: 32 })],
      [14.7, 85_500, share(5.5, 3.5, 11.51, 2.49, 37.5, { IPI: 7.5, ICMS: 32 })],
      [30.0, 720_000, share(8.5, 7.5, 20.96, 4.54, 23.5, { IPI: 35 })],
    ]),
    // Anexo III — serviços (and those of § 5-J with Fator R ≥ 28 %). 5th bracket: above an effective 14,92537 % the
    // ISS is 5 % and (effective − 5 %) is split 6,02 / 5,26 / 19,28 / 4,18 / 65,26 %.
    III: annex(
      [
        [6.0, 0, share(4, 3.5, 12.82, 2.78, 43.4, { ISS: 33.5 })],
        [11.2, 9_360, share(4, 3.5, 14.05, 3.05, 43.4, { ISS: 32 })],
        [13.5, 17_640, share(4, 3.5, 13.64, 2.96, 43.4, { ISS: 32.5 })],
        [16.0, 35_640, share(4, 3.5, 13.64, 2.96, 43.4, { ISS: 32.5 })],
        [21.0, 125_640, share(4, 3.5, 12.82, 2.78, 43.4, { ISS: 33.5 })],
        [33.0, 648_000, share(35, 15, 16.03, 3.47, 30.5)],
      ],
      share(6.02, 5.26, 19.28, 4.18, 65.26),
    ),
    // Anexo IV — serviços of § 5-C (CPP outside the DAS). 5th bracket: above an effective 12,5 % the ISS is 5 % and
    // (effective − 5 %) is split 31,33 / 32,00 / 30,13 / 6,54 %.
    IV: annex(
      [
        [4.5, 0, share(18.8, 15.2, 17.67, 3.83, 0, { ISS: 44.5 })],
        [9.0, 8_100, share(19.8, 15.2, 20.55, 4.45, 0, { ISS: 40 })],
        [10.2, 12_420, share(20.8, 15.2, 19.73, 4.27, 0, { ISS: 40 })],
        [14.0, 39_780, share(17.8, 19.2, 18.9, 4.1, 0, { ISS: 40 })],
        [22.0, 183_780, share(18.8, 19.2, 18.08, 3.92, 0, { ISS: 40 })],
        [33.0, 828_000, share(53.5, 21.5, 20.55, 4.45, 0)],
      ],
      share(31.33, 32, 30.13, 6.54, 0),
    ),
    // Anexo V — serviços of § 5-I (and those of § 5-J with Fator R < 28 %).
    V: annex([
      [15.5, 0, share(25, 15, 14.1, 3.05, 28.85, { ISS: 14 })],
      [18.0, 4_500, share(23, 15, 14.1, 3.05, 27.85, { ISS: 17 })],
      [19.5, 9_900, share(24, 15, 14.92, 3.23, 23.85, { ISS: 19 })],
      [20.5, 17_100, share(21, 15, 15.74, 3.41, 23.85, { ISS: 21 })],
      [23.0, 62_100, share(23, 12.5, 14.1, 3.05, 23.85, { ISS: 23.5 })],
      [30.5, 540_000, share(35, 15.5, 16.44, 3.56, 29.5)],
    ]),
  },
  issCapRate: 500,
  sublimiteCents: 360_000_000,
  ceilingCents: 480_000_000,
  fatorRThreshold: 2_800,
  exportExempt: ['COFINS', 'PIS', 'IPI', 'ICMS', 'ISS'],
};

/**
 * The Simples Nacional rules by period. 2027–2028 (LC 214/2025: CBS and IBS in place of PIS, Cofins, ICMS and ISS,
 * new repartição tables) will be one more entry here; see docs/taxes.md.
 */
export const SIMPLES_NACIONAL_RULES: readonly Version<SimplesNacionalRules>[] = [
  {
    from: '2018-01',
    source:
      'LC 123/2006, Anexos I a V e art. 18 (redação da LC 155/2016); Res. CGSN 140/2018, arts. 21 a 26; ' +
      'Manual do PGDAS-D e DEFIS, item 8 e exemplos 3 a 6',
    value: LC_155_2016,
  },
];
