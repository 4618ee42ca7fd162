import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, nfsRequests } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * List totals (docs/performance.md): a page of a list does not count the whole account or company on every call. The total is counted once
 * per version of what it counts (a trigger bumps the version with any change), and stays exact whoever writes.
 */
let server: TestServer;
let customer: TestUser;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  companyId = await server.createCompany({ status: 'active', mainActivity: '6201501' });
  customer = await server.createUser({ companyIds: [companyId] });
});
afterAll(() => server?.close());

/** The SQL texts the database receives while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const client = (server.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}
const counts = (statements: string[]) => statements.filter((text) => /\bcount\(/i.test(text)).length;

function ofx(lines: string[], account: string) {
  const transactions = lines.map((line, i) => {
    const [date, amount, memo] = line.split(';');
    return `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${account}-${date}-${i}<MEMO>${memo}</STMTTRN>`;
  });
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>1<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n${transactions.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

async function upload(text: string) {
  const form = new FormData();
  form.set('file', new File([text], 'extrato.ofx'));
  const response = await fetch(`${server.baseUrl}/api/bank-statements/ofx/upload?companyId=${companyId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()).data;
}

describe('totals of paged lists', () => {
  it('movements: counted once per change, exact after categorising and importing', async () => {
    const lines = Array.from(
      { length: 30 },
      (_, i) => `202603${String(1 + (i % 28)).padStart(2, '0')};-${10 + i}.00;TARIFA ${i}`,
    );
    const summary = await upload(ofx(lines, 'totals-1'));
    const accountId = summary.accounts[0].id as string;
    const list = (query = '') =>
      server.call(`/api/bank-statements/transactions?companyId=${companyId}&accountId=${accountId}${query}`, {
        token: customer.token,
      });

    expect((await list()).body.total).toBe(30);
    // The same page again: the account has not changed, so no count.
    const again = await statementsOf(async () => expect((await list()).body.total).toBe(30));
    expect(counts(again)).toBe(0);
    expect((await list('&withoutTaxCategory=true')).body.total).toBe(30);

    const [first] = (await list()).body.data as { id: string }[];
    const categorised = await server.call(`/api/bank-statements/transactions/${first.id}/tax-category?companyId=${companyId}`, {
      method: 'PUT',
      token: customer.token,
      body: { taxCategoryId: 'tarifas-bancarias' },
    });
    expect(categorised.status).toBe(200);
    expect((await list('&withoutTaxCategory=true')).body.total).toBe(29);
    expect((await list()).body.total).toBe(30);

    await upload(ofx([...lines, '20260329;-1.00;NOVA', '20260330;-2.00;OUTRA'], 'totals-1'));
    expect((await list()).body.total).toBe(32);
    expect((await list('&withoutTaxCategory=true')).body.total).toBe(31);
    expect((await list('&month=2026-03&offset=31')).body).toMatchObject({ total: 32 });
  });

  it('invoice requests: counted once per change, exact whoever writes (the API, the scheduler, a script)', async () => {
    const list = (query = '') => server.call(`/api/nfs/requests?companyId=${companyId}${query}`, { token: customer.token });
    const request = {
      emissionType: 'cnpj',
      cnpj: '11.222.333/0001-81',
      totalValue: '150,00',
      customerName: 'Estúdio Aurora',
      description: 'Consultoria mensal.',
      activity: '6201501',
      competence: '2026-10',
    };
    for (let i = 0; i < 3; i++) {
      const created = await server.call(`/api/nfs/requests?companyId=${companyId}`, {
        method: 'POST',
        token: customer.token,
        body: request,
      });
      expect(created.status).toBe(201);
    }
    expect((await list()).body.total).toBe(3);
    const again = await statementsOf(async () => expect((await list()).body.total).toBe(3));
    expect(counts(again)).toBe(0);
    expect((await list('&status=requested')).body.total).toBe(3);

    // Straight into the table, as the monthly runner or a script writes: the trigger bumps the version all the same.
    await server.db.insert(nfsRequests).values({
      companyId,
      status: 'issued',
      emissionType: 'cnpj',
      customerDocument: '11222333000181',
      customerName: 'Outro tomador',
      description: 'Gerada pelo agendamento.',
      competence: '2026-10',
      totalCents: 10_000,
    });
    expect((await list()).body.total).toBe(4);
    expect((await list('&status=requested')).body.total).toBe(3);
    expect((await list('&status=issued')).body.total).toBe(1);
    expect((await list('&offset=10')).body).toEqual({ data: [], total: 4 });

    // A search matches the company's own name too: renamed, the count follows at once (searches are not remembered).
    await server.db.update(companies).set({ alias: 'Zebra Consultoria' }).where(eq(companies.id, companyId));
    expect((await list('&query=Consultoria')).body.total).toBe(4);
    await server.db.update(companies).set({ alias: 'Zebra' }).where(eq(companies.id, companyId));
    const afterRename = (await list('&query=Consultoria')).body;
    expect(afterRename.data).toHaveLength(3);
    expect(afterRename.total).toBe(3);
  });
});
