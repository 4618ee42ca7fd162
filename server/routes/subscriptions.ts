import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { PayChargeSchema } from '@domain';
import type { AppDeps } from '../deps';
import { assertCompanyAccess, authenticate } from '../auth/middleware';
import { findOpenCharge } from '../db/billing';
import { subscriptions } from '../db/schema';
import { HttpError, conflict, notFound, unauthorized } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { atOwnAddress, ownBaseUrl } from '../http/own-address';
import { valid } from '../http/validate';
import { applyPaymentNotification } from '../services/onboarding';
import { checkoutFirstCharge } from '../services/first-charge';
import { PaymentSignatureError } from '../services/payments';
import { checkoutOpenCharge } from './billing';

/** docs/api.md `POST /subscriptions/{id}`: a payment URL at the provider; and the provider's notifications. */
export function subscriptionsRoutes(deps: AppDeps) {
  const { db, identity, payments: provider, config } = deps;
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

        const { paymentId, checkoutUrl } = await checkoutFirstCharge(deps, {
          subscription,
          returnPath: body.returnPath,
          baseUrl,
          customerEmail: c.var.identity.email ?? undefined,
        });
        return json(c, 'POST /subscriptions/:id', { data: { paymentId, paymentUrl: own(checkoutUrl) } });
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
