import { and, eq, gte, inArray, lte, min, sql } from 'drizzle-orm';
import type {
  CompanyObligations,
  MonthRevenue,
  ObligationPayment,
  ObligationRegime,
  ObligationsCompany,
  TeamObligationRow,
} from '@domain';
import {
  annexFromCnaeNote,
  companyObligations,
  meiActivityOf,
  obligationKey,
  obligationRegime,
  obligationsWindow,
  saoPauloDay,
} from '@domain';
import type { DbExecutor } from './executor';
import { readTogether } from './executor';
import {
  cnaes,
  companies,
  companyFiscalProfiles,
  companyMonthlyFigures,
  companyStatusChanges,
  companyTaxProfiles,
  nfsRequests,
  obligationPayments,
} from './schema';

export interface TaxContext {
  companyId: string;
  name: string;
  regime: ObligationRegime | null;
  company: ObligationsCompany | null;
}

/** What the obligations of these companies are computed from: regime, annex, activity, start — stated or inferred. */
export async function taxContexts(db: DbExecutor, companyIds: string[]): Promise<Map<string, TaxContext>> {
  const contexts = new Map<string, TaxContext>();
  if (!companyIds.length) return contexts;
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      alias: companies.alias,
      size: companies.size,
      createdAt: companies.createdAt,
      mainActivity: companies.mainActivity,
      secondaryActivities: companies.secondaryActivities,
      taxRegime: companyFiscalProfiles.taxRegime,
      annex: companyTaxProfiles.annex,
      fatorR: companyTaxProfiles.fatorR,
      meiActivity: companyTaxProfiles.meiActivity,
      activityStart: companyTaxProfiles.activityStart,
      cnaeTaxRates: cnaes.taxRates,
      activatedAt: sql<Date | string | null>`(select ${min(companyStatusChanges.changedAt)} from ${companyStatusChanges}
        where ${companyStatusChanges.companyId} = ${companies.id} and ${companyStatusChanges.toStatus} = 'active')`,
    })
    .from(companies)
    .leftJoin(companyFiscalProfiles, eq(companyFiscalProfiles.companyId, companies.id))
    .leftJoin(companyTaxProfiles, eq(companyTaxProfiles.companyId, companies.id))
    .leftJoin(cnaes, eq(cnaes.code, companies.mainActivity))
    .where(inArray(companies.id, companyIds));
  for (const row of rows) {
    const regime = obligationRegime(row.size, row.taxRegime);
    // The opening: the first change to active, or the registration for those who arrived already open.
    const opened = row.activatedAt ? new Date(row.activatedAt) : row.createdAt;
    const activityStart = row.activityStart ?? saoPauloDay(opened);
    const inferred = annexFromCnaeNote(row.cnaeTaxRates?.simplesAnnex);
    const codes = [row.mainActivity, ...row.secondaryActivities].filter((code): code is string => !!code);
    contexts.set(row.id, {
      companyId: row.id,
      name: row.alias ?? row.name ?? 'Empresa sem nome',
      regime,
      company: regime && {
        regime,
        activityStart,
        annex: row.annex ?? inferred?.annex ?? null,
        fatorR: row.fatorR ?? (row.annex ? false : (inferred?.fatorR ?? false)),
        meiActivity: row.meiActivity ?? meiActivityOf(codes),
      },
    });
  }
  return contexts;
}

type PerCompany<T> = Map<string, Record<string, T>>;

function put<T>(map: PerCompany<T>, companyId: string, key: string, value: T) {
  let inner = map.get(companyId);
  if (!inner) map.set(companyId, (inner = {}));
  inner[key] = value;
}

/**
 * The companies' revenue by competence in [from, to]: one SQL aggregate of the issued invoices grouped by company
 * and month (cancelled, refused and pending ones are no revenue), plus the revenue typed for months before joining.
 */
export async function monthlyRevenue(db: DbExecutor, companyIds: string[], from: string, to: string) {
  const revenue: PerCompany<MonthRevenue> = new Map();
  if (!companyIds.length) return revenue;
  const rows = await db
    .select({
      companyId: nfsRequests.companyId,
      competence: nfsRequests.competence,
      totalCents: sql<string>`sum(${nfsRequests.totalCents})`.mapWith(Number),
      issWithheldCents:
        sql<string>`coalesce(sum(${nfsRequests.totalCents}) filter (where ${nfsRequests.issWithheld} and ${nfsRequests.emissionType} <> 'foreign'), 0)`.mapWith(
          Number,
        ),
      exportCents:
        sql<string>`coalesce(sum(${nfsRequests.totalCents}) filter (where ${nfsRequests.emissionType} = 'foreign'), 0)`.mapWith(
          Number,
        ),
    })
    .from(nfsRequests)
    .where(
      and(
        inArray(nfsRequests.companyId, companyIds),
        eq(nfsRequests.status, 'issued'),
        // Competence is YYYY-MM: text order is month order.
        gte(nfsRequests.competence, from),
        lte(nfsRequests.competence, to),
      ),
    )
    .groupBy(nfsRequests.companyId, nfsRequests.competence);
  for (const row of rows) put(revenue, row.companyId, row.competence, row);
  return revenue;
}

