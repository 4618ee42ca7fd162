/**
 * The authenticated lists at volume, at each size (10,000 and 100,000 rows): the movements of an account and the
 * invoice requests of a company, each on its first page, deep in the list (a large offset) and filtered (month,
 * status) — where a missing index shows. Each beside its raw SQL: the very statements its handler sends, recorded
 * once and replayed straight through the driver (no HTTP, token, validation, query builder or JSON) at the same
 * concurrency. And beside that raw SQL behind a bare Hono handler answering the same bytes: what HTTP itself costs
 * here, the lowest ratio any API could print on this machine. The product's calls carry a real ID token and go through
 * its identity stack (bench/bench-identity.ts); the ratio of medians to the bare handler is what the product adds
 * (target ≤ 1.3×).
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { transactionsPageJson } from '@server/db/bank-statements';
import type { Database } from '@server/db/client';
import { listRequestsJson } from '@server/db/invoices';
import { serveOnLoopback } from './bench-app';
import { seedLists } from './seed-lists';
import type { Figures } from './support';
import { ROUNDS, figuresLine, httpFloorLine, measureDirect, measureHttp, ratioLine, timed } from './support';
import type { BenchIdentity } from './bench-identity';

export interface ListCase {
  /** After `GET `: what is listed, and how. */
  label: string;
  path: string;
  /** A signed-in caller's: a real ID token (bench/bench-identity.ts). */
  headers: Record<string, string>;
  /** The database calls the handler makes, in the same order. */
  direct: () => Promise<unknown>;
}

type QueryArgs = unknown[];
interface RawClient {
  query: (...args: QueryArgs) => Promise<unknown>;
}

/**
 * The statements `call` sends once warm, as the driver received them, and a function that sends exactly those again, raw.
 * Both drivers (PGlite, node-postgres) take every statement of Drizzle's through `$client.query`.
 */
export async function rawSqlOf(
  db: Database,
  call: () => Promise<unknown>,
): Promise<{ statements: number; replay: () => Promise<void> }> {
  const client = (db as unknown as { $client: RawClient }).$client;
  // Once first, so what is recorded is the steady state (a total already counted at this version is not counted again).
  await call();
  const original = client.query;
  const recorded: QueryArgs[] = [];
  client.query = function (this: RawClient, ...args: QueryArgs) {
    recorded.push(args);
    return original.apply(this, args);
  };
  try {
    await call();
  } finally {
    client.query = original;
  }
  return {
    statements: recorded.length,
    replay: async () => {
      for (const args of recorded) await original.apply(client, args);
    },
  };
}

/** BENCH_LISTS: only the lists whose label holds this text (`month`, `offset`…); all of them by default. */
const ONLY_LISTS = process.env.BENCH_LISTS ?? '';

export type BareReplay = Awaited<ReturnType<typeof serveBareReplay>>;

/**
 * One list three ways, at the same concurrency: through the product's API, its raw SQL straight through the driver,
 * and that raw SQL behind a bare Hono handler answering the same bytes (the floor of any HTTP API on this machine).
 */
export async function compareWithRawSql(
  db: Database,
  item: ListCase,
  { origin, floor, bare }: { origin: string; floor: Figures; bare: BareReplay },
) {
  if (!item.label.includes(ONLY_LISTS)) return;
  const raw = await rawSqlOf(db, item.direct);
  const { headers } = item;
  const answer = await fetch(`${origin}${item.path}`, { headers });
  bare.serving(raw.replay, await answer.text());
  // On two cores one 5-second run of each moves by ±20 %: the three are measured in turn, ROUNDS times, and each
  // figure printed is its median run.
  const runs: { database: Figures; api: Figures; http: Figures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const database = await measureDirect(raw.replay);
    const api = await measureHttp({ origin, paths: [item.path], headers });
    // The same request bytes, token and all: the bare handler reads no header, but receives them.
    const http = await measureHttp({ origin: bare.origin, paths: ['/list'], headers });
    runs.push({ database, api, http });
  }
  const median = (pick: (run: (typeof runs)[number]) => Figures) =>
    runs.map(pick).sort((a, b) => a.p50 - b.p50)[Math.floor(runs.length / 2)];
  const [api, database, http] = [median((run) => run.api), median((run) => run.database), median((run) => run.http)];
  console.log(figuresLine(`GET ${item.label}`, api));
  console.log(figuresLine(`  its raw SQL (${raw.statements} statement${raw.statements === 1 ? '' : 's'}), directly`, database));
  console.log(figuresLine('  the same SQL and answer behind a bare Hono handler', http));
  console.log(ratioLine(api, database, floor));
  console.log(httpFloorLine(api, http, database));
  if (runs.length > 1) {
    const ratios = runs.map((run) => run.api.p50 / run.http.p50);
    const middle = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    const each = ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ');
    console.log(`  ${''.padEnd(58)} API / bare handler + SQL, run by run: ${each} (median ${middle.toFixed(2)}×)`);
  }
}

