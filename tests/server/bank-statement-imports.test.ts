import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfxImportProgress } from '@domain';
import { BANK_MESSAGES, OFX_SYNC_MAX_MOVEMENTS } from '@domain';
import { bankStatementImports, bankTransactions } from '@server/db/schema';
import { undoInterruptedImports } from '@server/db/statement-imports';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/*
 * A large OFX import shares the server: it answers at once (202) and writes in batches, other requests are answered
 * meanwhile, the customer follows its progress, and it stays all or nothing and idempotent.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** An SGML statement of one or more accounts, each with `count` movements from `from` on (FITIDs from `from`). */
function statement(accounts: { number: string; count: number; from?: number; poisonAt?: number }[]): string {
  const lists = accounts.map(({ number, count, from = 0, poisonAt }) => {
    const lines: string[] = [];
    for (let i = from; i < from + count; i++) {
      const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
      const cents = ((i * 7919) % 500_000) + 1;
      const amount = `${i % 3 === 0 ? '' : '-'}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
      const memo = i === poisonAt ? 'FALHA PROPOSITAL' : `PIX ENVIADO ${i % 97}`;
      lines.push(
        `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${day}100000[-03:BRT]\n<TRNAMT>${amount}\n<FITID>${i}\n<MEMO>${memo}\n</STMTTRN>`,
      );
    }
    return `<STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0001<ACCTID>${number}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20251231\n${lines.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS>`;
  });
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1>${lists.join('\n')}</BANKMSGSRSV1></OFX>\n`;
}

async function customer(): Promise<{ companyId: string; owner: TestUser }> {
  const companyId = await server.createCompany({ status: 'active' });
  return { companyId, owner: await server.createUser({ companyIds: [companyId] }) };
}

async function upload(file: string, who: { companyId: string; owner: TestUser }) {
  const form = new FormData();
  form.set('file', new File([file], 'extrato.ofx'));
  const response = await fetch(`${server.baseUrl}/api/bank-statements/ofx/upload?companyId=${who.companyId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.owner.token}` },
    body: form,
  });
  return { status: response.status, body: await response.json(), location: response.headers.get('location') };
}

const progressOf = async (id: string, who: { companyId: string; owner: TestUser }) => {
  const { status, body } = await server.call(`/api/bank-statements/imports/${id}?companyId=${who.companyId}`, {
    token: who.owner.token,
  });
  expect(status).toBe(200);
  return body.data as OfxImportProgress;
};

/** Follows an import as the screen does, until it is done or failed; every step seen is kept. */
async function follow(id: string, who: { companyId: string; owner: TestUser }, each?: (p: OfxImportProgress) => Promise<void>) {
  const seen: OfxImportProgress[] = [];
  for (;;) {
    const progress = await progressOf(id, who);
    seen.push(progress);
    if (progress.status === 'done' || progress.status === 'failed') return { last: progress, seen };
    await each?.(progress);
  }
}

const accountsOf = async (who: { companyId: string; owner: TestUser }) =>
  (await server.call(`/api/bank-statements/accounts?companyId=${who.companyId}&limit=100`, { token: who.owner.token })).body
    .data as { accountNumber: string; transactionCount: number }[];

/** Every movement row of the company, hidden or not, counted in the database itself. */
async function storedRows(companyId: string): Promise<number> {
  const result = await server.db.execute(
    sql`select count(*)::int as n from ${bankTransactions} where ${bankTransactions.companyId} = ${companyId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

describe('a large OFX import', () => {
  const COUNT = 30_000;

  it('answers at once with its progress, lets other requests through while it writes, and appears whole when done', async () => {
    const importer = await customer();
    const neighbour = await customer();
    const small = await upload(statement([{ number: 'vizinho-1', count: 20 }]), neighbour);
    expect(small.status).toBe(201);
    const file = statement([{ number: 'grande-1', count: COUNT }]);

    const answer = await upload(file, importer);
    expect(answer.status).toBe(202);
    expect(answer.body.data).toMatchObject({ total: COUNT, summary: null, error: null });
    expect(['queued', 'importing']).toContain(answer.body.data.status);
    expect(answer.location).toBe(`/api/bank-statements/imports/${answer.body.data.id}?companyId=${importer.companyId}`);

    // While it writes: another customer's list and the readiness check are answered, and the importing customer sees
    // none of the file yet (no half statement).
    const meanwhile: { processed: number; neighbourList: number; ready: number; visible: number; finished: boolean }[] = [];
    const { last, seen } = await follow(answer.body.data.id, importer, async (progress) => {
      const neighbourList = await server.call(`/api/bank-statements/accounts?companyId=${neighbour.companyId}`, {
        token: neighbour.owner.token,
      });
      const ready = await server.call('/api/health/ready');
      const visible = (await accountsOf(importer)).length;
      // Whether the import had finished by the time those were answered.
      const finished = (await progressOf(answer.body.data.id, importer)).status === 'done';
      meanwhile.push({
        processed: progress.processed,
        neighbourList: neighbourList.status,
        ready: ready.status,
        visible,
        finished,
      });
    });
    // Answered while the import was part way: after those answers it still had movements to write.
    const partWay = meanwhile.filter((m) => m.processed > 0 && !m.finished);
    expect(partWay.length).toBeGreaterThan(0);
    expect(partWay.every((m) => m.neighbourList === 200 && m.ready === 200)).toBe(true);
    expect(partWay.every((m) => m.visible === 0)).toBe(true);
    // Progress only goes forward, up to the total.
    const counts = seen.map((p) => p.processed);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen.some((p) => p.status === 'importing' && p.processed > 0 && p.processed < COUNT)).toBe(true);

    expect(last).toMatchObject({ status: 'done', processed: COUNT, total: COUNT, error: null });
    expect(last.summary).toMatchObject({ added: COUNT, duplicates: 0 });
    expect(await accountsOf(importer)).toEqual([expect.objectContaining({ accountNumber: 'grande-1', transactionCount: COUNT })]);

    // The same file again adds nothing.
    const again = await upload(file, importer);
    expect(again.status).toBe(202);
    const { last: second } = await follow(again.body.data.id, importer);
    expect(second.summary).toMatchObject({ added: 0, duplicates: COUNT });
    expect(await storedRows(importer.companyId)).toBe(COUNT);
  });

  it('leaves nothing when it fails part way, and the same file imports whole afterwards', async () => {
    const who = await customer();
    const earlier = await upload(statement([{ number: 'falha-1', count: 3, from: 900_000 }]), who);
    expect(earlier.status).toBe(201);
    // The database refuses one movement of the file's second account, after thousands were written.
    const poison = `falha_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    await server.db.execute(
      sql.raw(`create function ${poison}() returns trigger language plpgsql as $$
        begin raise exception 'falha proposital'; end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger ${poison} before insert on bank_transactions for each row
        when (new.description = 'FALHA PROPOSITAL') execute function ${poison}()`),
    );
    const file = statement([
      { number: 'falha-1', count: 6_000 },
      { number: 'falha-2', count: 4_000, from: 10_000, poisonAt: 13_500 },
    ]);
    const answer = await upload(file, who);
    expect(answer.status).toBe(202);
    const { last, seen } = await follow(answer.body.data.id, who);
    expect(last).toMatchObject({ status: 'failed', processed: 0, summary: null, error: BANK_MESSAGES.importFailed });
    expect(seen.length).toBeGreaterThan(0);
    // What was there before is all there is: the earlier account with its 3 movements, no new account, no row left.
    expect(await accountsOf(who)).toEqual([expect.objectContaining({ accountNumber: 'falha-1', transactionCount: 3 })]);
    expect(await storedRows(who.companyId)).toBe(3);

    // A small file fails the same way while its upload waits: nothing of it either.
    const smallFailed = await upload(statement([{ number: 'falha-3', count: 5, from: 20_000, poisonAt: 20_003 }]), who);
    expect(smallFailed.status).toBeGreaterThanOrEqual(500);
    expect(await storedRows(who.companyId)).toBe(3);

    await server.db.execute(sql.raw(`drop trigger ${poison} on bank_transactions`));
    const retried = await upload(file, who);
    const { last: done } = await follow(retried.body.data.id, who);
    expect(done.summary).toMatchObject({ added: 10_000, duplicates: 0 });
    expect(await storedRows(who.companyId)).toBe(10_003);
  });

  it('adds each movement once when the same file is sent twice at once', async () => {
    const who = await customer();
    const file = statement([{ number: 'duas-1', count: 8_000 }]);
    const [a, b] = await Promise.all([upload(file, who), upload(file, who)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const [first, second] = await Promise.all([follow(a.body.data.id, who), follow(b.body.data.id, who)]);
    const summaries = [first.last.summary!, second.last.summary!];
    expect(summaries.map((s) => s.added).sort((x, y) => x - y)).toEqual([0, 8_000]);
    expect(summaries.map((s) => s.duplicates).sort((x, y) => x - y)).toEqual([0, 8_000]);
    // One waited for the other.
    expect([a.body.data, b.body.data, ...first.seen, ...second.seen].some((p) => p.status === 'queued')).toBe(true);
    expect(await storedRows(who.companyId)).toBe(8_000);
  });

  it('undoes an import its server left unfinished: hidden meanwhile, gone before the next import of the company', async () => {
    const who = await customer();
    const first = await upload(statement([{ number: 'parada-1', count: 10 }]), who);
    const accountId = first.body.data.accounts[0].id as string;
    // A server died while writing: an import left "importing", its heartbeat old, with rows written.
    const [dead] = await server.db
      .insert(bankStatementImports)
      .values({
        companyId: who.companyId,
        status: 'importing',
        total: 50,
        processed: 20,
        accountIds: [accountId],
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    await server.db.insert(bankTransactions).values(
      Array.from({ length: 20 }, (_, i) => ({
        accountId,
        companyId: who.companyId,
        postedOn: '2025-02-01',
        amountCents: -100 - i,
        description: `MEIO ${i}`,
        dedupKey: `dead-${i}`,
        importId: dead.id,
      })),
    );
    // Never seen while unfinished.
    expect(await accountsOf(who)).toEqual([expect.objectContaining({ transactionCount: 10 })]);
    const list = await server.call(`/api/bank-statements/transactions?companyId=${who.companyId}&accountId=${accountId}`, {
      token: who.owner.token,
    });
    expect(list.body.total).toBe(10);

    // The next import of the company undoes it first, then goes on.
    const next = await upload(statement([{ number: 'parada-1', count: 12 }]), who);
    expect(next.status).toBe(201);
    expect(next.body.data).toMatchObject({ added: 2, duplicates: 10 });
    expect(await progressOf(dead.id, who)).toMatchObject({ status: 'failed', error: BANK_MESSAGES.importInterrupted });
    expect(await storedRows(who.companyId)).toBe(12);

    // At start-up, every one whose heartbeat stopped.
    const [queued] = await server.db
      .insert(bankStatementImports)
      .values({ companyId: who.companyId, status: 'queued', total: 5, heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .returning();
    expect(await undoInterruptedImports(server.db, { staleMs: 60_000 })).toBeGreaterThanOrEqual(1);
    expect((await progressOf(queued.id, who)).status).toBe('failed');
  });

  it('keeps a small file’s answer: imported before the upload answers', async () => {
    const who = await customer();
    const { status, body } = await upload(statement([{ number: 'pequeno-1', count: OFX_SYNC_MAX_MOVEMENTS }]), who);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ added: OFX_SYNC_MAX_MOVEMENTS, duplicates: 0 });
  });

  it('shows an import only to its company', async () => {
    const who = await customer();
    const other = await customer();
    const { body } = await upload(statement([{ number: 'meu-1', count: 2 }]), who);
    expect(body.data.added).toBe(2);
    const [row] = await server.db
      .select({ id: bankStatementImports.id })
      .from(bankStatementImports)
      .where(sql`${bankStatementImports.companyId} = ${who.companyId}`);
    const foreign = await server.call(`/api/bank-statements/imports/${row.id}?companyId=${other.companyId}`, {
      token: other.owner.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(BANK_MESSAGES.importNotFound);
    expect(
      (await server.call(`/api/bank-statements/imports/${row.id}?companyId=${who.companyId}`, { token: other.owner.token }))
        .status,
    ).toBe(403);
  });
});
