import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import {
  BillingCompanyQuerySchema,
  PAYMENT_METHOD_LABEL,
  PaymentsQuerySchema,
  chargeMonthLabel,
  companyDisplayName,
  findPlan,
  formatCnpj,
  formatMoney,
  saoPauloDay,
} from '@domain';
import type { AppDeps } from '../deps';
import { assertCompanyAccess, authenticate, validCompany } from '../auth/middleware';
import type { PaymentRow } from '../db/billing';
import { billingSummary, findPayment, listPayments, repointCharge } from '../db/billing';
import { findCompany } from '../db/companies';
import { HttpError, conflict, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { simplePdf } from '../seed/pdf';
import { PaymentProviderError } from '../services/payments';
import { contentDisposition } from '../services/content-disposition';
import { atOwnAddress } from '../http/own-address';

const PAYMENT_NOT_FOUND = 'Cobrança não encontrada.';
const ReceiptQuery = v.object({ companyId: v.optional(v.pipe(v.string(), v.uuid('Empresa inválida.'))) });

const brDate = (day: string) => day.split('-').reverse().join('/');

/**
 * The payment page of an open charge (a monthly fee of an active subscription): the provider's checkout if it is
 * still payable, otherwise a new one for the same charge. Used by `POST /subscriptions/{id}`.
 */
export async function checkoutOpenCharge(
  { db, payments: provider, config, logger }: Pick<AppDeps, 'db' | 'payments' | 'config' | 'logger'>,
  charge: PaymentRow,
  options: { planId: string; returnPath?: string; customerEmail?: string; baseUrl?: string },
): Promise<{ paymentId: string; paymentUrl: string }> {
  // The person's own address of this server (own-address.ts): where they return, and our stand-in's page.
  const base = options.baseUrl ?? config.publicUrl;
  const own = (url: string) => atOwnAddress(url, config.publicUrl, base);
  if (charge.provider === provider.name) {
    // Seeded or expired checkouts are unknown to the provider: that is not an error, just a new checkout.
    const current = await provider.getCheckout(charge.providerCheckoutId).catch(() => null);
    if (current?.status === 'pending') return { paymentId: charge.id, paymentUrl: own(charge.checkoutUrl) };
  }
  const plan = findPlan(options.planId);
  const month = chargeMonthLabel(charge.dueDate ? saoPauloDay(charge.dueDate) : null);
  let checkout;
  try {
    checkout = await provider.createCheckout({
      reference: charge.id,
      amountCents: charge.amountCents,
      description: `Contábil — plano ${plan?.name ?? options.planId}, mensalidade${month ? ` de ${month}` : ''}`,
      returnUrl: `${base}${options.returnPath ?? '/app/user/my-billing'}`,
      notificationUrl: `${config.publicUrl}/api/webhooks/payments/${provider.name}`,
      customerEmail: options.customerEmail,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.error('Payment provider refused the checkout of an open charge', error);
    throw new HttpError(503, 'unavailable', 'O serviço de pagamentos está indisponível. Tente novamente em instantes.');
  }
  if (!(await repointCharge(db, charge.id, { provider: provider.name, id: checkout.id, url: checkout.url }))) {
    throw conflict('Esta cobrança não está mais em aberto.');
  }
  return { paymentId: charge.id, paymentUrl: own(checkout.url) };
}

/** docs/api.md Other: the company's payments (GET /v1/ecommerce/payments), its plan, and receipts. */
export function billingRoutes({ db, identity }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/v1/ecommerce/*', authenticate(identity))
    .get('/v1/ecommerce/payments', validCompany('query', PaymentsQuerySchema), async (c) => {
      const query = c.req.valid('query');
      return json(c, 'GET /v1/ecommerce/payments', await listPayments(db, query));
    })
    .get('/v1/ecommerce/subscription', validCompany('query', BillingCompanyQuerySchema), async (c) => {
      const { companyId } = c.req.valid('query');
      return json(c, 'GET /v1/ecommerce/subscription', { data: await billingSummary(db, companyId) });
    })
    .get(
      '/v1/ecommerce/payments/:id/receipt',
      validator('param', (params: Record<string, string>) => {
        if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(PAYMENT_NOT_FOUND);
        return { id: params.id };
      }),
      valid('query', ReceiptQuery),
      async (c) => {
        const found = await findPayment(db, c.req.valid('param').id);
        const { companyId } = c.req.valid('query');
        if (!found || (companyId && found.payment.companyId !== companyId)) throw notFound(PAYMENT_NOT_FOUND);
        const { payment, planId } = found;
        // `companyId` is optional here (a receipt link names the payment): the payment's own company is checked.
        assertCompanyAccess(c, payment.companyId);
        if (payment.status !== 'paid' || !payment.paidAt) {
          throw conflict('Esta cobrança ainda não foi paga: o recibo fica disponível depois do pagamento.');
        }
        const company = await findCompany(db, payment.companyId);
        const dueDay = payment.dueDate ? saoPauloDay(payment.dueDate) : null;
        const month = chargeMonthLabel(dueDay);
        const plan = findPlan(planId);
        const pdf = simplePdf([
          'Contábil — Recibo de pagamento',
          '',
          `Recibo nº ${payment.id.slice(0, 8).toUpperCase()}`,
          `Cliente: ${company ? companyDisplayName(company) : 'Empresa'}${company?.name ? ` (${company.name})` : ''}`,
          ...(company?.cnpj ? [`CNPJ: ${formatCnpj(company.cnpj)}`] : []),
          '',
          `Referente a: plano ${plan?.name ?? planId}, mensalidade${month ? ` de ${month}` : ''}`,
          ...(dueDay ? [`Vencimento: ${brDate(dueDay)}`] : []),
          `Valor pago: ${formatMoney(payment.amountCents)}`,
          `Pago em: ${brDate(saoPauloDay(payment.paidAt))}${payment.method ? ` por ${PAYMENT_METHOD_LABEL[payment.method]}` : ''}`,
          '',
          `Identificador do pagamento: ${payment.id}`,
          'Recebemos o valor acima. Obrigado!',
        ]);
        const file = `recibo-contabil-${(dueDay ?? saoPauloDay(payment.paidAt)).slice(0, 7)}.pdf`;
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition(file),
          'cache-control': 'private, no-store',
        });
      },
    );
}
