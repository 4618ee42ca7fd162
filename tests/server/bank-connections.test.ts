import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankConnections } from '@server/db/schema';
import { coraDate, movementOf } from '@server/services/cora';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let customer: TestUser;
let colleague: TestUser;
let unflagged: TestUser;
let companyId: string;

beforeAll(async () => {
  // The flag is given by e-mail: created users get random e-mails, so the list is filled after they exist.
  const coraEmails: string[] = [];
  server = await startTestServer({ coraEmails });
  companyId = await server.createCompany({ status: 'active' });
  [customer, colleague, unflagged] = await Promise.all([
    server.createUser({ companyIds: [companyId] }),
    server.createUser({ companyIds: [companyId] }),
    server.createUser({ companyIds: [companyId] }),
  ]);
  coraEmails.push(customer.email.toLowerCase(), colleague.email.toLowerCase());
});
afterAll(() => server?.close());

/** Walks the authorize page of the fake as a person approving, and returns where Cora sends them back. */
async function authorize(token = customer.token) {
  const start = await server.call(`/api/bank-statements/connections/oauth/cora?companyId=${companyId}`, { token });
  expect(start.status).toBe(200);
  const url = new URL(start.body.data.url);
  expect(url.searchParams.get('scopes')).toBeTruthy();
  expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/app/auth/cora/callback`);
  const page = await (await fetch(url)).text();
  const approve = page.match(/class="approve" href="([^"]+)"/)![1].replace(/&amp;/g, '&');
  const back = new URL(approve);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const connect = (code: string, state: string, token = customer.token) =>
  server.call(
    `/api/bank-statements/connections/oauth/cora?companyId=${companyId}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    { method: 'POST', token },
  );

describe('Cora connection', () => {
  it('tells each person whether they see Cora, and refuses the others', async () => {
    expect((await server.call('/api/features', { token: customer.token })).body.data).toEqual({ cora: true, panel: false });
    expect((await server.call('/api/features', { token: unflagged.token })).body.data).toEqual({ cora: false, panel: false });
    const refused = await server.call(`/api/bank-statements/connections/oauth/cora?companyId=${companyId}`, {
      token: unflagged.token,
    });
    expect(refused.status).toBe(403);
    expect((await server.call('/api/features')).status).toBe(401);
  });

  it('connects with the authorization code, pulls the statement, and keeps the tokens sealed', async () => {
    const { code, state } = await authorize();
    const { status, body } = await connect(code, state);
    expect(status).toBe(201);
    expect(body.data.connection).toMatchObject({ provider: 'cora', status: 'active', lastError: null });
    expect(body.data.import.added).toBeGreaterThan(10);
    const accounts = await server.call(`/api/bank-statements/accounts?companyId=${companyId}`, { token: customer.token });
    expect(accounts.body.data[0]).toMatchObject({ source: 'cora', bankName: 'Cora', transactionCount: body.data.import.added });
    const [row] = await server.db.select().from(bankConnections).where(eq(bankConnections.companyId, companyId));
    expect(row.accessTokenSealed.startsWith('v1.')).toBe(true);
    // The same code cannot be used twice, nor the same state.
    const again = await connect(code, state);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Autorização inválida ou expirada. Tente conectar de novo.');
  });

  it('refuses a state started by someone else or a made-up one', async () => {
    const { code, state } = await authorize(colleague.token);
    expect((await connect(code, state, customer.token)).status).toBe(400);
    expect((await connect(code, 'x'.repeat(32))).body.error.message).toBe(
      'Autorização inválida ou expirada. Tente conectar de novo.',
    );
  });

  it('syncs again without doubling, renewing an expired token first', async () => {
    const list = await server.call(`/api/bank-statements/connections?companyId=${companyId}`, { token: customer.token });
    const connection = list.body.data[0];
    await server.db
      .update(bankConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bankConnections.id, connection.id));
    const sync = await server.call(`/api/bank-statements/connections/${connection.id}/sync?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
    });
    expect(sync.status).toBe(200);
    expect(sync.body.data.import.added).toBe(0);
    expect(sync.body.data.connection.status).toBe('active');
    const [row] = await server.db.select().from(bankConnections).where(eq(bankConnections.id, connection.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('marks the connection in error and asks to connect again when Cora refuses the tokens', async () => {
    const [row] = await server.db.select().from(bankConnections).where(eq(bankConnections.companyId, companyId));
    await server.db
      .update(bankConnections)
      .set({ expiresAt: new Date(0), refreshTokenSealed: row.accessTokenSealed })
      .where(eq(bankConnections.id, row.id));
    const sync = await server.call(`/api/bank-statements/connections/${row.id}/sync?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
    });
    expect(sync.status).toBe(409);
    expect(sync.body.error.message).toMatch(/Conecte a conta novamente/);
    const detail = await server.call(`/api/bank-statements/connections/${row.id}?companyId=${companyId}`, {
      token: customer.token,
    });
    expect(detail.body.data).toMatchObject({ status: 'error', lastError: sync.body.error.message });
  });

  it('connects again at the other address of this machine: Cora’s stand-in and the way back at that address', async () => {
    // PUBLIC_URL here is 127.0.0.1; the person uses localhost (as `npm start`'s 127.0.0.1 beside a localhost PUBLIC_URL).
    const { port } = new URL(server.baseUrl);
    const start = await callAs(`localhost:${port}`, 'GET', `/api/bank-statements/connections/oauth/cora?companyId=${companyId}`);
    expect(start.status).toBe(200);
    const url = new URL(start.body.data.url);
    expect(url.origin).toBe(`http://localhost:${port}`);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/app/auth/cora/callback`);
    url.hostname = '127.0.0.1';
    const page = await (await fetch(url)).text();
    const back = new URL(page.match(/class="approve" href="([^"]+)"/)![1].replace(/&amp;/g, '&'));
    expect(back.origin).toBe(`http://localhost:${port}`);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const connected = await callAs(
      `localhost:${port}`,
      'POST',
      `/api/bank-statements/connections/oauth/cora?companyId=${companyId}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    );
    expect(connected.status).toBe(201);
  });
});

/** Calls the test server under another host name (fetch sends its own Host header, whatever it is given). */
function callAs(host: string, method: string, path: string, token = customer.token): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const call = request({ hostname, port, path, method, headers: { host, authorization: `Bearer ${token}` } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('Cora entries', () => {
  it('reads short offsets and the counterparty at either level', () => {
    expect(coraDate('2026-03-31T23:30:00-03')).toBe('2026-03-31');
    expect(coraDate('2026-04-01T01:30:00Z')).toBe('2026-03-31');
    const debit = movementOf({
      id: 'e1',
      type: 'DEBIT',
      amount: 1990,
      createdAt: '2026-03-05T10:00:00-03',
      transaction: { type: 'BOLETO', description: 'Pagamento', counterParty: { name: 'AWS' } },
    });
    expect(debit).toMatchObject({
      externalId: 'e1',
      postedOn: '2026-03-05',
      amountCents: -1990,
      description: 'Pagamento',
      memo: 'AWS',
    });
    const credit = movementOf({
      id: 'e2',
      type: 'CREDIT',
      amount: 5000,
      createdAt: '2026-03-05T10:00:00-0300',
      counterParty: { name: 'ACME' },
    });
    expect(credit).toMatchObject({ amountCents: 5000, description: 'ACME', memo: null });
  });
});
