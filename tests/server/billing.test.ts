import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, subscriptions } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
let companyId: string;
let otherCompanyId: string;
let subscriptionId: string;
let openChargeId: string;

const DAY = 24 * 60 * 60 * 1000;
const noonDaysAgo = (days: number) => {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(15, 0, 0, 0);
  return date;
};

beforeAll(async () => {
  server = await startTestServer();
  companyId = await server.createCompany({ status: 'overdue', alias: 'Oficina Teste' });
  otherCompanyId = await server.createCompany({ status: 'active' });
  [customer, other, admin] = await Promise.all([
    server.createUser({ companyIds: [companyId] }),
    server.createUser({ companyIds: [otherCompanyId] }),
    server.createUser({ roles: ['system-admin'] }),
  ]);
  const [subscription] = await server.db
    .insert(subscriptions)
    .values({ companyId, planId: 'essencial', status: 'overdue', priceCents: 24900, activatedAt: noonDaysAgo(100) })
    .returning();
  subscriptionId = subscription.id;
  const charge = (days: number, status: 'paid' | 'pending', n: number) => ({
    subscriptionId,
    companyId,
    provider: 'sandbox',
    providerCheckoutId: `seed-test-${n}`,
    checkoutUrl: `https://pagamentos.invalid/checkout/seed-test-${n}`,
    amountCents: 24900,
    status,
    method: status === 'paid' ? ('pix' as const) : null,
    dueDate: noonDaysAgo(days),
    paidAt: status === 'paid' ? noonDaysAgo(days + 1) : null,
  });
  const rows = await server.db
    .insert(payments)
    .values([charge(80, 'paid', 1), charge(50, 'paid', 2), charge(20, 'pending', 3)])
    .returning();
  openChargeId = rows[2].id;
});
afterAll(() => server?.close());

const list = (token: string, company = companyId, extra = '') =>
  server.call(`/api/v1/ecommerce/payments?companyId=${company}${extra}`, { token });

describe('GET /v1/ecommerce/payments', () => {
  it('asks for a session, and keeps each company to its own people', async () => {
    expect((await server.call(`/api/v1/ecommerce/payments?companyId=${companyId}`)).status).toBe(401);
    const foreign = await list(other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe('Você não tem acesso a esta empresa.');
    expect((await server.call(`/api/v1/ecommerce/subscription?companyId=${companyId}`, { token: other.token })).status).toBe(403);
    const receipt = await server.call(`/api/v1/ecommerce/payments/${openChargeId}/receipt`, { token: other.token });
    expect(receipt.status).toBe(403);
    // The team sees every company's.
    expect((await list(admin.token)).status).toBe(200);
  });

  it('lists the charges, latest due first, an open one past its due date marked overdue', async () => {
    const { status, body } = await list(customer.token);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.data.map((p: { status: string }) => p.status)).toEqual(['pending', 'paid', 'paid']);
    expect(body.data[0]).toMatchObject({
      id: openChargeId,
      overdue: true,
      amountCents: 24900,
      planName: 'Essencial',
      receiptPath: null,
      paidAt: null,
    });
    expect(body.data[0].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.data[1]).toMatchObject({ overdue: false, method: 'pix', receiptPath: expect.stringContaining('/receipt') });
    const paid = await list(customer.token, companyId, '&status=paid&limit=1');
    expect(paid.body).toMatchObject({ total: 2, data: [{ status: 'paid' }] });
    const bad = await server.call('/api/v1/ecommerce/payments?companyId=123&status=paga', { token: customer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ companyId: 'Empresa inválida.', status: 'Situação inválida.' });
  });

  it('sums up the plan and what is open', async () => {
    const { body } = await server.call(`/api/v1/ecommerce/subscription?companyId=${companyId}`, { token: customer.token });
    expect(body.data).toMatchObject({
      subscription: { id: subscriptionId, planId: 'essencial', planName: 'Essencial', priceCents: 24900, status: 'overdue' },
      openCount: 1,
      openAmountCents: 24900,
      overdueCount: 1,
      // The open charge is what comes next.
      nextAmountCents: 24900,
    });
  });
});

