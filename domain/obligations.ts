import * as v from 'valibot';
import { meiLimitCents, meiLimitStatus, type MeiLimitStatus } from './mei';
import { nextBusinessDay } from './taxes/holidays';
import { MEI_ACTIVITY_KINDS, dasMei, type MeiActivityKind } from './taxes/meiDas';
import { addMonths } from './taxes/periods';
import { dasSimplesNacional, rbt12FromHistory, type DasResult, type TaxCents } from './taxes/simplesNacional';
import { SIMPLES_ANNEXES, type SimplesAnnex } from './taxes/simplesNacionalTables';
import { CompanyIdSchema, DayKeySchema } from './fields';

/**
 * A company's obligations of a year (docs/taxes.md "Obligations"): the monthly guides and returns and the yearly
 * declaration of its regime, when each is due (moved to the next business day), how much, and whether it is done.
 */
export const OBLIGATION_KINDS = ['das_mei', 'dasn_simei', 'das', 'pgdas_d', 'defis'] as const;
export type ObligationKind = (typeof OBLIGATION_KINDS)[number];

export const OBLIGATION_KIND_LABEL: Record<ObligationKind, string> = {
  das_mei: 'DAS-MEI',
  dasn_simei: 'DASN-SIMEI',
  das: 'DAS',
  pgdas_d: 'PGDAS-D',
  defis: 'DEFIS',
};

/** The guides paid with money; the others are returns the team files. */
export const OBLIGATION_PAYABLE: Record<ObligationKind, boolean> = {
  das_mei: true,
  dasn_simei: false,
  das: true,
  pgdas_d: false,
  defis: false,
};

export const OBLIGATION_STATUSES = ['a_fazer', 'paga', 'atrasada'] as const;
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];

export const OBLIGATION_REGIMES = ['mei', 'simples'] as const;
export type ObligationRegime = (typeof OBLIGATION_REGIMES)[number];

/** What the team recorded of an obligation: paid (or filed) when, by whom, and the guide and receipt documents. */
export interface ObligationPayment {
  paidAt: string | null;
  paidBy: string | null;
  guideDocumentId: string | null;
  receiptDocumentId: string | null;
}

/** A month's issued invoices (by competence) in centavos: all of it, the part with ISS withheld, the exports. */
export interface MonthRevenue {
  totalCents: number;
  issWithheldCents: number;
  exportCents: number;
  /** The part of `totalCents` the team typed for a month before the company joined (no invoice of ours behind it). */
  typedCents?: number;
}

/**
 * What the MEI's DASN-SIMEI will declare (Res. CGSN 140 art. 109), from what we know: the NFS-e issued through us are
 * services; revenue the team typed for months before joining goes to the MEI's activity, or stays to be split when it
 * does both; an employee when the team stated a payroll in any month of the year.
 */
export interface DasnSimeiPrefill {
  commerceCents: number;
  servicesCents: number;
  /** Typed revenue of a MEI in commerce and services: the team splits it before filing. */
  toSplitCents: number;
  hadEmployee: boolean;
}

export interface ObligationsCompany {
  regime: ObligationRegime;
  /** The first day of activity (YYYY-MM-DD): no obligation before its month; the opening-year RBT12 counts from it. */
  activityStart: string;
  /** Simples Nacional: the activity's annex; null while nobody stated it (the DAS cannot be computed then). */
  annex?: SimplesAnnex | null;
  /** Simples Nacional: the activity is subject to the Fator R (annex III or V by the payroll). */
  fatorR?: boolean;
  /** MEI: commerce/industry, services or both, for the DAS-MEI's ICMS and ISS. */
  meiActivity?: MeiActivityKind;
  truckDriver?: boolean;
}

export interface ObligationsInput {
  year: number;
  /** Today in São Paulo (YYYY-MM-DD): what is late is measured against it. */
  today: string;
  company: ObligationsCompany;
  /** Revenue by competence (YYYY-MM): issued invoices, plus what the team typed for months before the company joined. */
  revenue: Readonly<Record<string, MonthRevenue>>;
  /** Payroll by competence (salaries, pró-labore, CPP and FGTS), as stated by the team. */
  payroll: Readonly<Record<string, number>>;
  /** What is recorded, by `obligationKey(kind, competence)`. */
  payments: Readonly<Record<string, ObligationPayment>>;
}

