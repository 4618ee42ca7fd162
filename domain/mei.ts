import * as v from 'valibot';
import { versionAt } from './taxes/periods';
import { SIMEI_RULES, type SimeiRules } from './taxes/meiTables';

/** The MEI's yearly gross revenue ceiling (LC 123/2006, art. 18-A) in force since 2018: R$ 81.000,00. */
export const MEI_ANNUAL_LIMIT_CENTS = 8_100_000;
/** A twelfth of it, the ceiling for each month of activity in the opening year: R$ 6.750,00. */
export const MEI_MONTHLY_LIMIT_CENTS = 675_000;

/** The SIMEI rules of a year (docs/taxes.md); a year before the first version takes the first one. */
export function simeiRulesOf(year: number): SimeiRules {
  const first = SIMEI_RULES.reduce((a, b) => (a.from <= b.from ? a : b));
  const competence = `${String(year).padStart(4, '0')}-01`;
  return (competence < first.from ? first : versionAt(SIMEI_RULES, competence)).value;
}

/**
 * The MEI revenue limit of a calendar year. In the year the company opened it is proportional: R$ 6.750,00 for
 * each month of activity, the opening month included. 0 for a year before the company existed.
 *
 * @param openedOn the opening date (YYYY-MM-DD, São Paulo), or null when unknown (the full limit applies)
 */
export function meiLimitCents(year: number, openedOn: string | null): number {
  const { annualLimitCents, monthlyLimitCents } = simeiRulesOf(year);
  if (openedOn === null) return annualLimitCents;
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(openedOn);
  if (!match) throw new RangeError(`Invalid opening date: ${openedOn}`);
  const openedYear = Number(match[1]);
  const openedMonth = Number(match[2]);
  if (year > openedYear) return annualLimitCents;
  if (year < openedYear) return 0;
  return monthlyLimitCents * (12 - openedMonth + 1);
}

export const MEI_LIMIT_LEVELS = ['ok', 'attention', 'over', 'excluded'] as const;
export type MeiLimitLevel = (typeof MEI_LIMIT_LEVELS)[number];

export interface MeiLimitStatus {
  /** Billed over limit: 1 is exactly the limit. */
  ratio: number;
  level: MeiLimitLevel;
  title: string;
  message: string;
}

/** What each level means for the company, in the words the customer reads. */
export const MEI_LIMIT_TEXT: Record<MeiLimitLevel, { title: string; message: string }> = {
  ok: {
    title: 'Dentro do limite do MEI',
    message: 'O faturamento do ano está abaixo de 80% do limite do MEI.',
  },
  attention: {
    title: 'Perto do limite do MEI',
    message: 'O faturamento do ano já passou de 80% do limite do MEI. Acompanhe as próximas notas para não ultrapassar o limite.',
  },
  over: {
    title: 'Limite do MEI ultrapassado',
    message:
      'O faturamento passou do limite do MEI em até 20%. A empresa deixa de ser MEI a partir de 1º de janeiro do ano seguinte e paga, no DAS, os impostos sobre o valor que excedeu o limite.',
  },
  excluded: {
    title: 'Limite do MEI ultrapassado em mais de 20%',
    message:
      'O faturamento passou do limite do MEI em mais de 20%. A empresa é desenquadrada do MEI de forma retroativa, desde 1º de janeiro do próprio ano, e recolhe os impostos desse período como ME. Fale com a nossa equipe.',
  },
};

/**
 * Where the year's billing stands against the MEI limit: from 80% "attention"; above the limit up to 120% "over"
 * (leaves MEI next year); above 120% "excluded" (retroactive to 1 January). Compared in integers so a single
 * centavo over a threshold counts.
 */
export function meiLimitStatus(billedCents: number, limitCents: number): MeiLimitStatus {
  if (!(limitCents > 0)) throw new RangeError(`The MEI limit must be positive: ${limitCents}`);
  const level: MeiLimitLevel =
    billedCents * 100 > limitCents * 120
      ? 'excluded'
      : billedCents > limitCents
        ? 'over'
        : billedCents * 100 >= limitCents * 80
          ? 'attention'
          : 'ok';
  return { ratio: billedCents / limitCents, level, ...MEI_LIMIT_TEXT[level] };
}

/* ---------------------------------------------------------------- annual billing report */

export const REPORT_MIN_YEAR = 2000;
export const REPORT_MAX_YEAR = 2100;
const YEAR_MESSAGE = `Ano inválido: informe um ano entre ${REPORT_MIN_YEAR} e ${REPORT_MAX_YEAR} (ex.: 2026).`;

/** Spec §7 `GET /reports/anual-billing-by-company?companyId&year`; no year means the current one (São Paulo). */
export const AnnualBillingQuerySchema = v.object({
  companyId: v.pipe(v.string('Informe a empresa.'), v.uuid('Empresa inválida.')),
  year: v.optional(
    v.pipe(
      v.union([v.pipe(v.string(YEAR_MESSAGE), v.regex(/^\s*\d{4}\s*$/, YEAR_MESSAGE)), v.number(YEAR_MESSAGE)], YEAR_MESSAGE),
      v.transform(Number),
      v.integer(YEAR_MESSAGE),
      v.minValue(REPORT_MIN_YEAR, YEAR_MESSAGE),
      v.maxValue(REPORT_MAX_YEAR, YEAR_MESSAGE),
    ),
  ),
});
export type AnnualBillingQuery = v.InferOutput<typeof AnnualBillingQuerySchema>;

/** Issued invoices of one month (by competence); values in centavos. */
export interface MonthlyBilling {
  /** 1 to 12. */
  month: number;
  totalCents: number;
  count: number;
}

/** The year's billing of a company: every month (zeros included) and, for a MEI, where it stands on the limit. */
export interface AnnualBilling {
  year: number;
  months: MonthlyBilling[];
  totalCents: number;
  mei: (MeiLimitStatus & { limitCents: number }) | null;
}
