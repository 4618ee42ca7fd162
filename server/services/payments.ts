import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@domain/enums';
import { PAYMENT_METHODS } from '@domain/enums';

export interface CheckoutRequest {
  /** Our payment id; it comes back in every notification. */
  reference: string;
  amountCents: number;
  description: string;
  /** Where the provider sends the person after paying or giving up. */
  returnUrl: string;
  /** Where the provider POSTs the outcome. */
  notificationUrl: string;
  customerEmail?: string;
}

export type CheckoutStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

export interface Checkout {
  id: string;
  /** The provider's hosted payment page. */
  url: string;
  status: CheckoutStatus;
}

export interface PaymentNotification {
  checkoutId: string;
  reference: string;
  status: 'paid' | 'cancelled' | 'failed';
  method: PaymentMethod | null;
  amountCents: number;
  paidAt: string | null;
}

/** A notification whose signature is missing or wrong: it did not come from the provider. */
export class PaymentSignatureError extends Error {
  constructor(message = 'Invalid payment notification signature') {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

/** The provider refused a call or could not be reached; `status` is 0 when no HTTP answer came. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  getCheckout(id: string): Promise<Checkout>;
  /** Verifies and reads a notification; throws `PaymentSignatureError` when the signature is missing or wrong. */
  parseNotification(rawBody: string, headers: Headers): PaymentNotification;
}

export interface SandboxPaymentsOptions {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The signature header value of a notification body; shared with the sandbox fake so both sign alike. */
export function sandboxSignature(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const CHECKOUT_STATUSES: readonly string[] = ['pending', 'paid', 'cancelled', 'expired'] satisfies CheckoutStatus[];
const NOTIFICATION_STATUS: Record<string, PaymentNotification['status']> = {
  'checkout.paid': 'paid',
  'checkout.cancelled': 'cancelled',
  'checkout.failed': 'failed',
};

/** The local payment sandbox (`server/fakes/payments.ts`): the same contract a real provider adapter implements. */
export function createSandboxPayments(options: SandboxPaymentsOptions): PaymentProvider {
  const fetchFn = options.fetch ?? fetch;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchFn(new URL(path, base), {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError('Payment provider unreachable', 0, { cause: error });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
      throw new PaymentProviderError(
        `Payment provider answered HTTP ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`,
        response.status,
      );
    }
    return json;
  }

  function checkoutOf(json: unknown): Checkout {
    const { id, url, status } = (json ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || typeof url !== 'string' || typeof status !== 'string' || !CHECKOUT_STATUSES.includes(status)) {
      throw new PaymentProviderError('Payment provider answered an unexpected checkout', 502);
    }
    return { id, url, status: status as CheckoutStatus };
  }

  return {
    name: 'sandbox',

    async createCheckout(request) {
      return checkoutOf(
        await call('POST', 'v1/checkouts', {
          reference: request.reference,
          amount_cents: request.amountCents,
          description: request.description,
          return_url: request.returnUrl,
          notification_url: request.notificationUrl,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        }),
      );
    },

    async getCheckout(id) {
      return checkoutOf(await call('GET', `v1/checkouts/${encodeURIComponent(id)}`));
    },

    parseNotification(rawBody, headers) {
      const given = headers.get(SANDBOX_SIGNATURE_HEADER);
      if (!given) throw new PaymentSignatureError('Payment notification without signature');
      const expected = Buffer.from(sandboxSignature(rawBody, options.webhookSecret));
      const received = Buffer.from(given.trim());
      // timingSafeEqual needs equal lengths; a length mismatch reveals nothing about the secret.
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new PaymentSignatureError();

      const payload = parseJson(rawBody);
      const data = (payload?.data ?? null) as Record<string, unknown> | null;
      const status = typeof payload?.event === 'string' ? NOTIFICATION_STATUS[payload.event] : undefined;
      const method = data?.method ?? null;
      if (
        !data ||
        !status ||
        typeof data.id !== 'string' ||
        typeof data.reference !== 'string' ||
        !Number.isInteger(data.amount_cents) ||
        (method !== null && !(PAYMENT_METHODS as readonly unknown[]).includes(method)) ||
        (data.paid_at != null && typeof data.paid_at !== 'string')
      ) {
        throw new PaymentProviderError('Payment notification with an unexpected payload', 400);
      }
      return {
        checkoutId: data.id,
        reference: data.reference,
        status,
        method: method as PaymentMethod | null,
        amountCents: data.amount_cents as number,
        paidAt: (data.paid_at as string | null | undefined) ?? null,
      };
    },
  };
}

function parseJson(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