describe('paying an open charge', () => {
  it('gives the sandbox checkout of that very charge, and the same one when asked again', async () => {
    const first = await server.call(`/api/subscriptions/${subscriptionId}`, {
      method: 'POST',
      token: customer.token,
      body: { paymentId: openChargeId, returnPath: '/app/user/my-billing' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.paymentId).toBe(openChargeId);
    expect(first.body.data.paymentUrl).toMatch(new RegExp(`^${server.baseUrl}/fakes/payments/checkout/chk_[0-9a-f]+$`));
    const again = await server.call(`/api/subscriptions/${subscriptionId}`, { method: 'POST', token: customer.token, body: {} });
    expect(again.body.data).toEqual(first.body.data);
    // One charge, re-pointed at the new checkout: nothing was charged twice.
    const rows = await server.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId));
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.id === openChargeId)?.checkoutUrl).toBe(first.body.data.paymentUrl);

    const foreign = await server.call(`/api/subscriptions/${subscriptionId}`, { method: 'POST', token: other.token, body: {} });
    expect(foreign.status).toBe(403);
  });

  it('once paid at the sandbox: the charge is paid, the company is active again, and the receipt is a PDF', async () => {
    const { body } = await server.call(`/api/subscriptions/${subscriptionId}`, {
      method: 'POST',
      token: customer.token,
      body: { paymentId: openChargeId },
    });
    const paid = await fetch(`${body.data.paymentUrl}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ method: 'boleto' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('/app/user/my-billing?status=paid');

    const charges = await list(customer.token);
    expect(charges.body.data[0]).toMatchObject({ id: openChargeId, status: 'paid', method: 'boleto', overdue: false });
    const company = await server.call(`/api/companies/${companyId}`, { token: customer.token });
    expect(company.body.data.status).toBe('active');
    // Nothing open: what comes next is the following monthly fee, a month after the last one, at the plan's price.
    const paidDue = charges.body.data[0].dueDate as string;
    const [year, month, day] = paidDue.split('-').map(Number);
    const following = new Date(Date.UTC(year, month, Math.min(day, new Date(Date.UTC(year, month + 1, 0)).getUTCDate())));
    const summary = await server.call(`/api/v1/ecommerce/subscription?companyId=${companyId}`, { token: customer.token });
    expect(summary.body.data).toMatchObject({
      openCount: 0,
      nextDueDate: following.toISOString().slice(0, 10),
      nextAmountCents: 24900,
    });

    const receipt = await fetch(`${server.baseUrl}/api${charges.body.data[0].receiptPath}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(receipt.headers.get('content-disposition')).toMatch(/attachment; filename="recibo-contabil-\d{4}-\d{2}\.pdf"/);
    const text = Buffer.from(await receipt.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain('R$');
    expect(text).toContain('por Boleto');
  });

  it('refuses what is not open any more', async () => {
    const paidAgain = await server.call(`/api/subscriptions/${subscriptionId}`, {
      method: 'POST',
      token: customer.token,
      body: { paymentId: openChargeId },
    });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body.error.message).toBe('Esta cobrança não está mais em aberto.');
    // Active, nothing open: nothing to pay.
    const nothing = await server.call(`/api/subscriptions/${subscriptionId}`, {
      method: 'POST',
      token: customer.token,
      body: {},
    });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.message).toBe('Esta assinatura já está paga.');
    const badId = await server.call(`/api/subscriptions/${subscriptionId}`, {
      method: 'POST',
      token: customer.token,
      body: { paymentId: 'abc' },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields).toEqual({ paymentId: 'Cobrança inválida.' });
  });

  it('has no receipt for a charge not paid yet', async () => {
    const [open] = await server.db
      .insert(payments)
      .values({
        subscriptionId,
        companyId,
        provider: 'sandbox',
        providerCheckoutId: 'seed-test-4',
        checkoutUrl: 'https://pagamentos.invalid/checkout/seed-test-4',
        amountCents: 24900,
        dueDate: new Date(Date.now() + 10 * DAY),
      })
      .returning();
    const receipt = await server.call(`/api/v1/ecommerce/payments/${open.id}/receipt?companyId=${companyId}`, {
      token: customer.token,
    });
    expect(receipt.status).toBe(409);
    expect(receipt.body.error.message).toBe('Esta cobrança ainda não foi paga: o recibo fica disponível depois do pagamento.');
    const wrongCompany = await server.call(`/api/v1/ecommerce/payments/${open.id}/receipt?companyId=${otherCompanyId}`, {
      token: other.token,
    });
    expect(wrongCompany.status).toBe(404);
  });
});

/** POST to the test server under another host name (fetch sends its own Host header, whatever it is given). */
function postAs(host: string, path: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });
}

describe('the payment page at either address of this machine', () => {
  // `npm start` prints http://127.0.0.1:3000 while PUBLIC_URL defaults to localhost: the person must go to the payment
  // page and come back at the address they use, or the browser refuses to leave (another host) and, back, they
  // would be signed out (their session lives at the other origin). Here PUBLIC_URL is 127.0.0.1, the person on localhost.
  it('gives the stand-in’s payment page and the way back at the address the request came to', async () => {
    const port = new URL(server.baseUrl).port;
    const pendingCompanyId = await server.createCompany({ status: 'pending', alias: 'Padaria Nova' });
    const person = await server.createUser({ companyIds: [pendingCompanyId] });
    const [subscription] = await server.db
      .insert(subscriptions)
      .values({ companyId: pendingCompanyId, planId: 'essencial', status: 'pending', priceCents: 24900 })
      .returning();

    const first = await postAs(`localhost:${port}`, `/api/subscriptions/${subscription.id}`, person.token, {
      returnPath: '/app/wizard/company-opening',
    });
    expect(first.status).toBe(200);
    expect(first.body.data.paymentUrl).toMatch(new RegExp(`^http://localhost:${port}/fakes/payments/checkout/chk_[0-9a-f]+$`));
    // The same charge asked for again, now at 127.0.0.1: its page at that address.
    const again = await server.call(`/api/subscriptions/${subscription.id}`, { method: 'POST', token: person.token, body: {} });
    expect(again.body.data.paymentId).toBe(first.body.data.paymentId);
    expect(again.body.data.paymentUrl).toBe(first.body.data.paymentUrl.replace('localhost', '127.0.0.1'));

    const paid = await fetch(`${again.body.data.paymentUrl}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ method: 'pix' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`^http://localhost:${port}/app/wizard/company-opening\\?status=paid&checkout=chk_`),
    );
  });

  it('keeps PUBLIC_URL for a request that came under a name that is not this machine’s', async () => {
    const otherCompanyWithCharge = await server.createCompany({ status: 'pending' });
    const person = await server.createUser({ companyIds: [otherCompanyWithCharge] });
    const [subscription] = await server.db
      .insert(subscriptions)
      .values({ companyId: otherCompanyWithCharge, planId: 'essencial', status: 'pending', priceCents: 24900 })
      .returning();
    const answer = await postAs('contabil.example.com', `/api/subscriptions/${subscription.id}`, person.token, {});
    expect(answer.status).toBe(200);
    expect(answer.body.data.paymentUrl.startsWith(`${server.baseUrl}/fakes/payments/checkout/`)).toBe(true);
  });
});
