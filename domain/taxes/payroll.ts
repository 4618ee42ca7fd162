import { versionAt } from './periods';
import { INSS_RULES, IRRF_RULES, type IrrfRules } from './payrollTables';

/** Half up to the whole centavo; numerator non-negative. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

function assertCents(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole non-negative centavos: ${value}`);
}

const HUNDRED_PERCENT = 10_000n;

export interface InssEmployee {
  competence: string;
  salaryCents: number;
  /** The salary counted, at most the ceiling. */
  baseCents: number;
  ceilingCents: number;
  /** Each bracket the salary reaches: the part in it and its rate (hundredths of a percent), unrounded. */
  brackets: { fromCents: number; toCents: number; rate: number; partCents: number }[];
  /** The contribution: the brackets' exact sum, rounded once, half up, to the centavo. */
  contributionCents: number;
  source: string;
}

/**
 * The employee's INSS for a month: each rate on the part of the salary in its bracket, up to the ceiling. Summed
 * exactly and rounded once, as the Receita's worked examples do (R$ 5.000,00 in 2025 → R$ 509,60; rounding each
 * bracket would give R$ 509,59).
 */
export function inssEmployee(competence: string, salaryCents: number): InssEmployee {
  assertCents('salaryCents', salaryCents);
  const version = versionAt(INSS_RULES, competence);
  const { employeeBrackets } = version.value;
  const ceilingCents = employeeBrackets[employeeBrackets.length - 1].ceilingCents;
  const baseCents = Math.min(salaryCents, ceilingCents);
  const brackets: InssEmployee['brackets'] = [];
  // In hundredths of a percent of a centavo: exact until the single rounding.
  let sum = 0n;
  let floor = 0;
  for (const bracket of employeeBrackets) {
    if (baseCents <= floor) break;
    const top = Math.min(baseCents, bracket.ceilingCents);
    sum += BigInt(top - floor) * BigInt(bracket.rate);
    brackets.push({ fromCents: floor, toCents: top, rate: bracket.rate, partCents: ((top - floor) * bracket.rate) / 10_000 });
    floor = bracket.ceilingCents;
  }
  return {
    competence,
    salaryCents,
    baseCents,
    ceilingCents,
    brackets,
    contributionCents: roundHalfUp(sum, HUNDRED_PERCENT),
    source: version.source,
  };
}

export interface InssProLabore {
  competence: string;
  amountCents: number;
  /** The amount counted for the partner's 11 %, at most the ceiling. */
  baseCents: number;
  ceilingCents: number;
  /** Hundredths of a percent: 1 100. */
  rate: number;
  /** The partner's contribution, withheld by the company. */
  contributionCents: number;
  /** Hundredths of a percent: 2 000, on the whole amount. */
  employerRate: number;
  /**
   * The company's 20 % on the whole pró-labore: owed apart only outside the Simples Nacional or in its Anexo IV;
   * elsewhere in the Simples it is the CPP already inside the DAS.
   */
  employerCents: number;
  source: string;
}

/**
 * The INSS on a partner's pró-labore (contribuinte individual): 11 % of the amount up to the ceiling, rounded half up
 * to the centavo; and the company's 20 % with no ceiling, for the cases it is paid outside the DAS.
 */
export function inssProLabore(competence: string, amountCents: number): InssProLabore {
  assertCents('amountCents', amountCents);
  const version = versionAt(INSS_RULES, competence);
  const { employeeBrackets, proLaboreRate, employerRate } = version.value;
  const ceilingCents = employeeBrackets[employeeBrackets.length - 1].ceilingCents;
  const baseCents = Math.min(amountCents, ceilingCents);
  return {
    competence,
    amountCents,
    baseCents,
    ceilingCents,
    rate: proLaboreRate,
    contributionCents: roundHalfUp(BigInt(baseCents) * BigInt(proLaboreRate), HUNDRED_PERCENT),
    employerRate,
    employerCents: roundHalfUp(BigInt(amountCents) * BigInt(employerRate), HUNDRED_PERCENT),
    source: `${version.source}; Lei 8.212/1991, arts. 21, 22 III e 30 § 4º; Lei 10.666/2003, art. 4º`,
  };
}

export type IrrfMethod = 'legal' | 'simplified';

