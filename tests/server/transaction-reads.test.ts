import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPayments } from '@server/db/billing';
import type { DbExecutor } from '@server/db/executor';
import { listDocuments } from '@server/db/documents';
import { fiscalProfileView } from '@server/db/nfse';
import { obligationsOfCompanies } from '@server/db/obligations';
import { listInvitations } from '@server/db/referrals';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * A transaction is one connection. node-postgres queues a statement sent while another is running on it — deprecated,
 * and refused from pg 9 on — so the reads a function sends side by side on the pool go one after another when it is
 * handed a transaction (the demo seed hands the tax reminders one).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Query = (...args: unknown[]) => unknown;

/** The most statements the transaction's connection was sent at once while `work` ran in it. */
async function mostAtOnce(work: (tx: DbExecutor) => Promise<unknown>): Promise<number> {
  let running = 0;
  let most = 0;
  await server.db.transaction(async (tx) => {
    const client = (tx as unknown as { session: { client: { query: Query } } }).session.client;
    const own = Object.hasOwn(client, 'query');
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      running++;
      most = Math.max(most, running);
      return Promise.resolve(query.apply(this, args)).finally(() => running--);
    };
    try {
      await work(tx);
    } finally {
      if (own) client.query = query;
      else delete (client as { query?: Query }).query;
    }
  });
  return most;
}

describe('reads handed a transaction', () => {
  it('are sent one at a time on its connection', async () => {
    const companyId = await server.createCompany({ name: 'Empresa Transação Ltda' });
    const person = await server.createUser({ companyIds: [companyId] });
    const page = { limit: 10, offset: 0 };
    const now = new Date('2026-06-15T12:00:00Z');
    expect(await mostAtOnce((tx) => listPayments(tx, { companyId, ...page }))).toBe(1);
    expect(await mostAtOnce((tx) => listDocuments(tx, { companyId, ...page }))).toBe(1);
    expect(await mostAtOnce((tx) => listInvitations(tx, person.uid, page))).toBe(1);
    expect(await mostAtOnce((tx) => fiscalProfileView(tx, companyId, now))).toBe(1);
    expect(await mostAtOnce((tx) => obligationsOfCompanies(tx, [companyId], 2026, now))).toBe(1);
  });
});
