import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Company, Page, Track } from '@domain';
import { normalizeCnpj } from '@domain';
import type { DbExecutor } from './executor';
import { containing } from './like';
import type { JsonText } from './json';
import { isoTimestamp, jsonArrayText, numberOrNull, pageAnswer } from './json';
import { preparedFor } from './prepared';
import { companies, companySteps, subscriptions } from './schema';

export type CompanyRow = typeof companies.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toCompanyDto(
  row: CompanyRow,
  subscription: Pick<SubscriptionRow, 'id' | 'planId' | 'status'> | null | undefined,
): Company {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    cnpj: row.cnpj,
    status: row.status,
    previousStatus: row.previousStatus,
    size: row.size,
    type: row.type,
    address: row.address,
    currentSubscription: subscription ? { id: subscription.id, planId: subscription.planId, status: subscription.status } : null,
    trackId: row.trackId,
    mainActivity: row.mainActivity,
    secondaryActivities: row.secondaryActivities,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest subscription of each company: its current subscription. */
async function currentSubscriptions(db: DbExecutor, companyIds: string[]): Promise<Map<string, SubscriptionRow>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.companyId, companyIds))
    .orderBy(desc(subscriptions.createdAt));
  const current = new Map<string, SubscriptionRow>();
  for (const row of rows) if (!current.has(row.companyId)) current.set(row.companyId, row);
  return current;
}

/** Whether a company exists: a route that writes under a company the team named checks this first. */
export async function companyExists(db: DbExecutor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return Boolean(row);
}

export async function findCompany(db: DbExecutor, id: string): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) return undefined;
  const subscription = (await currentSubscriptions(db, [id])).get(id);
  return toCompanyDto(row, subscription);
}