export interface Obligation {
  kind: ObligationKind;
  /** YYYY-MM for a monthly obligation, YYYY for a yearly one. */
  competence: string;
  /** The legal day moved to the next business day (YYYY-MM-DD). */
  dueDate: string;
  /** What the guide is for (centavos); null for a return, or a DAS whose annex nobody stated. */
  amountCents: number | null;
  status: ObligationStatus;
  /** The competence has not ended yet: the amount may still grow with the month's invoices. */
  provisional: boolean;
  payment: ObligationPayment | null;
  /** A DAS: the figures it was computed from (annex after the Fator R). */
  annex?: SimplesAnnex;
  rbt12Cents?: number;
  revenueCents?: number;
  /** The 12 months' payroll when the activity is subject to the Fator R, else null. */
  payroll12Cents?: number | null;
  taxes?: TaxCents;
  /** A DAS: the whole calculation line by line. */
  calculation?: DasResult;
  /** A DAS-MEI: its fixed parts. */
  dasMei?: { inssCents: number; icmsCents: number; issCents: number };
  /** A DASN-SIMEI: what it will declare. */
  dasnSimei?: DasnSimeiPrefill;
}

export interface MonthSummary {
  competence: string;
  revenueCents: number;
  /** The month's DAS or DAS-MEI (null when it cannot be computed). */
  taxCents: number | null;
  /** What is recorded as paid of it. */
  paidCents: number;
}

export interface CompanyObligations {
  year: number;
  regime: ObligationRegime;
  obligations: Obligation[];
  months: MonthSummary[];
  /** A MEI: the year's revenue against its limit. */
  mei: (MeiLimitStatus & { limitCents: number; revenueCents: number }) | null;
}

export const obligationKey = (kind: ObligationKind, competence: string) => `${kind}:${competence}`;

const monthOf = (date: string) => date.slice(0, 7);
const dayIn = (competence: string, day: number) => `${competence}-${String(day).padStart(2, '0')}`;

const byDueDate = (a: Obligation, b: Obligation) => (a.dueDate === b.dueDate ? 0 : a.dueDate < b.dueDate ? -1 : 1);

function statusOf(dueDate: string, today: string, payment: ObligationPayment | undefined): ObligationStatus {
  if (payment?.paidAt) return 'paga';
  // Dates as YYYY-MM-DD sort as text: late from the day after the due date.
  return today > dueDate ? 'atrasada' : 'a_fazer';
}

