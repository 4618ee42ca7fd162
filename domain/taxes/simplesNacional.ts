import { addMonths, monthsBetween, versionAt } from './periods';
import {
  SIMPLES_NACIONAL_RULES,
  SIMPLES_TAXES,
  type Shares,
  type SimplesAnnex,
  type SimplesBracket,
  type SimplesNacionalRules,
  type SimplesTax,
} from './simplesNacionalTables';

/** Centavos per tax. */
export type TaxCents = Partial<Record<SimplesTax, number>>;

/** A company's revenue by month, for the RBT12 (docs/taxes.md). */
export interface RevenueHistory {
  /** The first month of activity (YYYY-MM): the opening-year rules count from it. */
  activityStart: string;
  /**
   * Revenue per month (YYYY-MM → centavos), the months before it joined us typed by the team. A month of activity
   * missing here counts as a month without revenue, so the caller must hold every month since `activityStart`.
   */
  monthlyRevenueCents: Readonly<Record<string, number>>;
}

const HUNDRED_PERCENT = 10_000n;

/** Half up to the whole centavo, as the PGDAS-D rounds; both arguments non-negative. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

function assertCents(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole non-negative centavos: ${value}`);
}

/**
 * RBT12, the revenue of the 12 months before the competence (LC 123 art. 18 § 1). In the first 12 months of activity
 * (Res. CGSN 140 art. 22 §§ 2–3): the first month takes its own revenue × 12; the next eleven the average of the
 * months of activity before it × 12, rounded half up to the centavo.
 */
export function rbt12FromHistory(competence: string, history: RevenueHistory, revenueCents: number): number {
  assertCents('revenueCents', revenueCents);
  const monthsOfActivity = monthsBetween(history.activityStart, competence);
  if (monthsOfActivity < 0) throw new RangeError(`${competence} is before the activity started (${history.activityStart})`);
  if (monthsOfActivity === 0) return revenueCents * 12;
  const counted = Math.min(monthsOfActivity, 12);
  let sum = 0;
  for (let i = 1; i <= counted; i++) {
    const month = history.monthlyRevenueCents[addMonths(competence, -i)] ?? 0;
    assertCents(`revenue of ${addMonths(competence, -i)}`, month);
    sum += month;
  }
  return counted === 12 ? sum : roundHalfUp(BigInt(sum) * 12n, BigInt(counted));
}

/** The bracket (1–6) an RBT12 falls in: a ceiling belongs to its own bracket ("até"), the lower one. */
export function simplesBracket(rules: SimplesNacionalRules, annex: SimplesAnnex, rbt12Cents: number): number {
  const index = rules.annexes[annex].findIndex((bracket) => rbt12Cents <= bracket.ceilingCents);
  if (index < 0) throw new RangeError(`RBT12 above the Simples Nacional ceiling: ${rbt12Cents}`);
  return index + 1;
}

export type DasPartKind = 'internal' | 'issWithheld' | 'export';

/** One line of the calculation: revenue of one kind with its own RBT12 and repartição. */
export interface DasPart {
  kind: DasPartKind;
  annex: SimplesAnnex;
  revenueCents: number;
  rbt12Cents: number;
  bracket: number;
  /** Alíquota nominal as a fraction (0.135 is 13,5 %). */
  nominalRate: number;
  deductionCents: number;
  /** (RBT12 × nominal − deduction) ÷ RBT12, as a fraction, unrounded. */
  effectiveRate: number;
  /** Whether the ISS reached its 5 % cap and the difference went to the federal taxes. */
  issCapped: boolean;
  /** What this revenue pays in the DAS, each tax rounded to the centavo. */
  taxes: TaxCents;
  totalCents: number;
  /** ISS the tomador withheld (not in the DAS). */
  issWithheldCents: number;
}

