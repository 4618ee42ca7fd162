/**
 * The authenticated lists at volume: the movements of an account holding 100,000 of them and the invoice requests of
 * a company with 10,000, each on its first page, deep in the list (a large offset) and filtered (month, status) —
 * where a missing index shows. Each beside the database calls its handler makes, timed directly at the same
 * concurrency: the ratio of medians is what HTTP, auth and validation add.
 */
import { sql } from 'drizzle-orm';
import { findAccount, listTransactions } from '@server/db/bankStatements';
import type { Database } from '@server/db/client';
import { listRequests } from '@server/db/invoices';
import { INVOICE_REQUESTS, MOVEMENTS, seedLists } from './seed-lists';
import type { Figures } from './support';
import { figuresLine, measureDirect, measureHttp, ratioLine, timed } from './support';
import type { memoryIdentity } from './memory-identity';

interface ListCase {
  label: string;
  path: string;
  token: string;
  /** The database calls the handler makes, in the same order. */
  direct: () => Promise<unknown>;
}

export async function benchLists({
  db,
  identity,
  origin,
  floor,
}: {
  db: Database;
  identity: ReturnType<typeof memoryIdentity>;
  origin: string;
  floor: Figures;
}) {
  const data = await timed(
    `seed: an account of ${MOVEMENTS.toLocaleString('en')} movements, a company of ${INVOICE_REQUESTS.toLocaleString('en')} invoice requests, and 19 other companies with a twentieth of each`,
    () => seedLists(db, identity),
  );
  // The steady state a running server reaches: PostgreSQL's autovacuum, or PGlite's maintenance pass
  // (server/db/client.ts), would have analysed and vacuumed the new rows within a minute.
  await timed('VACUUM ANALYZE', () => db.execute(sql`vacuum analyze`));
  const { accountId, companyId: movementsCompany } = data.movements;
  const invoicesCompany = data.invoices.companyId;
  const movementsToken = identity.tokenOf(data.movements.uid);
  const invoicesToken = identity.tokenOf(data.invoices.uid);
  const transactions = (query: string) =>
    `/api/bank-statements/transactions?accountId=${accountId}&companyId=${movementsCompany}${query}`;
  const movementsList = (filter: { month?: string; withoutTaxCategory?: boolean; offset?: number }) => async () => {
    await findAccount(db, movementsCompany, accountId);
    return listTransactions(db, {
      accountId,
      withoutTaxCategory: filter.withoutTaxCategory ?? false,
      month: filter.month,
      limit: 10,
      offset: filter.offset ?? 0,
    });
  };
  const invoicesList = (filter: { date?: string; status?: ('issued' | 'requested')[]; offset?: number }) => () =>
    listRequests(db, { companyId: invoicesCompany, ...filter, limit: 10, offset: filter.offset ?? 0, order: 'newest' });
  const deepMovements = Math.max(0, MOVEMENTS - 10_000);
  const deepInvoices = Math.max(0, INVOICE_REQUESTS - 1_000);

  const cases: ListCase[] = [
    {
      label: 'movements, first page',
      path: transactions(''),
      token: movementsToken,
      direct: movementsList({}),
    },
    {
      label: `movements, offset ${deepMovements.toLocaleString('en')}`,
      path: transactions(`&offset=${deepMovements}`),
      token: movementsToken,
      direct: movementsList({ offset: deepMovements }),
    },
    {
      label: 'movements, month=2024-06',
      path: transactions('&month=2024-06'),
      token: movementsToken,
      direct: movementsList({ month: '2024-06' }),
    },
    {
      label: 'movements, withoutTaxCategory',
      path: transactions('&withoutTaxCategory=true'),
      token: movementsToken,
      direct: movementsList({ withoutTaxCategory: true }),
    },
    {
      label: 'invoice requests, first page',
      path: `/api/nfs/requests?companyId=${invoicesCompany}`,
      token: invoicesToken,
      direct: invoicesList({}),
    },
    {
      label: `invoice requests, offset ${deepInvoices.toLocaleString('en')}`,
      path: `/api/nfs/requests?companyId=${invoicesCompany}&offset=${deepInvoices}`,
      token: invoicesToken,
      direct: invoicesList({ offset: deepInvoices }),
    },
    {
      label: 'invoice requests, date=2025-03&status=issued',
      path: `/api/nfs/requests?companyId=${invoicesCompany}&date=2025-03&status=issued`,
      token: invoicesToken,
      direct: invoicesList({ date: '2025-03', status: ['issued'] }),
    },
  ];

  for (const item of cases) {
    const database = await measureDirect(item.direct);
    const api = await measureHttp({ origin, paths: [item.path], headers: { authorization: `Bearer ${item.token}` } });
    console.log(figuresLine(`GET ${item.label}`, api));
    console.log(figuresLine(`  its database calls, directly`, database));
    console.log(ratioLine(api, database, floor));
  }
}