/** The year's obligations of a MEI or Simples Nacional company (docs/taxes.md "Obligations"). */
export function companyObligations(input: ObligationsInput): CompanyObligations {
  const { year, today, company } = input;
  const startMonth = monthOf(company.activityStart);
  const currentMonth = monthOf(today);
  const first = `${year}-01` < startMonth ? startMonth : `${year}-01`;
  const competences: string[] = [];
  for (let c = first; c <= `${year}-12`; c = addMonths(c, 1)) competences.push(c);
  const revenueOf = (c: string) => input.revenue[c] ?? { totalCents: 0, issWithheldCents: 0, exportCents: 0 };
  const payment = (kind: ObligationKind, competence: string) => input.payments[obligationKey(kind, competence)];
  const obligations: Obligation[] = [];
  const months: MonthSummary[] = [];
  const yearly = (kind: ObligationKind, month: number, day: number, extra: Partial<Obligation> = {}) => {
    const dueDate = nextBusinessDay(dayIn(`${year + 1}-${String(month).padStart(2, '0')}`, day));
    const recorded = payment(kind, String(year));
    obligations.push({
      kind,
      competence: String(year),
      dueDate,
      amountCents: null,
      status: statusOf(dueDate, today, recorded),
      provisional: `${year}-12` >= currentMonth,
      payment: recorded ?? null,
      ...extra,
    });
  };

  if (company.regime === 'mei') {
    const activity = company.meiActivity ?? 'services';
    let revenueCents = 0;
    const prefill: DasnSimeiPrefill = { commerceCents: 0, servicesCents: 0, toSplitCents: 0, hadEmployee: false };
    for (const competence of competences) {
      const das = dasMei(competence, activity, { truckDriver: company.truckDriver });
      const dueDate = nextBusinessDay(das.dueDate);
      const recorded = payment('das_mei', competence);
      const month = revenueOf(competence).totalCents;
      revenueCents += month;
      const typed = revenueOf(competence).typedCents ?? 0;
      prefill.servicesCents += month - typed;
      if (activity === 'both') prefill.toSplitCents += typed;
      else prefill[activity === 'commerce' ? 'commerceCents' : 'servicesCents'] += typed;
      if ((input.payroll[competence] ?? 0) > 0) prefill.hadEmployee = true;
      obligations.push({
        kind: 'das_mei',
        competence,
        dueDate,
        amountCents: das.totalCents,
        status: statusOf(dueDate, today, recorded),
        // The DAS-MEI is fixed: it does not wait for the month's invoices.
        provisional: false,
        payment: recorded ?? null,
        revenueCents: month,
        dasMei: { inssCents: das.inssCents, icmsCents: das.icmsCents, issCents: das.issCents },
      });
      months.push({
        competence,
        revenueCents: month,
        taxCents: das.totalCents,
        paidCents: recorded?.paidAt ? das.totalCents : 0,
      });
    }
    // LC 123 art. 18-A; Res. CGSN 140 art. 109: the year's DASN-SIMEI by 31 May of the next year.
    if (competences.length) yearly('dasn_simei', 5, 31, { revenueCents, dasnSimei: prefill });
    const limitCents = meiLimitCents(year, company.activityStart);
    obligations.sort(byDueDate);
    const mei = limitCents > 0 ? { limitCents, revenueCents, ...meiLimitStatus(revenueCents, limitCents) } : null;
    return { year, regime: 'mei', obligations, months, mei };
  }

  // Simples Nacional: the internal market's and the exports' histories are apart (LC 123 art. 3 §§ 14–15).
  const internal: Record<string, number> = {};
  const exports: Record<string, number> = {};
  for (const [competence, revenue] of Object.entries(input.revenue)) {
    internal[competence] = revenue.totalCents - revenue.exportCents;
    exports[competence] = revenue.exportCents;
  }
  const history = (monthly: Record<string, number>) => ({ activityStart: startMonth, monthlyRevenueCents: monthly });
  for (const competence of competences) {
    const revenue = revenueOf(competence);
    const provisional = competence >= currentMonth;
    const dueDate = nextBusinessDay(`${addMonths(competence, 1)}-20`);
    const recorded = payment('das', competence);
    let das: DasResult | null = null;
    let payroll12Cents: number | null = null;
    if (company.annex) {
      const exportRbt12 = rbt12FromHistory(competence, history(exports), revenue.exportCents);
      // The payroll of the opening months is annualised as the revenue is (Res. CGSN 140 art. 26; docs/taxes.md).
      if (company.fatorR && (company.annex === 'III' || company.annex === 'V'))
        payroll12Cents = rbt12FromHistory(competence, history({ ...input.payroll }), input.payroll[competence] ?? 0);
      das = dasSimplesNacional({
        competence,
        annex: company.annex,
        rbt12: history(internal),
        revenueCents: revenue.totalCents - revenue.exportCents,
        issWithheldRevenueCents: Math.min(revenue.issWithheldCents, revenue.totalCents - revenue.exportCents),
        ...(payroll12Cents !== null ? { payroll12Cents } : {}),
        ...(revenue.exportCents > 0 || exportRbt12 > 0 ? { exportRbt12, exportRevenueCents: revenue.exportCents } : {}),
      });
    }
    const amountCents = das ? das.totalCents : null;
    // A closed month without revenue has no guide: its PGDAS-D declares the zero.
    if (!(amountCents === 0 && !provisional && !recorded)) {
      obligations.push({
        kind: 'das',
        competence,
        dueDate,
        amountCents,
        status: statusOf(dueDate, today, recorded),
        provisional,
        payment: recorded ?? null,
        ...(das
          ? {
              annex: das.annex,
              rbt12Cents: das.rbt12Cents,
              revenueCents: revenue.totalCents,
              payroll12Cents,
              taxes: das.taxes,
              calculation: das,
            }
          : { revenueCents: revenue.totalCents }),
      });
    }
    // The PGDAS-D is transmitted before its DAS is generated: a paid DAS means it was filed.
    const declared = payment('pgdas_d', competence) ?? (recorded?.paidAt ? recorded : undefined);
    obligations.push({
      kind: 'pgdas_d',
      competence,
      dueDate,
      amountCents: null,
      status: statusOf(dueDate, today, declared),
      provisional,
      payment: declared ?? null,
    });
    months.push({
      competence,
      revenueCents: revenue.totalCents,
      taxCents: amountCents,
      paidCents: recorded?.paidAt ? (amountCents ?? 0) : 0,
    });
  }
  // Res. CGSN 140 art. 72: the DEFIS of the year by 31 March of the next one.
  if (competences.length) yearly('defis', 3, 31);
  obligations.sort(byDueDate);
  return { year, regime: 'simples', obligations, months, mei: null };
}

