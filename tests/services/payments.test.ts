import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentsSandboxFake } from '@server/fakes/payments';
import type { CheckoutRequest } from '@server/services/payments';
import { PaymentProviderError, PaymentSignatureError, createSandboxPayments } from '@server/services/payments';
import type { LocalServer, ReceivedRequest } from './local-server';
import { listen, scriptedServer } from './local-server';

const API_KEY = 'sk_test_contabil';
const WEBHOOK_SECRET = 'whsec_test_contabil';

let sandbox: LocalServer;
let receiver: LocalServer & { received: ReceivedRequest[] };
/** The status the notification receiver answers with. */
let receiverStatus = 200;

beforeAll(async () => {
  sandbox = await listen(paymentsSandboxFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET }));
  receiver = await scriptedServer((_request, response) => {
    response.writeHead(receiverStatus).end();
  });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
afterEach(() => {
  receiverStatus = 200;
  receiver.received.length = 0;
});

const provider = () => createSandboxPayments({ baseUrl: sandbox.url, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  reference: 'pay_123',
  amountCents: 24_900,
  description: 'Plano Essencial — mensalidade de maio',
  returnUrl: 'https://app.contabil.test/assinatura/retorno?plano=essencial#resumo',
  notificationUrl: `${receiver.url}/webhooks/payments`,
  customerEmail: 'cliente@demo.test',
  ...overrides,
});

/** Submits one of the hosted page's forms, as the browser would, without following the redirect. */
function submit(url: string, fields: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

function headersOf(received: ReceivedRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(received.headers)) if (typeof value === 'string') headers.set(name, value);
  return headers;
}