/** The tax by one way of deducting: the legal deductions, or the simplified discount in their place. */
export interface IrrfOption {
  method: IrrfMethod;
  deductionsCents: number;
  baseCents: number;
  /** 1 for the exempt band. */
  bracket: number;
  /** Hundredths of a percent. */
  rate: number;
  /** The table's parcela a deduzir. */
  tableDeductionCents: number;
  /** Base × rate − parcela a deduzir, rounded half up (never below zero). */
  taxBeforeReductionCents: number;
  /** Lei 9.250/1995 art. 3º-A, from 2026, on the month's income; at most the tax. */
  reductionCents: number;
  taxCents: number;
}

export interface IrrfMonthly extends IrrfOption {
  competence: string;
  incomeCents: number;
  dependants: number;
  /** Both ways; the payer withholds the smaller (the simplified one is null before May 2023). */
  options: { legal: IrrfOption; simplified: IrrfOption | null };
  source: string;
}

/** The reduction of art. 3º-A for a month's taxable income, before the § 1º cap at the tax. */
function reductionOf(rules: IrrfRules, incomeCents: number): number {
  const reduction = rules.reduction;
  if (!reduction || incomeCents > reduction.phaseOutUpToCents) return 0;
  if (incomeCents <= reduction.fullUpToCents) return reduction.maxCents;
  // constant − factor × income, in millionths of a centavo until rounded.
  const exact = BigInt(reduction.constantCents) * 1_000_000n - BigInt(incomeCents) * BigInt(reduction.factorMillionths);
  return exact <= 0n ? 0 : roundHalfUp(exact, 1_000_000n);
}

function option(rules: IrrfRules, method: IrrfMethod, incomeCents: number, deductionsCents: number): IrrfOption {
  const baseCents = Math.max(0, incomeCents - deductionsCents);
  const index = rules.brackets.findIndex((b) => b.ceilingCents === null || baseCents <= b.ceilingCents);
  const row = rules.brackets[index];
  const exact = BigInt(baseCents) * BigInt(row.rate) - BigInt(row.deductionCents) * HUNDRED_PERCENT;
  const taxBeforeReductionCents = exact <= 0n ? 0 : roundHalfUp(exact, HUNDRED_PERCENT);
  const reductionCents = Math.min(taxBeforeReductionCents, reductionOf(rules, incomeCents));
  return {
    method,
    deductionsCents,
    baseCents,
    bracket: index + 1,
    rate: row.rate,
    tableDeductionCents: row.deductionCents,
    taxBeforeReductionCents,
    reductionCents,
    taxCents: taxBeforeReductionCents - reductionCents,
  };
}

/**
 * The IRRF withheld on a month's wages or pró-labore (tabela progressiva mensal, Lei 11.482/2007 art. 1º): the base is
 * the taxable income less the legal deductions (the official INSS, R$ 189,59 per dependant, alimony) or less the
 * simplified discount when that withholds less (Lei 9.250/1995 art. 4º § 2º); base × rate − parcela a deduzir, rounded
 * half up; from 2026 less the reduction of art. 3º-A, read on the income itself, not the base.
 *
 * @param incomeCents the month's taxable income (rendimentos tributáveis) before any deduction
 * @param dependants the dependants declared to the payer
 * @param deductions the INSS withheld and court-ordered alimony, which only the legal way deducts
 */
export function irrfMonthly(
  competence: string,
  incomeCents: number,
  dependants: number,
  deductions: { inssCents?: number; alimonyCents?: number } = {},
): IrrfMonthly {
  assertCents('incomeCents', incomeCents);
  if (!Number.isSafeInteger(dependants) || dependants < 0) throw new RangeError(`Invalid dependants: ${dependants}`);
  const inssCents = deductions.inssCents ?? 0;
  const alimonyCents = deductions.alimonyCents ?? 0;
  assertCents('inssCents', inssCents);
  assertCents('alimonyCents', alimonyCents);
  const version = versionAt(IRRF_RULES, competence);
  const rules = version.value;
  const legal = option(rules, 'legal', incomeCents, inssCents + alimonyCents + dependants * rules.dependantCents);
  const simplified =
    rules.simplifiedDiscountCents === null ? null : option(rules, 'simplified', incomeCents, rules.simplifiedDiscountCents);
  const chosen = simplified && simplified.taxCents < legal.taxCents ? simplified : legal;
  return {
    ...chosen,
    competence,
    incomeCents,
    dependants,
    options: { legal, simplified },
    source: version.source,
  };
}