export async function benchLists({
  db,
  bench,
  origin,
  floor,
  bare,
}: {
  db: Database;
  bench: BenchIdentity;
  origin: string;
  floor: Figures;
  bare: BareReplay;
}) {
  const sizes = await timed(
    'seed: for 10,000 and 100,000, an account of that many movements and a company of that many invoice requests, among 19 other companies',
    () => seedLists(db, bench),
  );
  // The steady state a running server reaches: PostgreSQL's autovacuum, or PGlite's maintenance pass
  // (server/db/client.ts), would have analysed and vacuumed the new rows within a minute.
  await timed('VACUUM ANALYZE', () => db.execute(sql`vacuum analyze`));
  for (const data of sizes) await benchSize(db, { origin, floor, bare }, data);
}

/**
 * The cost of HTTP itself, with nothing of ours: a bare Hono handler that sends a list's raw SQL (the same replay)
 * and answers the product's bytes for it. Beside the raw SQL, it is the lowest ratio any HTTP API could print on this
 * machine at this concurrency — the client's own work and the server's parsing and writing share the same 2 cores.
 */
export async function serveBareReplay() {
  let current: { replay: () => Promise<void>; body: string } | undefined;
  const app = new Hono().get('/list', async (c) => {
    await current!.replay();
    return c.body(current!.body, 200, { 'content-type': 'application/json' });
  });
  return {
    ...(await serveOnLoopback(app)),
    serving(replay: () => Promise<void>, body: string) {
      current = { replay, body };
    },
  };
}

async function benchSize(
  db: Database,
  servers: { origin: string; floor: Figures; bare: BareReplay },
  data: Awaited<ReturnType<typeof seedLists>>[number],
) {
  const { size } = data;
  console.log(
    `\n  ${size.toLocaleString('en')} rows: an account of ${size.toLocaleString('en')} movements, a company of ${size.toLocaleString('en')} invoice requests`,
  );
  const { accountId, companyId: movementsCompany } = data.movements;
  const invoicesCompany = data.invoices.companyId;
  const movementsCaller = data.movements.headers;
  const invoicesCaller = data.invoices.headers;
  const transactions = (query: string) =>
    `/api/bank-statements/transactions?accountId=${accountId}&companyId=${movementsCompany}${query}`;
  const movementsList = (filter: { month?: string; withoutTaxCategory?: boolean; offset?: number }) => () =>
    transactionsPageJson(db, {
      companyId: movementsCompany,
      accountId,
      withoutTaxCategory: filter.withoutTaxCategory ?? false,
      month: filter.month,
      limit: 10,
      offset: filter.offset ?? 0,
    });
  const invoicesList = (filter: { date?: string; status?: ('issued' | 'requested')[]; offset?: number }) => () =>
    listRequestsJson(db, { companyId: invoicesCompany, ...filter, limit: 10, offset: filter.offset ?? 0, order: 'newest' });
  const deepMovements = Math.max(0, size - Math.ceil(size / 10));
  const deepInvoices = Math.max(0, size - Math.ceil(size / 10));

  const cases: ListCase[] = [
    {
      label: 'movements, first page',
      path: transactions(''),
      headers: movementsCaller,
      direct: movementsList({}),
    },
    {
      label: `movements, offset ${deepMovements.toLocaleString('en')}`,
      path: transactions(`&offset=${deepMovements}`),
      headers: movementsCaller,
      direct: movementsList({ offset: deepMovements }),
    },
    {
      label: 'movements, month=2024-06',
      path: transactions('&month=2024-06'),
      headers: movementsCaller,
      direct: movementsList({ month: '2024-06' }),
    },
    {
      label: 'movements, withoutTaxCategory',
      path: transactions('&withoutTaxCategory=true'),
      headers: movementsCaller,
      direct: movementsList({ withoutTaxCategory: true }),
    },
    {
      label: 'invoice requests, first page',
      path: `/api/nfs/requests?companyId=${invoicesCompany}`,
      headers: invoicesCaller,
      direct: invoicesList({}),
    },
    {
      label: `invoice requests, offset ${deepInvoices.toLocaleString('en')}`,
      path: `/api/nfs/requests?companyId=${invoicesCompany}&offset=${deepInvoices}`,
      headers: invoicesCaller,
      direct: invoicesList({ offset: deepInvoices }),
    },
    {
      label: 'invoice requests, date=2025-03&status=issued',
      path: `/api/nfs/requests?companyId=${invoicesCompany}&date=2025-03&status=issued`,
      headers: invoicesCaller,
      direct: invoicesList({ date: '2025-03', status: ['issued'] }),
    },
  ];

  for (const item of cases) await compareWithRawSql(db, item, servers);
}