/** The months of revenue and payroll a year's obligations read: the year and the 12 months before January. */
export function obligationsWindow(year: number): { from: string; to: string } {
  return { from: addMonths(`${year}-01`, -12), to: `${year}-12` };
}

/* ---------------------------------------------------------------- the API's payloads (docs/api.md Obligations) */

export const OBLIGATIONS_MIN_YEAR = 2018;
export const OBLIGATIONS_MAX_YEAR = 2100;
const YEAR_MESSAGE = `Ano inválido: informe um ano entre ${OBLIGATIONS_MIN_YEAR} e ${OBLIGATIONS_MAX_YEAR} (ex.: 2026).`;
const COMPANY = CompanyIdSchema;
const MONTH_MESSAGE = 'Informe o mês no formato AAAA-MM (ex.: 2026-05).';
const MONTH = v.pipe(v.string(MONTH_MESSAGE), v.regex(/^(20[1-9]\d|2100)-(0[1-9]|1[0-2])$/, MONTH_MESSAGE));
const DATE_MESSAGE = 'Informe a data no formato AAAA-MM-DD.';
const DATE = DayKeySchema(DATE_MESSAGE);
const CENTS_MESSAGE = 'Informe um valor em centavos, inteiro e não negativo.';
const CENTS = v.pipe(
  v.number(CENTS_MESSAGE),
  v.integer(CENTS_MESSAGE),
  v.minValue(0, CENTS_MESSAGE),
  v.maxValue(1e13, CENTS_MESSAGE),
);

/** `GET /obligations?companyId&year`: no year means the current one (São Paulo). */
export const ObligationsQuerySchema = v.object({
  companyId: COMPANY,
  year: v.optional(
    v.pipe(
      v.string(YEAR_MESSAGE),
      v.regex(/^\d{4}$/, YEAR_MESSAGE),
      v.transform(Number),
      v.minValue(OBLIGATIONS_MIN_YEAR, YEAR_MESSAGE),
      v.maxValue(OBLIGATIONS_MAX_YEAR, YEAR_MESSAGE),
    ),
  ),
});

/** `GET /obligations/team?competence`: every company's month, for the team. */
export const TeamObligationsQuerySchema = v.object({ competence: v.optional(MONTH) });

/** `PUT /obligations/tax-profile?companyId`: what the team states; null clears a field back to the inferred value. */
export const TaxProfileSchema = v.object({
  annex: v.optional(v.nullable(v.picklist(SIMPLES_ANNEXES, 'Escolha o anexo do Simples Nacional (I a V).'))),
  fatorR: v.optional(v.nullable(v.boolean('Diga se a atividade está sujeita ao Fator R.'))),
  meiActivity: v.optional(v.nullable(v.picklist(MEI_ACTIVITY_KINDS, 'Escolha comércio/indústria, serviços ou ambos.'))),
  activityStart: v.optional(v.nullable(DATE)),
});
export type TaxProfileInput = v.InferOutput<typeof TaxProfileSchema>;

/** `PUT /obligations/figures?companyId`: a month's payroll and revenue before joining us; null clears one. */
export const MonthlyFiguresSchema = v.object({
  competence: MONTH,
  payrollCents: v.optional(v.nullable(CENTS)),
  previousRevenueCents: v.optional(v.nullable(CENTS)),
});
export type MonthlyFiguresInput = v.InferOutput<typeof MonthlyFiguresSchema>;

