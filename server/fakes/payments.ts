import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import * as v from 'valibot';
import type { PaymentMethod } from '@domain/enums';
import { PAYMENT_METHODS } from '@domain/enums';

export interface PaymentsSandboxOptions {
  apiKey: string;
  webhookSecret: string;
  /** Sends the notifications; tests may watch or break it. */
  fetch?: typeof fetch;
  /** How long a checkout stays payable; 24 hours unless told. */
  checkoutTtlMs?: number;
  now?: () => Date;
}

type StoredStatus = 'pending' | 'paid' | 'cancelled' | 'expired';
type NotificationEvent = 'checkout.paid' | 'checkout.cancelled';

interface StoredCheckout {
  id: string;
  url: string;
  reference: string;
  amountCents: number;
  description: string;
  returnUrl: string;
  notificationUrl: string;
  customerEmail: string | null;
  status: StoredStatus;
  method: PaymentMethod | null;
  paidAt: string | null;
  createdAt: string;
  expiresAt: string;
  notification: { event: NotificationEvent; delivered: boolean; attempts: number; lastError: string | null } | null;
}

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const NOTIFICATION_TIMEOUT_MS = 5_000;

const HttpUrl = v.pipe(
  v.string('must be a string'),
  v.url('must be an absolute URL'),
  v.check((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL'),
);

const CreateCheckoutBody = v.object({
  reference: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'is required'), v.maxLength(200, 'is too long')),
  amount_cents: v.pipe(
    v.number('must be an integer number of centavos'),
    v.integer('must be an integer number of centavos'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(10_000_000_00, 'is above the sandbox limit'),
  ),
  description: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'is required'), v.maxLength(500, 'is too long')),
  return_url: HttpUrl,
  notification_url: HttpUrl,
  customer_email: v.optional(v.pipe(v.string('must be a string'), v.email('must be an e-mail address'))),
});

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