/** The payroll and the revenue before joining us, by company and competence in [from, to]. */
export async function monthlyFigures(db: DbExecutor, companyIds: string[], from: string, to: string) {
  const payroll: PerCompany<number> = new Map();
  const previousRevenue: PerCompany<number> = new Map();
  if (!companyIds.length) return { payroll, previousRevenue };
  const rows = await db
    .select()
    .from(companyMonthlyFigures)
    .where(
      and(
        inArray(companyMonthlyFigures.companyId, companyIds),
        gte(companyMonthlyFigures.competence, from),
        lte(companyMonthlyFigures.competence, to),
      ),
    );
  for (const row of rows) {
    if (row.payrollCents !== null) put(payroll, row.companyId, row.competence, row.payrollCents);
    if (row.previousRevenueCents !== null) put(previousRevenue, row.companyId, row.competence, row.previousRevenueCents);
  }
  return { payroll, previousRevenue };
}

/** What the team recorded, by company and `obligationKey`, for competences of the year (YYYY and YYYY-MM). */
export async function recordedPayments(db: DbExecutor, companyIds: string[], year: number) {
  const payments: PerCompany<ObligationPayment> = new Map();
  if (!companyIds.length) return payments;
  const rows = await db
    .select()
    .from(obligationPayments)
    .where(
      and(
        inArray(obligationPayments.companyId, companyIds),
        gte(obligationPayments.competence, String(year)),
        lte(obligationPayments.competence, `${year}-12`),
      ),
    );
  for (const row of rows)
    put(payments, row.companyId, obligationKey(row.kind, row.competence), {
      paidAt: row.paidAt?.toISOString() ?? null,
      paidBy: row.paidBy,
      guideDocumentId: row.guideDocumentId,
      receiptDocumentId: row.receiptDocumentId,
    });
  return payments;
}

/** The year's obligations of several companies, read in four queries whatever their number. */
export async function obligationsOfCompanies(
  db: DbExecutor,
  companyIds: string[],
  year: number,
  now: Date,
): Promise<Map<string, { context: TaxContext; obligations: CompanyObligations | null }>> {
  const { from, to } = obligationsWindow(year);
  const [contexts, revenue, figures, payments] = await readTogether(db, [
    () => taxContexts(db, companyIds),
    () => monthlyRevenue(db, companyIds, from, to),
    () => monthlyFigures(db, companyIds, from, to),
    () => recordedPayments(db, companyIds, year),
  ]);
  const today = saoPauloDay(now);
  const result = new Map<string, { context: TaxContext; obligations: CompanyObligations | null }>();
  for (const [companyId, context] of contexts) {
    if (!context.company) {
      result.set(companyId, { context, obligations: null });
      continue;
    }
    const months = { ...revenue.get(companyId) };
    for (const [competence, cents] of Object.entries(figures.previousRevenue.get(companyId) ?? {})) {
      const invoices = months[competence] ?? { totalCents: 0, issWithheldCents: 0, exportCents: 0 };
      months[competence] = { ...invoices, totalCents: invoices.totalCents + cents, typedCents: cents };
    }
    const obligations = companyObligations({
      year,
      today,
      company: context.company,
      revenue: months,
      payroll: figures.payroll.get(companyId) ?? {},
      payments: payments.get(companyId) ?? {},
    });
    result.set(companyId, { context, obligations });
  }
  return result;
}

/** The team's list: every active MEI and Simples company's obligations of one competence (YYYY-MM). */
export async function teamMonth(db: DbExecutor, competence: string, now: Date): Promise<TeamObligationRow[]> {
  const active = await db.select({ id: companies.id }).from(companies).where(eq(companies.status, 'active'));
  const year = Number(competence.slice(0, 4));
  const all = await obligationsOfCompanies(
    db,
    active.map((row) => row.id),
    year,
    now,
  );
  const rows: TeamObligationRow[] = [];
  for (const { context, obligations } of all.values()) {
    if (!obligations) continue;
    const ofMonth = obligations.obligations.filter((o) => o.competence === competence);
    if (!ofMonth.length) continue;
    const guide = ofMonth.find((o) => o.kind === 'das' || o.kind === 'das_mei');
    const declaration = ofMonth.find((o) => o.kind === 'pgdas_d');
    const main = guide ?? declaration ?? ofMonth[0];
    rows.push({
      companyId: context.companyId,
      companyName: context.name,
      regime: obligations.regime,
      competence,
      dueDate: main.dueDate,
      amountCents: guide?.amountCents ?? null,
      status: main.status,
      pending: ofMonth.filter((o) => o.status !== 'paga').map((o) => o.kind),
    });
  }
  // Late first, then to do, then paid; by name within each.
  const order = { atrasada: 0, a_fazer: 1, paga: 2 } as const;
  return rows.sort((a, b) => order[a.status] - order[b.status] || a.companyName.localeCompare(b.companyName, 'pt-BR'));
}
