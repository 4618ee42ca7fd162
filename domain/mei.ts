import * as v from 'valibot';
import { formatMoney } from './plans';
import type { MeiActivityKind } from './taxes/meiDas';
import { SIMEI_RULES, type SimeiRules } from './taxes/meiTables';
import { versionAt } from './taxes/periods';
import { dasSimplesNacional, type TaxCents } from './taxes/simplesNacional';
import { CompanyIdSchema } from './fields';

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

/** docs/api.md `GET /reports/anual-billing-by-company?companyId&year`; no year means the current one (São Paulo). */
export const AnnualBillingQuerySchema = v.object({
  companyId: CompanyIdSchema,
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

/* ---------------------------------------------------------------- the year's end against the limit */

export const MEI_YEAR_OUTCOMES = ['within', 'excessUpTo20', 'excessAbove20'] as const;
export type MeiYearOutcome = (typeof MEI_YEAR_OUTCOMES)[number];

/** The DAS complementar on an excess of up to 20 %: the excess taxed by the 1st bracket of the Simples annexes. */
export interface MeiComplementaryDas {
  /** Competence whose DAS it is paid with (January of the next year), without fine or interest. */
  competence: string;
  /** That DAS's due date, the 20th of February, before any move to a business day. */
  dueDate: string;
  taxes: TaxCents;
  totalCents: number;
}

export interface MeiYearEnd {
  year: number;
  revenueCents: number;
  /** The year's limit: R$ 81.000, or R$ 6.750 per month of activity in the opening year. */
  limitCents: number;
  /** 20 % of the limit: an excess up to it leaves the MEI only from next January. */
  toleranceCents: number;
  excessCents: number;
  outcome: MeiYearOutcome;
  complementaryDas: MeiComplementaryDas | null;
  /** The day the company stops being MEI and becomes ME, or null when it stays MEI. */
  meFrom: string | null;
  /** Whether that day is in the past: the Simples DAS of every month since then is owed, with fine and interest. */
  retroactive: boolean;
  title: string;
  message: string;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * What the year's revenue means for a MEI (LC 123 art. 18-A §§ 7, 8 and 12; Res. CGSN 140 arts. 105 and 115): within
 * the limit nothing changes; an excess of up to 20 % keeps it MEI until 31 December, becomes ME on 1 January and pays
 * a DAS complementar on the excess with the January DAS; above 20 % it leaves MEI back to 1 January (or to its
 * opening, in the opening year). The complementary DAS follows the DASN-SIMEI: the 1st bracket of Anexo I for
 * commerce, of Anexo III for services, half the excess each for both (docs/taxes.md).
 */
export function meiYearEnd(input: {
  year: number;
  /** The opening date (YYYY-MM-DD), or null when unknown: the full limit applies. */
  openedOn: string | null;
  revenueCents: number;
  activity: MeiActivityKind;
}): MeiYearEnd {
  const { year, openedOn, revenueCents, activity } = input;
  if (!Number.isSafeInteger(revenueCents) || revenueCents < 0) throw new RangeError(`Invalid revenue: ${revenueCents}`);
  const limitCents = meiLimitCents(year, openedOn);
  if (limitCents === 0) throw new RangeError(`The company did not exist in ${year}`);
  const { toleranceRate } = simeiRulesOf(year);
  // Rounded down: one centavo above the 20 % counts as above it.
  const toleranceCents = Math.floor((limitCents * toleranceRate) / 10_000);
  const excessCents = Math.max(0, revenueCents - limitCents);
  const outcome: MeiYearOutcome = excessCents === 0 ? 'within' : excessCents <= toleranceCents ? 'excessUpTo20' : 'excessAbove20';
  const openingYear = openedOn !== null && Number(openedOn.slice(0, 4)) === year;
  const money = (cents: number) => formatMoney(cents);
  const base = { year, revenueCents, limitCents, toleranceCents, excessCents, outcome };
  const revenueText = `O faturamento de ${year}, ${money(revenueCents)},`;
  const limitText = openingYear
    ? `o limite do MEI no ano de abertura, ${money(limitCents)} (${money(simeiRulesOf(year).monthlyLimitCents)} por mês de atividade)`
    : `o limite do MEI, ${money(limitCents)}`;

  if (outcome === 'within')
    return {
      ...base,
      complementaryDas: null,
      meFrom: null,
      retroactive: false,
      title: 'Dentro do limite do MEI',
      message: `${revenueText} está dentro de ${limitText}.`,
    };

  if (outcome === 'excessUpTo20') {
    const competence = `${year + 1}-01`;
    const commerceShare = activity === 'commerce' ? excessCents : activity === 'services' ? 0 : Math.floor(excessCents / 2);
    const parts = [
      { annex: 'I' as const, cents: commerceShare },
      { annex: 'III' as const, cents: excessCents - commerceShare },
    ].filter((p) => p.cents > 0);
    const taxes: TaxCents = {};
    let totalCents = 0;
    for (const p of parts) {
      // RBT12 at most 120 % of R$ 81.000 keeps the 1st bracket: its nominal rate, each tax rounded (docs/taxes.md).
      const das = dasSimplesNacional({ competence: `${year}-12`, annex: p.annex, rbt12: revenueCents, revenueCents: p.cents });
      for (const [tax, cents] of Object.entries(das.taxes) as [keyof TaxCents, number][]) taxes[tax] = (taxes[tax] ?? 0) + cents;
      totalCents += das.totalCents;
    }
    const dueDate = `${year + 1}-02-20`;
    const meFrom = `${year + 1}-01-01`;
    return {
      ...base,
      complementaryDas: { competence, dueDate, taxes, totalCents },
      meFrom,
      retroactive: false,
      title: 'Limite do MEI ultrapassado em até 20%',
      message:
        `${revenueText} passou ${limitText}, em ${money(excessCents)}, dentro da tolerância de 20% ` +
        `(${money(toleranceCents)}). A empresa continua MEI até 31/12/${year} e passa a ser microempresa (ME) a partir ` +
        `de ${brDate(meFrom)}. Sobre o excesso é devido um DAS complementar de ${money(totalCents)}, gerado na ` +
        `DASN-SIMEI e pago sem multa nem juros junto com o DAS de janeiro de ${year + 1}, que vence em ${brDate(dueDate)}.`,
    };
  }

  const meFrom = openingYear ? openedOn! : `${year}-01-01`;
  return {
    ...base,
    complementaryDas: null,
    meFrom,
    retroactive: true,
    title: 'Limite do MEI ultrapassado em mais de 20%',
    message:
      `${revenueText} passou ${limitText}, em ${money(excessCents)}, mais do que a tolerância de 20% ` +
      `(${money(toleranceCents)}). A empresa deixa de ser MEI desde ${brDate(meFrom)}, de forma retroativa, e passa a ` +
      `ser microempresa (ME) no Simples Nacional: são devidos o PGDAS-D e o DAS de cada mês desde ${brDate(meFrom)}, ` +
      `calculados sobre o faturamento real, com multa e juros, e não se entrega a DASN-SIMEI de ${year}. Fale com a nossa equipe.`,
  };
}
