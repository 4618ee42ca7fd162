import type { AnyColumn, Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type {
  NfsCustomer,
  NfsEmissionType,
  NfsNoNifReason,
  NfsRequest,
  NfsRequestStatus,
  NfsSchedule,
  Page,
  ScheduleTiming,
  TakerAddress,
  NfsRequestRow as ListedRequest,
} from '@domain';
import type { NfseEmissionView } from '@domain/nfseEmission';
import { MAX_PAGE_SIZE, NO_NIF_KEY_PREFIX, nextRunDate, onlyDigits, saoPauloDate, monthKey } from '@domain';
import type { DbExecutor } from './executor';
import type { JsonText } from './json';
import { isoTimestamp, jsonArrayText, numberOrNull, pageAnswer } from './json';
import { listTotals } from './list-totals';
import { emissionJson } from './nfse';
import { preparedFor } from './prepared';
import { companies, nfsCustomers, nfsRequests, nfsSchedules, nfseEmissions } from './schema';
import { containing } from './like';

/** An invoice request as stored. */
export type NfsRequestRow = typeof nfsRequests.$inferSelect;
type RequestRow = NfsRequestRow;
type ScheduleRow = typeof nfsSchedules.$inferSelect;

const documentFields = (emissionType: NfsEmissionType, document: string) => ({
  cnpj: emissionType === 'cnpj' ? document : null,
  cpf: emissionType === 'cpf' ? document : null,
  nif: emissionType === 'foreign' && document ? document : null,
});

/** What a request and a schedule answer alike: the company, the tomador, the service and its value. */
const invoiceFields = (row: RequestRow | ScheduleRow) => ({
  companyId: row.companyId,
  emissionType: row.emissionType,
  ...documentFields(row.emissionType, row.customerDocument),
  customerNoNifReason: row.customerNoNifReason,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  customerAddress: row.customerAddress,
  description: row.description,
  activity: row.activity,
  serviceItem: row.serviceItem,
  serviceCode: row.serviceCode,
  totalCents: row.totalCents,
  issWithheld: row.issWithheld,
});

/** The request as the API answers it; `emission` is its national emission (null when never tried or not loaded). */
export function toRequestDto(row: RequestRow, emission: NfseEmissionView | null = null): NfsRequest {
  return {
    id: row.id,
    status: row.status,
    ...invoiceFields(row),
    competence: row.competence,
    scheduleId: row.scheduleId,
    invoiceNumber: row.invoiceNumber,
    accessKey: row.accessKey,
    pdfDocumentId: row.pdfDocumentId,
    xmlDocumentId: row.xmlDocumentId,
    reason: row.reason,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
    emission,
  };
}

/**
 * `toRequestDto` written by PostgreSQL, with the row's emission (`emissionJson`) and its company's name: what the lists
 * whose JSON PostgreSQL builds answer. `tests/server/invoices.test.ts` holds the two to the same answer.
 */
function requestJson(companyName: SQLWrapper): SQL {
  const r = nfsRequests;
  return sql`json_build_object(
    'id', ${r.id}, 'companyId', ${r.companyId}, 'status', ${r.status}, 'emissionType', ${r.emissionType},
    'cnpj', case when ${r.emissionType} = 'cnpj' then ${r.customerDocument} end,
    'cpf', case when ${r.emissionType} = 'cpf' then ${r.customerDocument} end,
    'nif', case when ${r.emissionType} = 'foreign' then nullif(${r.customerDocument}, '') end,
    'customerNoNifReason', ${r.customerNoNifReason}, 'customerAddress', ${r.customerAddress},
    'customerName', ${r.customerName}, 'customerEmail', ${r.customerEmail}, 'description', ${r.description},
    'activity', ${r.activity}, 'serviceItem', ${r.serviceItem},
    'serviceCode', ${r.serviceCode}, 'competence', ${r.competence},
    'totalCents', ${r.totalCents}, 'issWithheld', ${r.issWithheld}, 'scheduleId', ${r.scheduleId},
    'invoiceNumber', ${r.invoiceNumber}, 'accessKey', ${r.accessKey}, 'pdfDocumentId', ${r.pdfDocumentId},
    'xmlDocumentId', ${r.xmlDocumentId}, 'reason', ${r.reason}, 'issuedAt', ${isoTimestamp(r.issuedAt)},
    'createdAt', ${isoTimestamp(r.createdAt)}, 'statusChangedAt', ${isoTimestamp(r.statusChangedAt)},
    'emission', ${emissionJson()}, 'companyName', ${companyName}
  )`;
}

/** When a schedule runs: the newest month it did is the one it created or, if later, the one it left out. */
export function scheduleTiming(
  row: Pick<ScheduleRow, 'dayOfMonth' | 'activeSince' | 'skippedMonth'>,
  lastGeneratedMonth: string | null,
): ScheduleTiming {
  const months = [lastGeneratedMonth, row.skippedMonth].filter((month): month is string => month !== null).sort();
  return { dayOfMonth: row.dayOfMonth, activeSince: row.activeSince, lastMonth: months.at(-1) ?? null };
}

export function toScheduleDto(row: ScheduleRow, lastGeneratedMonth: string | null, now = new Date()): NfsSchedule {
  return {
    id: row.id,
    ...invoiceFields(row),
    dayOfMonth: row.dayOfMonth,
    active: row.active,
    autoEmit: row.autoEmit,
    nextRun: row.active ? nextRunDate(scheduleTiming(row, lastGeneratedMonth), now) : null,
    lastGeneratedMonth,
    skippedMonth: row.skippedMonth,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findRequest(db: DbExecutor, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(nfsRequests).where(eq(nfsRequests.id, id));
  return row;
}

export interface RequestFilter {
  companyId?: string;
  query?: string;
  status?: NfsRequestStatus[];
  /** YYYY-MM: requests of that competence. */
  date?: string;
  limit: number;
  offset: number;
  /** Customers read newest first; the team works the queue oldest first. */
  order: 'newest' | 'oldest';
}

/** The tomador or the description (accents and case ignored), or the tomador's document. */
function searchCondition(query: string): SQL | undefined {
  const pattern = containing(query);
  const digits = onlyDigits(query);
  return or(
    sql`unaccent(${nfsRequests.customerName}) ilike unaccent(${pattern})`,
    sql`unaccent(${nfsRequests.description}) ilike unaccent(${pattern})`,
    digits.length >= 3 ? ilike(nfsRequests.customerDocument, `%${digits}%`) : undefined,
    sql`unaccent(coalesce(${companies.alias}, ${companies.name}, '')) ilike unaccent(${pattern})`,
  );
}

/**
 * A page of requests as the answer's JSON (`{ data, total }`, each row as `toRequestDto` gives it with its emission and
 * its company's name), built by PostgreSQL: the server neither maps nor serialises the rows.
 */
export async function listRequestsJson(db: DbExecutor, filter: RequestFilter): Promise<JsonText<Page<ListedRequest>>> {
  const where = and(
    filter.companyId ? eq(nfsRequests.companyId, filter.companyId) : undefined,
    filter.status?.length ? inArray(nfsRequests.status, filter.status) : undefined,
    filter.date ? eq(nfsRequests.competence, filter.date) : undefined,
    filter.query ? searchCondition(filter.query) : undefined,
  );
  // Built only when a call needs them: the company's list most often answers from its prepared page alone.
  const counted = () =>
    db.select({ n: count() }).from(nfsRequests).innerJoin(companies, eq(companies.id, nfsRequests.companyId)).where(where);

  if (!filter.companyId) {
    // The team's queue across companies: the total as its own subquery, computed once, so the page is read off the
    // index in order rather than every matching request being read and sorted for it (`count(*) over ()`).
    const [page] = await requestsPage(db, where, filter.order, sql<number>`(${counted()})`, filter.limit, filter.offset);
    const total = page.extra ?? (filter.offset > 0 ? (await counted())[0].n : 0);
    return pageAnswer(page.data, total);
  }

  // One company's: the page carries the company's `nfs_requests_version`; a total counted at that version is still
  // exact (a trigger bumps it with every change of its requests), so most pages need no count of the company's requests.
  const { companyId } = filter;
  const version = () => db.select({ version: companies.nfsRequestsVersion }).from(companies).where(eq(companies.id, companyId));
  const [page] = filter.query
    ? await requestsPage(db, where, filter.order, sql<number>`(${version()})`, filter.limit, filter.offset)
    : await companyRequestsPage(db, filter.order, Boolean(filter.status?.length), Boolean(filter.date)).execute({
        companyId: filter.companyId,
        status: filter.status?.length ? `{${filter.status.join(',')}}` : undefined,
        date: filter.date,
        limit: filter.limit,
        offset: filter.offset,
      });
  const totalKey = [
    'requests',
    filter.companyId,
    [...(filter.status ?? [])].sort().join(','),
    filter.date ?? '',
    filter.query ?? '',
  ].join('\u0000');
  // A search also matches the company's own name, which a rename changes without touching its requests: searches are
  // counted every time, only the filters by status and competence are remembered.
  const remembered = !filter.query;
  const known = remembered && page.extra !== null ? listTotals.get(totalKey, page.extra) : undefined;
  if (known !== undefined) return pageAnswer(page.data, known);
  if (page.extra === null && filter.offset === 0) return pageAnswer(page.data, 0);
  const [row] = await db
    .select({ total: sql<number>`(${counted()})`.mapWith(Number), version: sql<number>`(${version()})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  if (remembered) listTotals.set(totalKey, row.version, row.total);
  return pageAnswer(page.data, row.total);
}

const requestOrder = (order: RequestFilter['order'], columns: { createdAt: AnyColumn; id: AnyColumn }) =>
  order === 'newest' ? [desc(columns.createdAt), desc(columns.id)] : [asc(columns.createdAt), asc(columns.id)];

/**
 * A page of requests as one row: `data`, the page's JSON array (`requestJson`: each request with its company's name and
 * its national emission — the columns of its view, never its XML), and `extra`, one number the caller needs beside it
 * (the queue's total, a company's list version), null when the page is empty. The page is cut first and its rows'
 * emissions joined after (the unique index on the request id, ten lookups): joined before LIMIT/OFFSET, a deep page of
 * a company of 100,000 requests looked every skipped row's emission up too (~4.5× its time).
 */
function requestsPage(
  db: DbExecutor,
  where: SQL | undefined,
  order: RequestFilter['order'],
  extra: SQL<number>,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const page = db
    .select({
      id: nfsRequests.id,
      companyName: sql<string | null>`coalesce(${companies.alias}, ${companies.name})`.as('company_name'),
      extra: extra.as('extra'),
    })
    .from(nfsRequests)
    .innerJoin(companies, eq(companies.id, nfsRequests.companyId))
    .where(where)
    .orderBy(...requestOrder(order, nfsRequests))
    .limit(limit)
    .offset(offset)
    .as('page');
  // The page's rows are read again by their key, from the table's own columns.
  return db
    .select({
      data: jsonArrayText(requestJson(page.companyName), requestOrder(order, nfsRequests)),
      extra: sql<number | null>`max(${page.extra})`.mapWith(numberOrNull),
    })
    .from(page)
    .innerJoin(nfsRequests, eq(nfsRequests.id, page.id))
    .leftJoin(nfseEmissions, eq(nfseEmissions.requestId, page.id));
}

/** A page of one company's requests with its version (`extra`), prepared per kind of filter (no text search). */
function companyRequestsPage(db: DbExecutor, order: RequestFilter['order'], byStatus: boolean, byDate: boolean) {
  const name = `company_requests_${order === 'newest' ? 'n' : 'o'}${byStatus ? 's' : ''}${byDate ? 'd' : ''}`;
  return preparedFor(db, name, () =>
    requestsPage(
      db,
      and(
        eq(nfsRequests.companyId, sql.placeholder('companyId')),
        // The statuses as one array literal ('{issued,requested}'): both drivers pass text through unchanged.
        byStatus ? sql`${nfsRequests.status} = any(${sql.placeholder('status')}::nfs_request_status[])` : undefined,
        byDate ? eq(nfsRequests.competence, sql.placeholder('date')) : undefined,
      ),
      order,
      sql<number>`(select ${companies.nfsRequestsVersion} from ${companies} where ${companies.id} = ${sql.placeholder('companyId')})`,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(name),
  );
}

/**
 * Remembers a tomador so the next request to them fills in by itself: its address too. A request without an address
 * (optional in Brazil) keeps the one remembered.
 */
export async function rememberCustomer(
  db: DbExecutor,
  companyId: string,
  customer: {
    emissionType: NfsEmissionType;
    document: string;
    name: string;
    email: string | null;
    customerAddress: TakerAddress | null;
    customerNoNifReason: NfsNoNifReason | null;
  },
) {
  const now = new Date();
  await db
    .insert(nfsCustomers)
    .values({ companyId, ...customer, updatedAt: now })
    .onConflictDoUpdate({
      target: [nfsCustomers.companyId, nfsCustomers.document],
      set: {
        emissionType: customer.emissionType,
        name: customer.name,
        email: customer.email,
        customerAddress: customer.customerAddress ?? sql`${nfsCustomers.customerAddress}`,
        customerNoNifReason: customer.customerNoNifReason,
        updatedAt: now,
      },
    });
}

/** A known tomador as the API answers it: abroad without a NIF, its key is no document. */
const toCustomerDto = (row: typeof nfsCustomers.$inferSelect): NfsCustomer => ({
  emissionType: row.emissionType,
  document: row.document.startsWith(NO_NIF_KEY_PREFIX) ? '' : row.document,
  name: row.name,
  email: row.email,
  address: row.customerAddress,
  noNifReason: row.customerNoNifReason,
});

/** Tomadores whose document starts with the digits typed, or whose name contains the text, most recent first. */
export async function findCustomers(db: DbExecutor, companyId: string, query: string): Promise<NfsCustomer[]> {
  const digits = onlyDigits(query);
  const pattern = containing(query);
  const rows = await db
    .select()
    .from(nfsCustomers)
    .where(
      and(
        eq(nfsCustomers.companyId, companyId),
        or(
          digits.length >= 3 ? ilike(nfsCustomers.document, `${digits}%`) : undefined,
          sql`unaccent(${nfsCustomers.name}) ilike unaccent(${pattern})`,
        ),
      ),
    )
    .orderBy(desc(nfsCustomers.updatedAt))
    .limit(8);
  return rows.map(toCustomerDto);
}

/** Schedules with the month of each one's newest generated request: one, a company's, or every active one, a page at a time. */
export async function listSchedules(
  db: DbExecutor,
  filter: { id?: string; companyId?: string; onlyActive?: boolean; limit?: number; offset?: number },
  now = new Date(),
): Promise<Page<NfsSchedule & { companyName: string | null }>> {
  const last = sql<
    string | null
  >`(select max(${nfsRequests.scheduleMonth}) from ${nfsRequests} where ${nfsRequests.scheduleId} = ${nfsSchedules.id})`;
  const where = and(
    filter.id ? eq(nfsSchedules.id, filter.id) : undefined,
    filter.companyId ? eq(nfsSchedules.companyId, filter.companyId) : undefined,
    filter.onlyActive ? eq(nfsSchedules.active, true) : undefined,
  );
  const limit = filter.limit ?? MAX_PAGE_SIZE;
  const offset = filter.offset ?? 0;
  const rows = await db
    .select({
      schedule: nfsSchedules,
      last,
      companyName: sql<string | null>`coalesce(${companies.alias}, ${companies.name})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(nfsSchedules)
    .innerJoin(companies, eq(companies.id, nfsSchedules.companyId))
    .where(where)
    .orderBy(asc(nfsSchedules.dayOfMonth), asc(nfsSchedules.createdAt), asc(nfsSchedules.id))
    .limit(limit)
    .offset(offset);
  // Past the last page there is no row to carry the total: one count says it.
  const total = rows[0]?.total ?? (offset > 0 ? (await db.select({ n: count() }).from(nfsSchedules).where(where))[0].n : 0);
  return {
    data: rows.map((row) => ({ ...toScheduleDto(row.schedule, row.last, now), companyName: row.companyName })),
    total,
  };
}

export async function findSchedule(db: DbExecutor, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(nfsSchedules).where(eq(nfsSchedules.id, id));
  return row;
}

export const currentMonth = (now = new Date()) => {
  const today = saoPauloDate(now);
  return monthKey(today.year, today.month);
};