/** Each tax of a revenue, rounded to the centavo: revenue × effective × share, or the ISS cap's split. */
function taxesOf(rules: SimplesNacionalRules, bracket: SimplesBracket, rbt12Cents: number, revenueCents: number) {
  const revenue = BigInt(revenueCents);
  const rbt12 = BigInt(rbt12Cents);
  // effective = effNum / effDen. With no revenue in the 12 months the formula's limit is the nominal rate (PD = 0).
  const [effNum, effDen] =
    rbt12 === 0n
      ? [BigInt(bracket.nominalRate), HUNDRED_PERCENT]
      : [rbt12 * BigInt(bracket.nominalRate) - BigInt(bracket.deductionCents) * HUNDRED_PERCENT, rbt12 * HUNDRED_PERCENT];
  const cap = BigInt(rules.issCapRate);
  const issShare = BigInt(bracket.shares.ISS ?? 0);
  const taxes: TaxCents = {};
  // ISS effective = effective × share > cap (LC 123 art. 18 § 1-B; Anexos III and IV notes).
  const issCapped = effNum * issShare > cap * effDen;
  if (!issCapped) {
    for (const [tax, share] of Object.entries(bracket.shares) as [SimplesTax, number][])
      taxes[tax] = roundHalfUp(revenue * effNum * BigInt(share), effDen * HUNDRED_PERCENT);
  } else {
    taxes.ISS = roundHalfUp(revenue * cap, HUNDRED_PERCENT);
    // (effective − cap) goes to the federal taxes: by the law's own split when it gives one, else pro rata.
    const restNum = effNum * HUNDRED_PERCENT - cap * effDen;
    const restDen = effDen * HUNDRED_PERCENT;
    const federal: Shares = bracket.sharesAboveIssCap ?? { ...bracket.shares, ISS: undefined };
    const federalSum = Object.values(federal).reduce<number>((sum, share) => sum + (share ?? 0), 0);
    for (const [tax, share] of Object.entries(federal) as [SimplesTax, number | undefined][])
      if (share !== undefined) taxes[tax] = roundHalfUp(revenue * restNum * BigInt(share), restDen * BigInt(federalSum));
  }
  return { taxes, issCapped, effectiveRate: Number(effNum) / Number(effDen) };
}

function part(
  rules: SimplesNacionalRules,
  kind: DasPartKind,
  annex: SimplesAnnex,
  rbt12Cents: number,
  revenueCents: number,
  outsideDas: ReadonlySet<SimplesTax>,
): DasPart {
  const bracketNumber = simplesBracket(rules, annex, rbt12Cents);
  const bracket = rules.annexes[annex][bracketNumber - 1];
  const computed = taxesOf(rules, bracket, rbt12Cents, revenueCents);
  const taxes: TaxCents = {};
  let issWithheldCents = 0;
  for (const tax of SIMPLES_TAXES) {
    const cents = computed.taxes[tax];
    if (cents === undefined) continue;
    if (kind === 'export' && rules.exportExempt.includes(tax)) continue;
    if (outsideDas.has(tax)) continue;
    if (kind === 'issWithheld' && tax === 'ISS') issWithheldCents = cents;
    else taxes[tax] = cents;
  }
  return {
    kind,
    annex,
    revenueCents,
    rbt12Cents,
    bracket: bracketNumber,
    nominalRate: bracket.nominalRate / 10_000,
    deductionCents: bracket.deductionCents,
    effectiveRate: computed.effectiveRate,
    issCapped: computed.issCapped,
    taxes,
    // The PGDAS-D's total is the sum of the rounded taxes, never the rounded product.
    totalCents: Object.values(taxes).reduce((sum, cents) => sum + cents, 0),
    issWithheldCents,
  };
}

export interface DasInput {
  /** The period of apuração (YYYY-MM): picks the rules in force. */
  competence: string;
  /** The activity's annex; III or V with `payroll12Cents` lets the Fator R choose. */
  annex: SimplesAnnex;
  /** RBT12 of the internal market in centavos, or the history it is computed from. */
  rbt12: number | RevenueHistory;
  /** The month's internal-market revenue, all of it (withheld ISS included), in centavos. */
  revenueCents: number;
  /** Of `revenueCents`, the part whose ISS the tomador withheld. */
  issWithheldRevenueCents?: number;
  /** Payroll of the 12 previous months (salaries, pró-labore, CPP, FGTS): the activity is subject to the Fator R. */
  payroll12Cents?: number;
  /** RBT12 of the export revenue, counted apart from the internal market (LC 123 art. 3 §§ 14–15). */
  exportRbt12?: number | RevenueHistory;
  exportRevenueCents?: number;
  /**
   * The company passed the sublimite of R$ 3,6 mi and pays ICMS/ISS outside the DAS (arts. 13-A, 20). Defaults to an
   * RBT12 above it; the team states it when the year's accumulated revenue decides it.
   */
  aboveSublimite?: boolean;
}