describe('payments sandbox: paying', () => {
  it('creates a checkout, shows its hosted page, and on payment notifies with a signed body and returns the person', async () => {
    const payments = provider();
    const checkout = await payments.createCheckout(request());
    expect(checkout).toEqual({
      id: expect.stringMatching(/^chk_/),
      url: `${sandbox.url}/checkout/${checkout.id}`,
      status: 'pending',
    });

    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/\u00a0/g, ' ');
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('Ambiente de testes — nenhum pagamento real');
    expect(html).toContain('Plano Essencial — mensalidade de maio');
    expect(html).toContain('R$ 249,00');
    for (const label of ['Pagar com Pix (simulado)', 'Pagar com boleto (simulado)', 'Cancelar pagamento'])
      expect(html).toContain(label);

    const paid = await submit(`${checkout.url}/pay`, { method: 'pix' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://app.contabil.test/assinatura/retorno');
    expect(Object.fromEntries(back.searchParams)).toEqual({ plano: 'essencial', status: 'paid', checkout: checkout.id });
    expect(back.hash).toBe('#resumo');

    expect(receiver.received).toHaveLength(1);
    const [notification] = receiver.received;
    expect(notification).toMatchObject({ method: 'POST', url: '/webhooks/payments' });
    const expected = createHmac('sha256', WEBHOOK_SECRET).update(notification.body).digest('hex');
    expect(notification.headers['x-sandbox-signature']).toBe(`sha256=${expected}`);
    expect(JSON.parse(notification.body)).toEqual({
      event: 'checkout.paid',
      data: {
        id: checkout.id,
        reference: 'pay_123',
        status: 'paid',
        method: 'pix',
        amount_cents: 24_900,
        paid_at: expect.any(String),
      },
    });
    expect(payments.parseNotification(notification.body, headersOf(notification))).toEqual({
      checkoutId: checkout.id,
      reference: 'pay_123',
      status: 'paid',
      method: 'pix',
      amountCents: 24_900,
      paidAt: JSON.parse(notification.body).data.paid_at,
    });
    expect(await payments.getCheckout(checkout.id)).toEqual({ ...checkout, status: 'paid' });
  });

  it('refuses a tampered body, a wrong secret and a missing signature', async () => {
    const checkout = await provider().createCheckout(request());
    await submit(`${checkout.url}/pay`, { method: 'boleto' });
    const [notification] = receiver.received;
    const headers = headersOf(notification);

    const tampered = notification.body.replace('24900', '100');
    expect(tampered).not.toBe(notification.body);
    expect(() => provider().parseNotification(tampered, headers)).toThrow(PaymentSignatureError);
    const wrongSecret = createSandboxPayments({ baseUrl: sandbox.url, apiKey: API_KEY, webhookSecret: 'another-secret' });
    expect(() => wrongSecret.parseNotification(notification.body, headers)).toThrow(PaymentSignatureError);
    expect(() => provider().parseNotification(notification.body, new Headers())).toThrow(PaymentSignatureError);
    headers.set('x-sandbox-signature', 'sha256=00');
    expect(() => provider().parseNotification(notification.body, headers)).toThrow(PaymentSignatureError);
  });

  it('treats paying twice as one payment: one notification, the same answer', async () => {
    const checkout = await provider().createCheckout(request());
    const first = await submit(`${checkout.url}/pay`, { method: 'pix' });
    const second = await submit(`${checkout.url}/pay`, { method: 'boleto' });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.method).toBe('pix');
  });

  it('keeps the payment when the notification fails, and delivers it on request later', async () => {
    receiverStatus = 500;
    const checkout = await provider().createCheckout(request());
    const paid = await submit(`${checkout.url}/pay`, { method: 'pix' });
    expect(new URL(paid.headers.get('location')!).searchParams.get('status')).toBe('paid');
    const api = (path: string, method = 'GET') =>
      fetch(`${sandbox.url}/v1/checkouts/${checkout.id}${path}`, { method, headers: { authorization: `Bearer ${API_KEY}` } });
    expect((await (await api('')).json()).notification).toMatchObject({ delivered: false, attempts: 1, last_error: 'HTTP 500' });

    receiverStatus = 204;
    const resent = await api('/notify', 'POST');
    expect(resent.status).toBe(200);
    expect((await resent.json()).notification).toMatchObject({ delivered: true, attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
  });

  it('refuses a form without a known payment method, changing nothing', async () => {
    const checkout = await provider().createCheckout(request());
    const refused = await submit(`${checkout.url}/pay`, { method: 'cheque' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Forma de pagamento inválida');
    expect((await provider().getCheckout(checkout.id)).status).toBe('pending');
    expect(receiver.received).toHaveLength(0);
  });
});

describe('payments sandbox: giving up', () => {
  it('cancels: notifies checkout.cancelled and returns the person with status=cancelled; paying afterwards does nothing', async () => {
    const payments = provider();
    const checkout = await payments.createCheckout(request({ returnUrl: 'https://app.contabil.test/retorno' }));
    const cancelled = await submit(`${checkout.url}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`https://app.contabil.test/retorno?status=cancelled&checkout=${checkout.id}`);

    expect(receiver.received).toHaveLength(1);
    const [notification] = receiver.received;
    expect(JSON.parse(notification.body).event).toBe('checkout.cancelled');
    expect(payments.parseNotification(notification.body, headersOf(notification))).toEqual({
      checkoutId: checkout.id,
      reference: 'pay_123',
      status: 'cancelled',
      method: null,
      amountCents: 24_900,
      paidAt: null,
    });

    const late = await submit(`${checkout.url}/pay`, { method: 'pix' });
    expect(new URL(late.headers.get('location')!).searchParams.get('status')).toBe('cancelled');
    expect(receiver.received).toHaveLength(1);
    expect((await payments.getCheckout(checkout.id)).status).toBe('cancelled');
    expect(await (await fetch(checkout.url)).text()).toContain('Pagamento cancelado');
  });

  it('expires an unpaid checkout: it can no longer be paid and nobody is notified', async () => {
    let now = new Date('2026-05-01T12:00:00Z');
    const expiring = await listen(
      paymentsSandboxFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, checkoutTtlMs: 60_000, now: () => now }),
    );
    try {
      const payments = createSandboxPayments({ baseUrl: expiring.url, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
      const checkout = await payments.createCheckout(request());
      now = new Date('2026-05-01T12:01:00Z');
      expect((await payments.getCheckout(checkout.id)).status).toBe('expired');
      const late = await submit(`${checkout.url}/pay`, { method: 'pix' });
      expect(new URL(late.headers.get('location')!).searchParams.get('status')).toBe('expired');
      expect(receiver.received).toHaveLength(0);
    } finally {
      await expiring.close();
    }
  });
});

describe('payments sandbox: mounted under a path', () => {
  it('serves its hosted page and forms under the same prefix as its API', async () => {
    const host = await listen(
      new Hono().route('/fakes/payments', paymentsSandboxFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET })),
    );
    try {
      const base = `${host.url}/fakes/payments`;
      const checkout = await createSandboxPayments({
        baseUrl: base,
        apiKey: API_KEY,
        webhookSecret: WEBHOOK_SECRET,
      }).createCheckout(request());
      expect(checkout.url).toBe(`${base}/checkout/${checkout.id}`);
      const html = await (await fetch(checkout.url)).text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      const paid = await submit(new URL(action!, checkout.url).toString(), { method: 'pix' });
      expect(paid.status).toBe(303);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await host.close();
    }
  });
});

describe('payments sandbox: API errors', () => {
  it('refuses a missing or wrong API key', async () => {
    const noKey = await fetch(`${sandbox.url}/v1/checkouts`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    const wrongKey = createSandboxPayments({ baseUrl: sandbox.url, apiKey: 'sk_wrong', webhookSecret: WEBHOOK_SECRET });
    await expect(wrongKey.createCheckout(request())).rejects.toMatchObject({ name: 'PaymentProviderError', status: 401 });
  });

  it('refuses invalid checkouts with 422 and the fields at fault, and a body that is not JSON with 400', async () => {
    const error = await provider()
      .createCheckout(request({ amountCents: -5, returnUrl: 'not a url', notificationUrl: 'ftp://x.test/hook' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ status: 422 });

    const raw = await fetch(`${sandbox.url}/v1/checkouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reference: '', amount_cents: 10.5 }),
    });
    expect(raw.status).toBe(422);
    const body = await raw.json();
    expect(Object.keys(body.error.fields).sort()).toEqual([
      'amount_cents',
      'description',
      'notification_url',
      'reference',
      'return_url',
    ]);

    const notJson = await fetch(`${sandbox.url}/v1/checkouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 404 for an unknown checkout, in the API and on the hosted page', async () => {
    await expect(provider().getCheckout('chk_unknown')).rejects.toMatchObject({ status: 404 });
    const page = await fetch(`${sandbox.url}/checkout/chk_unknown`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Pagamento não encontrado');
    expect((await submit(`${sandbox.url}/checkout/chk_unknown/pay`, { method: 'pix' })).status).toBe(404);
  });

  it('reports an unreachable provider', async () => {
    const offline = createSandboxPayments({ baseUrl: 'http://127.0.0.1:1', apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
    await expect(offline.createCheckout(request())).rejects.toMatchObject({ name: 'PaymentProviderError', status: 0 });
  });

  it('refuses to resend before there is an outcome', async () => {
    const checkout = await provider().createCheckout(request());
    const response = await fetch(`${sandbox.url}/v1/checkouts/${checkout.id}/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(response.status).toBe(409);
  });
});
