import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Company, Track } from '@domain';
import { normalizeCnpj } from '@domain';
import type { Database } from './client';
import { preparedFor } from './prepared';
import { companies, companySteps, subscriptions } from './schema';

/** The database, or a transaction of it: the queries below run in either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

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

/** The LIKE pattern that finds `text` anywhere, its own `%`, `_` and backslash taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The digits of a query that looks like part of a CNPJ (at least three, punctuation ignored), or null. */
function cnpjDigits(query: string): string | null {
  const cnpj = normalizeCnpj(query);
  return cnpj.length >= 3 && /\d/.test(cnpj) ? cnpj : null;
}

/** Name, trade name (accents and case ignored) or CNPJ (with or without punctuation). */
function searchCondition(query: string): SQL | undefined {
  const pattern = containing(query);
  const cnpj = cnpjDigits(query);
  return or(
    sql`unaccent(coalesce(${companies.name}, '')) ilike unaccent(${pattern})`,
    sql`unaccent(coalesce(${companies.alias}, '')) ilike unaccent(${pattern})`,
    cnpj ? ilike(companies.cnpj, containing(cnpj)) : undefined,
  );
}

/**
 * One round trip: the page, the total (window count) and each company's newest subscription (lateral join). Prepared
 * per kind of filter — no search, a search by name, a search by name or CNPJ digits; all companies or a customer's
 * own — so a call fills in its values instead of building the statement again.
 */
function companiesPage(db: Database, search: 'none' | 'name' | 'cnpj', own: boolean) {
  const name = `companies_page_${search}${own ? '_own' : ''}`;
  return preparedFor(db, name, () => {
    const pattern = sql.placeholder('pattern');
    const current = db
      .select({ id: subscriptions.id, planId: subscriptions.planId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.companyId, companies.id))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1)
      .as('current_subscription');
    return db
      .select({
        company: companies,
        subscriptionId: current.id,
        planId: current.planId,
        subscriptionStatus: current.status,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(companies)
      .leftJoinLateral(current, sql`true`)
      .where(
        and(
          // The ids as one array literal ('{…,…}'): both drivers pass text through unchanged.
          own ? sql`${companies.id} = any(${sql.placeholder('ids')}::uuid[])` : undefined,
          search === 'none'
            ? undefined
            : or(
                sql`unaccent(coalesce(${companies.name}, '')) ilike unaccent(${pattern})`,
                sql`unaccent(coalesce(${companies.alias}, '')) ilike unaccent(${pattern})`,
                search === 'cnpj' ? sql`${companies.cnpj} ilike ${sql.placeholder('cnpjPattern')}` : undefined,
              ),
        ),
      )
      .orderBy(desc(companies.createdAt), asc(companies.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

export async function listCompanies(db: Database, filter: CompanyListFilter): Promise<{ data: Company[]; total: number }> {
  if (filter.onlyIds && filter.onlyIds.length === 0) return { data: [], total: 0 };
  const cnpj = filter.query ? cnpjDigits(filter.query) : null;
  const search = !filter.query ? 'none' : cnpj ? 'cnpj' : 'name';
  const rows = await companiesPage(db, search, filter.onlyIds !== undefined).execute({
    ids: filter.onlyIds ? `{${filter.onlyIds.join(',')}}` : undefined,
    pattern: filter.query ? containing(filter.query) : undefined,
    cnpjPattern: cnpj ? containing(cnpj) : undefined,
    limit: filter.limit,
    offset: filter.offset,
  });
  // A page past the end has no rows to carry the total.
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countCompanies(db, filter) : 0);
  return {
    data: rows.map(({ company, subscriptionId, planId, subscriptionStatus }) =>
      toCompanyDto(company, subscriptionId ? { id: subscriptionId, planId: planId!, status: subscriptionStatus! } : null),
    ),
    total,
  };
}

async function countCompanies(db: Database, filter: CompanyListFilter): Promise<number> {
  const where = and(
    filter.onlyIds ? inArray(companies.id, filter.onlyIds) : undefined,
    filter.query ? searchCondition(filter.query) : undefined,
  );
  const [row] = await db.select({ n: count() }).from(companies).where(where);
  return row.n;
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