export async function findTrack(db: DbExecutor, companyId: string): Promise<Track | null> {
  const [company] = await db
    .select({ trackId: companies.trackId, trackStatus: companies.trackStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company?.trackId) return null;
  const steps = await db
    .select()
    .from(companySteps)
    .where(eq(companySteps.companyId, companyId))
    .orderBy(asc(companySteps.position));
  return {
    trackId: company.trackId,
    status: company.trackStatus ?? 'pending',
    steps: steps.map((step) => ({ stepId: step.stepId, status: step.status, payload: step.payload ?? null })),
  };
}

export interface CompanyListFilter {
  query?: string;
  /** Only these companies (a customer's own); undefined means all. */
  onlyIds?: string[];
  limit: number;
  offset: number;
}

/** The digits of a query that looks like part of a CNPJ (at least three, punctuation ignored), or null. */
function cnpjDigits(query: string): string | null {
  const cnpj = normalizeCnpj(query);
  return cnpj.length >= 3 && /\d/.test(cnpj) ? cnpj : null;
}

type CompanySearch = 'none' | 'name' | 'cnpj';
type CompanyListValues = { ids?: string; pattern?: string; cnpjPattern?: string };

/** What a call of the list fills in: the kind of search, and the values (the customer's own ids as one array literal). */
function listValues(filter: CompanyListFilter): { search: CompanySearch; own: boolean; values: CompanyListValues } {
  const cnpj = filter.query ? cnpjDigits(filter.query) : null;
  return {
    search: !filter.query ? 'none' : cnpj ? 'cnpj' : 'name',
    own: filter.onlyIds !== undefined,
    values: {
      ids: filter.onlyIds ? `{${filter.onlyIds.join(',')}}` : undefined,
      pattern: filter.query ? containing(filter.query) : undefined,
      cnpjPattern: cnpj ? containing(cnpj) : undefined,
    },
  };
}

/**
 * The list's filter: a customer's own companies; name or trade name (accents and case ignored), or CNPJ digits (with
 * or without punctuation). Each value is `value(name)`: a placeholder in the prepared page, the value itself in the count.
 */
function companiesWhere(search: CompanySearch, own: boolean, value: (name: keyof CompanyListValues) => unknown) {
  return and(
    // The ids as one array literal ('{…,…}'): both drivers pass text through unchanged.
    own ? sql`${companies.id} = any(${value('ids')}::uuid[])` : undefined,
    search === 'none'
      ? undefined
      : or(
          sql`unaccent(coalesce(${companies.name}, '')) ilike unaccent(${value('pattern')})`,
          sql`unaccent(coalesce(${companies.alias}, '')) ilike unaccent(${value('pattern')})`,
          search === 'cnpj' ? sql`${companies.cnpj} ilike ${value('cnpjPattern')}` : undefined,
        ),
  );
}

/**
 * One round trip: the page, the total (window count) and each company's newest subscription (lateral join), with the
 * answer's JSON built by PostgreSQL — each company as `toCompanyDto` gives it — so the server neither maps rows nor
 * serialises them. Prepared per kind of filter — no search, a search by name, a search by name or CNPJ digits; all
 * companies or a customer's own — so a call fills in its values instead of building the statement again.
 */
function companiesPage(db: DbExecutor, search: CompanySearch, own: boolean) {
  const name = `companies_page_${search}${own ? '_own' : ''}`;
  return preparedFor(db, name, () => {
    const current = db
      .select({ id: subscriptions.id, planId: subscriptions.planId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.companyId, companies.id))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1)
      .as('current_subscription');
    const c = companies;
    const page = db
      .select({
        id: c.id,
        createdAt: c.createdAt,
        // The company as its DTO, built here where the columns are in scope (the subscription's share their names).
        company: sql<unknown>`json_build_object(
          'id', ${c.id}, 'name', ${c.name}, 'alias', ${c.alias}, 'cnpj', ${c.cnpj}, 'status', ${c.status},
          'previousStatus', ${c.previousStatus}, 'size', ${c.size}, 'type', ${c.type}, 'address', ${c.address},
          'currentSubscription', case when ${current.id} is null then null else json_build_object(
            'id', ${current.id}, 'planId', ${current.planId}, 'status', ${current.status}) end,
          'trackId', ${c.trackId}, 'mainActivity', ${c.mainActivity}, 'secondaryActivities', ${c.secondaryActivities},
          'createdAt', ${isoTimestamp(c.createdAt)}
        )`.as('company'),
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(companies)
      .leftJoinLateral(current, sql`true`)
      .where(companiesWhere(search, own, (value) => sql.placeholder(value)))
      .orderBy(desc(c.createdAt), asc(c.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select({
        data: jsonArrayText(sql`${page.company}`, [desc(page.createdAt), asc(page.id)]),
        total: sql<number | null>`max(${page.total})`.mapWith(numberOrNull),
      })
      .from(page)
      .prepare(name);
  });
}

/** A page of the companies (newest first), as the answer's JSON (`{ data, total }`). */
export async function listCompaniesJson(db: DbExecutor, filter: CompanyListFilter): Promise<JsonText<Page<Company>>> {
  if (filter.onlyIds && filter.onlyIds.length === 0) return pageAnswer('[]', 0);
  const { search, own, values } = listValues(filter);
  const [page] = await companiesPage(db, search, own).execute({ ...values, limit: filter.limit, offset: filter.offset });
  // A page past the end has no rows to carry the total: counted on its own then, with the same filter.
  let total = page.total ?? 0;
  if (page.total === null && filter.offset > 0) {
    const [row] = await db
      .select({ n: count() })
      .from(companies)
      .where(companiesWhere(search, own, (value) => values[value]));
    total = row.n;
  }
  return pageAnswer(page.data, total);
}

/** The company row, locked until the transaction ends: changes to one company happen one at a time. */
export async function lockCompany(tx: DbExecutor, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function findCompanyByCnpj(db: DbExecutor, cnpj: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.cnpj, cnpj));
  return row;
}

/** Starts a track: its steps, in order, the first in progress. */
export async function startTrack(tx: DbExecutor, companyId: string, track: Track, now = new Date()): Promise<void> {
  await tx.delete(companySteps).where(eq(companySteps.companyId, companyId));
  await tx.insert(companySteps).values(
    track.steps.map((step, position) => ({
      companyId,
      stepId: step.stepId,
      position,
      status: step.status,
      payload: step.payload,
      updatedAt: now,
    })),
  );
  await tx
    .update(companies)
    .set({ trackId: track.trackId, trackStatus: track.status, updatedAt: now })
    .where(eq(companies.id, companyId));
}

/** Writes what changed between two versions of a track. */
export async function saveTrack(tx: DbExecutor, companyId: string, before: Track, after: Track, now = new Date()): Promise<void> {
  for (const step of after.steps) {
    const old = before.steps.find((s) => s.stepId === step.stepId);
    if (old && old.status === step.status && old.payload === step.payload) continue;
    await tx
      .update(companySteps)
      .set({
        status: step.status,
        payload: step.payload,
        updatedAt: now,
        completedAt: step.status === 'done' ? (old?.status === 'done' ? undefined : now) : null,
      })
      .where(and(eq(companySteps.companyId, companyId), eq(companySteps.stepId, step.stepId)));
  }
  if (before.status !== after.status) {
    await tx.update(companies).set({ trackStatus: after.status, updatedAt: now }).where(eq(companies.id, companyId));
  }
}