function apiError(c: Context, status: 400 | 401 | 404 | 409 | 422 | 502, code: string, message: string, fields?: object) {
  return c.json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/** Compares through digests, so neither the length nor the content of the key leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `return_url` with `status` and `checkout` added, keeping its own query string and fragment. */
function returnUrlOf(checkout: StoredCheckout): string {
  const url = new URL(checkout.returnUrl);
  url.searchParams.set('status', checkout.status);
  url.searchParams.set('checkout', checkout.id);
  return url.toString();
}

/**
 * A small payment provider for dev mode and tests: a JSON API with a bearer key, a hosted checkout page in
 * Portuguese, and signed notifications (`x-sandbox-signature: sha256=<HMAC-SHA256 of the raw body>`). State lives in
 * memory, per instance.
 */
export function paymentsSandboxFake(options: PaymentsSandboxOptions): Hono {
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const ttlMs = options.checkoutTtlMs ?? DEFAULT_TTL_MS;
  const checkouts = new Map<string, StoredCheckout>();

  /** The checkout, its expiry applied: expiry happens with time, not with a request. */
  function find(id: string): StoredCheckout | undefined {
    const checkout = checkouts.get(id);
    if (checkout?.status === 'pending' && now().getTime() >= Date.parse(checkout.expiresAt)) checkout.status = 'expired';
    return checkout;
  }

  function representation(checkout: StoredCheckout) {
    return {
      id: checkout.id,
      url: checkout.url,
      status: checkout.status,
      reference: checkout.reference,
      amount_cents: checkout.amountCents,
      description: checkout.description,
      customer_email: checkout.customerEmail,
      method: checkout.method,
      paid_at: checkout.paidAt,
      created_at: checkout.createdAt,
      expires_at: checkout.expiresAt,
      notification: checkout.notification && {
        event: checkout.notification.event,
        delivered: checkout.notification.delivered,
        attempts: checkout.notification.attempts,
        last_error: checkout.notification.lastError,
      },
    };
  }

  /** Posts the checkout's outcome to its `notification_url`; a failure is recorded, never thrown. */
  async function notify(checkout: StoredCheckout): Promise<boolean> {
    const notification = checkout.notification;
    if (!notification) return false;
    const body = JSON.stringify({
      event: notification.event,
      data: {
        id: checkout.id,
        reference: checkout.reference,
        status: checkout.status,
        method: checkout.method,
        amount_cents: checkout.amountCents,
        paid_at: checkout.paidAt,
      },
    });
    const signature = `sha256=${createHmac('sha256', options.webhookSecret).update(body, 'utf8').digest('hex')}`;
    notification.attempts += 1;
    try {
      const response = await fetchFn(checkout.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature, 'user-agent': 'payments-sandbox/1' },
        body,
        signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      notification.delivered = response.ok;
      notification.lastError = response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      notification.delivered = false;
      notification.lastError = error instanceof Error ? error.message : String(error);
    }
    return notification.delivered;
  }

  /** Moves a pending checkout to its outcome and notifies once; anything else is left as it is (idempotent). */
  async function settle(checkout: StoredCheckout, outcome: { status: 'paid'; method: PaymentMethod } | { status: 'cancelled' }) {
    if (checkout.status !== 'pending') return;
    checkout.status = outcome.status;
    if (outcome.status === 'paid') {
      checkout.method = outcome.method;
      checkout.paidAt = now().toISOString();
    }
    checkout.notification = {
      event: outcome.status === 'paid' ? 'checkout.paid' : 'checkout.cancelled',
      delivered: false,
      attempts: 0,
      lastError: null,
    };
    await notify(checkout);
  }

  const app = new Hono();

  app.use('/v1/*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !sameSecret(match[1].trim(), options.apiKey)) {
      return apiError(c, 401, 'unauthorized', 'Missing or invalid API key.');
    }
    await next();
  });

  app.post('/v1/checkouts', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return apiError(c, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = v.safeParse(CreateCheckoutBody, body);
    if (!parsed.success) {
      return apiError(c, 422, 'validation_error', 'The checkout has invalid fields.', v.flatten(parsed.issues).nested);
    }
    const input = parsed.output;
    const id = `chk_${randomBytes(12).toString('hex')}`;
    // The hosted page lives beside the API, wherever this fake is mounted.
    const requestUrl = new URL(c.req.url);
    const base = `${requestUrl.origin}${requestUrl.pathname.replace(/\/v1\/checkouts\/?$/, '')}`;
    const created = now();
    const checkout: StoredCheckout = {
      id,
      url: `${base}/checkout/${id}`,
      reference: input.reference,
      amountCents: input.amount_cents,
      description: input.description,
      returnUrl: input.return_url,
      notificationUrl: input.notification_url,
      customerEmail: input.customer_email ?? null,
      status: 'pending',
      method: null,
      paidAt: null,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + ttlMs).toISOString(),
      notification: null,
    };
    checkouts.set(id, checkout);
    return c.json(representation(checkout), 201);
  });

  app.get('/v1/checkouts/:id', (c) => {
    const checkout = find(c.req.param('id'));
    if (!checkout) return apiError(c, 404, 'not_found', 'Checkout not found.');
    return c.json(representation(checkout));
  });

  /** Sends the outcome again, for when the first notification did not get through. */
  app.post('/v1/checkouts/:id/notify', async (c) => {
    const checkout = find(c.req.param('id'));
    if (!checkout) return apiError(c, 404, 'not_found', 'Checkout not found.');
    if (!checkout.notification)
      return apiError(c, 409, 'nothing_to_notify', `The checkout is ${checkout.status}; there is no outcome to notify.`);
    const delivered = await notify(checkout);
    if (!delivered) {
      return apiError(
        c,
        502,
        'notification_failed',
        `The notification URL did not accept it (${checkout.notification.lastError}).`,
      );
    }
    return c.json(representation(checkout));
  });

  app.get('/checkout/:id', (c) => {
    const checkout = find(c.req.param('id'));
    if (!checkout) return c.html(messagePage('Pagamento não encontrado', 'Confira o link recebido e tente novamente.'), 404);
    return c.html(checkoutPage(checkout));
  });

  app.post('/checkout/:id/pay', async (c) => {
    const checkout = find(c.req.param('id'));
    if (!checkout) return c.html(messagePage('Pagamento não encontrado', 'Confira o link recebido e tente novamente.'), 404);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const method = form.method;
    if (typeof method !== 'string' || !(PAYMENT_METHODS as readonly string[]).includes(method)) {
      return c.html(messagePage('Forma de pagamento inválida', 'Volte e escolha Pix ou boleto.', checkout), 400);
    }
    await settle(checkout, { status: 'paid', method: method as PaymentMethod });
    return c.redirect(returnUrlOf(checkout), 303);
  });

  app.post('/checkout/:id/cancel', async (c) => {
    const checkout = find(c.req.param('id'));
    if (!checkout) return c.html(messagePage('Pagamento não encontrado', 'Confira o link recebido e tente novamente.'), 404);
    await settle(checkout, { status: 'cancelled' });
    return c.redirect(returnUrlOf(checkout), 303);
  });

  app.notFound((c) =>
    c.req.path.startsWith('/v1/')
      ? apiError(c, 404, 'not_found', 'Route not found.')
      : c.html(messagePage('Página não encontrada', 'Confira o endereço e tente novamente.'), 404),
  );

  return app;
}

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 1rem; line-height: 1.5;
    color: #1f2933; background: #f4f5f7; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .sandbox { margin: 0 0 1rem; padding: .75rem 1rem; border: 2px dashed #b45309; border-radius: .5rem;
    background: #fffbeb; color: #78350f; font-weight: 600; text-align: center; }
  .card { padding: 1.25rem; border-radius: .75rem; background: #fff; box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
  h1 { margin: 0 0 1rem; font-size: 1.375rem; }
  dl { margin: 0 0 1.25rem; }
  dt { font-size: .875rem; color: #52606d; }
  dd { margin: 0 0 .75rem; overflow-wrap: anywhere; }
  .amount { font-size: 1.75rem; font-weight: 700; }
  fieldset { margin: 0 0 1rem; padding: 0; border: 0; }
  legend { margin-bottom: .5rem; font-weight: 600; }
  form { margin: 0; }
  button, .link { display: block; width: 100%; min-height: 3rem; margin: 0 0 .75rem; padding: .75rem 1rem; border: 2px solid #1d4ed8;
    border-radius: .5rem; background: #1d4ed8; color: #fff; font: inherit; font-weight: 600; text-align: center;
    text-decoration: none; cursor: pointer; }
  button.secondary { background: #fff; color: #b91c1c; border-color: #b91c1c; }
  button:focus-visible, .link:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .status { margin: 0 0 1rem; font-weight: 600; }
`;

function layout(title: string, content: unknown) {
  return html`<!doctype html>
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} — ambiente de testes</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <p class="sandbox" role="note">Ambiente de testes — nenhum pagamento real</p>
          <section class="card" aria-labelledby="title">${content}</section>
        </main>
      </body>
    </html>`;
}

const STATUS_TEXT: Record<StoredStatus, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pagamento confirmado',
  cancelled: 'Pagamento cancelado',
  expired: 'Prazo para pagamento encerrado',
};

function checkoutPage(checkout: StoredCheckout) {
  const details = html` <dl>
    <dt>Descrição</dt>
    <dd>${checkout.description}</dd>
    <dt>Valor</dt>
    <dd class="amount">${brl.format(checkout.amountCents / 100)}</dd>
  </dl>`;
  if (checkout.status !== 'pending') {
    return layout(
      STATUS_TEXT[checkout.status],
      html`<h1 id="title">${STATUS_TEXT[checkout.status]}</h1>
        ${details}
        <a class="link" href="${returnUrlOf(checkout)}">Voltar para o site</a>`,
    );
  }
  // Relative actions: the page is /checkout/{id}, so "{id}/pay" works wherever the sandbox is mounted.
  return layout(
    'Pagamento',
    html`<h1 id="title">Pagamento</h1>
      <p class="status">${STATUS_TEXT.pending}</p>
      ${details}
      <form method="post" action="${checkout.id}/pay">
        <fieldset>
          <legend>Escolha como pagar</legend>
          <button type="submit" name="method" value="pix">Pagar com Pix (simulado)</button>
          <button type="submit" name="method" value="boleto">Pagar com boleto (simulado)</button>
        </fieldset>
      </form>
      <form method="post" action="${checkout.id}/cancel">
        <button type="submit" class="secondary">Cancelar pagamento</button>
      </form>`,
  );
}

function messagePage(title: string, message: string, checkout?: StoredCheckout) {
  return layout(
    title,
    html`<h1 id="title">${title}</h1>
      <p>${message}</p>
      ${checkout ? html`<a class="link" href="../${checkout.id}">Voltar ao pagamento</a>` : ''}`,
  );
}