export interface DasResult {
  competence: string;
  /** The annex used: after the Fator R when it applied. */
  annex: SimplesAnnex;
  /** Payroll ÷ RBT12 as a fraction, null when the activity is not subject to it. */
  fatorR: number | null;
  /** The internal market's figures (the calculation's headline). */
  rbt12Cents: number;
  bracket: number;
  nominalRate: number;
  deductionCents: number;
  effectiveRate: number;
  /** The DAS per tax, the parts summed. */
  taxes: TaxCents;
  totalCents: number;
  issWithheldCents: number;
  /** Taxes paid outside the DAS under the sublimite. */
  outsideDas: SimplesTax[];
  parts: DasPart[];
  /** The rules' source. */
  source: string;
}

/**
 * The Fator R (LC 123 art. 18 §§ 5-J, 5-M, 24): payroll of 12 months ÷ RBT12, with the PGDAS-D's conventions: no
 * payroll counts as 1 %, and a payroll with no revenue as 28 %.
 */
export function fatorR(payroll12Cents: number, rbt12Cents: number): number {
  if (payroll12Cents === 0) return 0.01;
  if (rbt12Cents === 0) return 0.28;
  return payroll12Cents / rbt12Cents;
}

/** The DAS of a Simples Nacional company for one month, to the centavo as the PGDAS-D computes it (docs/taxes.md). */
export function dasSimplesNacional(input: DasInput): DasResult {
  const version = versionAt(SIMPLES_NACIONAL_RULES, input.competence);
  const rules = version.value;
  const withheld = input.issWithheldRevenueCents ?? 0;
  const exportRevenue = input.exportRevenueCents ?? 0;
  assertCents('revenueCents', input.revenueCents);
  assertCents('issWithheldRevenueCents', withheld);
  assertCents('exportRevenueCents', exportRevenue);
  if (withheld > input.revenueCents) throw new RangeError('issWithheldRevenueCents is more than revenueCents');
  const rbt12 =
    typeof input.rbt12 === 'number' ? input.rbt12 : rbt12FromHistory(input.competence, input.rbt12, input.revenueCents);
  const exportRbt12 =
    input.exportRbt12 === undefined
      ? 0
      : typeof input.exportRbt12 === 'number'
        ? input.exportRbt12
        : rbt12FromHistory(input.competence, input.exportRbt12, exportRevenue);
  assertCents('rbt12', rbt12);
  assertCents('exportRbt12', exportRbt12);

  let annex = input.annex;
  let r: number | null = null;
  if (input.payroll12Cents !== undefined && (annex === 'III' || annex === 'V')) {
    assertCents('payroll12Cents', input.payroll12Cents);
    const total = rbt12 + exportRbt12;
    // Compared in integers so 28 % exactly moves to Anexo III and 27,99… % does not.
    const reaches = total === 0 ? input.payroll12Cents > 0 : input.payroll12Cents * 10_000 >= rules.fatorRThreshold * total;
    annex = reaches ? 'III' : 'V';
    r = fatorR(input.payroll12Cents, total);
  }

  const aboveSublimite = input.aboveSublimite ?? rbt12 > rules.sublimiteCents;
  // The annex's state or municipal tax: its first bracket names it (the 6th has none, being outside already).
  const localTaxes = (['ICMS', 'ISS'] as const).filter((tax) => rules.annexes[annex][0].shares[tax] !== undefined);
  const outsideDas = new Set<SimplesTax>(aboveSublimite ? localTaxes : []);
  const parts = [part(rules, 'internal', annex, rbt12, input.revenueCents - withheld, outsideDas)];
  if (withheld > 0) parts.push(part(rules, 'issWithheld', annex, rbt12, withheld, outsideDas));
  if (exportRevenue > 0 || input.exportRbt12 !== undefined)
    parts.push(part(rules, 'export', annex, exportRbt12, exportRevenue, outsideDas));

  const taxes: TaxCents = {};
  for (const tax of SIMPLES_TAXES)
    for (const p of parts) if (p.taxes[tax] !== undefined) taxes[tax] = (taxes[tax] ?? 0) + p.taxes[tax]!;
  const [internal] = parts;
  return {
    competence: input.competence,
    annex,
    fatorR: r,
    rbt12Cents: rbt12,
    bracket: internal.bracket,
    nominalRate: internal.nominalRate,
    deductionCents: internal.deductionCents,
    effectiveRate: internal.effectiveRate,
    taxes,
    totalCents: parts.reduce((sum, p) => sum + p.totalCents, 0),
    issWithheldCents: parts.reduce((sum, p) => sum + p.issWithheldCents, 0),
    outsideDas: [...outsideDas],
    parts,
    source: version.source,
  };
}