const YEAR_OR_MONTH_MESSAGE = 'Informe a competência: AAAA-MM para o mês ou AAAA para as declarações anuais.';

/** `PUT /obligations/payments?companyId`: mark an obligation paid (or filed) and attach its guide and receipt. */
export const ObligationPaymentSchema = v.pipe(
  v.object({
    kind: v.picklist(OBLIGATION_KINDS, 'Escolha a obrigação: DAS, DAS-MEI, PGDAS-D, DEFIS ou DASN-SIMEI.'),
    competence: v.pipe(v.string(YEAR_OR_MONTH_MESSAGE), v.regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, YEAR_OR_MONTH_MESSAGE)),
    /** The day it was paid (YYYY-MM-DD); null: not paid (the guide only). */
    paidOn: v.optional(v.nullable(DATE)),
    guideDocumentId: v.optional(v.nullable(v.pipe(v.string('Guia inválida.'), v.uuid('Guia inválida.')))),
    receiptDocumentId: v.optional(v.nullable(v.pipe(v.string('Comprovante inválido.'), v.uuid('Comprovante inválido.')))),
  }),
  v.forward(
    v.check(
      (input) => /^\d{4}$/.test(input.competence) === (input.kind === 'dasn_simei' || input.kind === 'defis'),
      YEAR_OR_MONTH_MESSAGE,
    ),
    ['competence'],
  ),
);
export type ObligationPaymentInput = v.InferOutput<typeof ObligationPaymentSchema>;

/** A row of the team's month: one company, its regime and what the month owes. */
export interface TeamObligationRow {
  companyId: string;
  companyName: string;
  regime: ObligationRegime;
  competence: string;
  dueDate: string;
  /** The month's DAS or DAS-MEI, null when it cannot be computed. */
  amountCents: number | null;
  status: ObligationStatus;
  /** Returns and guides of the month not yet done. */
  pending: ObligationKind[];
}

/** What the company's obligations were computed from: stated by the team, or inferred from its CNAE and opening. */
export interface ObligationsProfile {
  annex: SimplesAnnex | null;
  fatorR: boolean;
  meiActivity: MeiActivityKind;
  activityStart: string;
}

/** `GET /obligations?companyId&year`: `regime` null for a company outside the MEI and the Simples (nothing listed). */
export type ObligationsAnswer = Omit<CompanyObligations, 'regime'> & {
  companyId: string;
  regime: ObligationRegime | null;
  profile: ObligationsProfile | null;
};

/**
 * The regime the obligations follow: the fiscal profile's when the team filled it, else the company's size (a MEI,
 * or an ME/EPP taken as Simples Nacional). Null for anyone else (Lucro Presumido or Real): no obligations here yet.
 */
export function obligationRegime(size: string | null, taxRegime: string | null): ObligationRegime | null {
  if (taxRegime === 'mei' || taxRegime === 'simples') return taxRegime;
  if (taxRegime === 'other') return null;
  if (size === 'MEI') return 'mei';
  if (size === 'ME' || size === 'EPP') return 'simples';
  return null;
}

/** The annex the CNAE tax notes give ("III ou V": Anexo V, the Fator R deciding), or null. */
export function annexFromCnaeNote(note: unknown): { annex: SimplesAnnex; fatorR: boolean } | null {
  if (typeof note !== 'string') return null;
  if (note.includes(' ou ')) return { annex: 'V', fatorR: true };
  return (SIMPLES_ANNEXES as readonly string[]).includes(note) ? { annex: note as SimplesAnnex, fatorR: false } : null;
}

/** CNAE divisions 05–33 (industry) and 45–47 (commerce) pay the MEI's ICMS; everything else its ISS. */
export function meiActivityOf(codes: string[]): MeiActivityKind {
  const kinds = new Set(
    codes.map((code) => {
      const division = Number(code.slice(0, 2));
      return (division >= 5 && division <= 33) || (division >= 45 && division <= 47) ? 'commerce' : 'services';
    }),
  );
  return kinds.size === 2 ? 'both' : kinds.has('commerce') ? 'commerce' : 'services';
}
