import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { PayChargeSchema, findPlan } from '@domain';
import type { AppDeps } from '../deps';
import { assertCompanyAccess, authenticate } from '../auth/middleware';
import { cancelOpenFirstCharges, findOpenCharge } from '../db/billing';
import { payments, subscriptions } from '../db/schema';
import { HttpError, conflict, notFound, unauthorized } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { atOwnAddress, ownBaseUrl } from '../http/own-address';
import { valid } from '../http/validate';
import { applyPaymentNotification } from '../services/onboarding';
import { PaymentProviderError, PaymentSignatureError } from '../services/payments';
import { checkoutOpenCharge } from './billing';

/** docs/api.md `POST /subscriptions/{id}`: a payment URL at the provider; and the provider's notifications. */
export function subscriptionsRoutes(deps: AppDeps) {
  const { db, identity, payments: provider, config, logger } = deps;
  return new Hono<AppEnv>()
    .post(
      '/subscriptions/:id',
      authenticate(identity),
      validator('param', (params: Record<string, string>) => {
        if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound('Assinatura não encontrada.');
        return { id: params.id };
      }),
      valid('json', PayChargeSchema),
      async (c) => {
        const body = c.req.valid('json');
        // The person's own address of this server: where the provider returns them, and our stand-in's page.
        const baseUrl = ownBaseUrl(c.req.url, config.publicUrl);
        const own = (url: string) => atOwnAddress(url, config.publicUrl, baseUrl);
        const [subscription] = await db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, c.req.valid('param').id));
        if (!subscription) throw notFound('Assinatura não encontrada.');
        // The path names the subscription: its company is known once the row is read.
        assertCompanyAccess(c, subscription.companyId);
        if (subscription.status === 'cancelled') throw conflict('Esta assinatura foi cancelada.');

        // A monthly charge still open (the one asked for, or the oldest) is paid as it is, not charged again.
        const charge = await findOpenCharge(db, subscription.id, body.paymentId);
        if (body.paymentId && !charge) throw conflict('Esta cobrança não está mais em aberto.');
        if (charge && (body.paymentId || subscription.status !== 'pending')) {
          const data = await checkoutOpenCharge(deps, charge, {
            planId: subscription.planId,
            returnPath: body.returnPath,
            customerEmail: c.var.identity.email ?? undefined,
            baseUrl,
          });
          return json(c, 'POST /subscriptions/:id', { data });
        }
        if (subscription.status === 'active') throw conflict('Esta assinatura já está paga.');

        // A charge already waiting at the provider is offered again rather than charged twice.
        const [open] = await db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.subscriptionId, subscription.id),
              eq(payments.status, 'pending'),
              eq(payments.amountCents, subscription.priceCents),
            ),
          )
          .orderBy(desc(payments.createdAt))
          .limit(1);
        if (open) {
          const checkout = await provider.getCheckout(open.providerCheckoutId).catch(() => null);
          if (checkout?.status === 'pending')
            return json(c, 'POST /subscriptions/:id', { data: { paymentId: open.id, paymentUrl: own(open.checkoutUrl) } });
        }

        const plan = findPlan(subscription.planId);
        const paymentId = randomUUID();
        const returnPath = body.returnPath ?? '/app/user/my-billing';
        let checkout;
        try {
          checkout = await provider.createCheckout({
            reference: paymentId,
            amountCents: subscription.priceCents,
            description: `Contábil — plano ${plan?.name ?? subscription.planId}, mensalidade`,
            returnUrl: `${baseUrl}${returnPath}`,
            notificationUrl: `${config.publicUrl}/api/webhooks/payments/${provider.name}`,
            customerEmail: c.var.identity.email ?? undefined,
          });
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          logger.error('Payment provider refused the checkout', error);
          throw new HttpError(503, 'unavailable', 'O serviço de pagamentos está indisponível. Tente novamente em instantes.');
        }
        // The new charge replaces any earlier first charge (an expired checkout, another price): one open at a time.
        await db.transaction(async (tx) => {
          await cancelOpenFirstCharges(tx, subscription.id);
          await tx.insert(payments).values({
            id: paymentId,
            subscriptionId: subscription.id,
            companyId: subscription.companyId,
            provider: provider.name,
            providerCheckoutId: checkout.id,
            checkoutUrl: checkout.url,
            amountCents: subscription.priceCents,
          });
        });
        return json(c, 'POST /subscriptions/:id', { data: { paymentId, paymentUrl: own(checkout.url) } });
      },
    )
    .post('/webhooks/payments/:provider', async (c) => {
      if (c.req.param('provider') !== provider.name) throw notFound('Provedor de pagamentos desconhecido.');
      const raw = await c.req.text();
      let notification;
      try {
        notification = provider.parseNotification(raw, c.req.raw.headers);
      } catch (error) {
        if (error instanceof PaymentSignatureError) throw unauthorized('Assinatura da notificação inválida.');
        throw new HttpError(400, 'bad_request', 'Notificação de pagamento inválida.');
      }
      const result = await applyPaymentNotification(db, provider.name, notification);
      if (result === 'unknown') throw notFound('Pagamento desconhecido.');
      return json(c, 'POST /webhooks/payments/:provider', { data: { result } });
    });
}
