/** A subscription's first charge, paid at the payment provider's page. */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { findPlan } from '@domain';
import { cancelOpenFirstCharges } from '../db/billing';
import type { Database } from '../db/client';
import { payments, subscriptions } from '../db/schema';
import type { Logger } from '../logger';
import { unavailable } from './errors';
import type { PaymentProvider } from './payments';
import { PaymentProviderError } from './payments';

export interface FirstChargeDeps {
  db: Database;
  payments: PaymentProvider;
  config: { publicUrl: string };
  logger: Logger;
}

/**
 * POST /subscriptions/{id} for a subscription not yet paid: the checkout of its first charge, the one already waiting
 * at the provider or a new one. Answers the payment and the provider's page (the route puts it at its own address).
 */
export async function checkoutFirstCharge(
  { db, payments: provider, config, logger }: FirstChargeDeps,
  {
    subscription,
    returnPath,
    baseUrl,
    customerEmail,
  }: {
    subscription: typeof subscriptions.$inferSelect;
    returnPath?: string;
    /** The person's own address of this server: where the provider returns them. */
    baseUrl: string;
    customerEmail?: string;
  },
): Promise<{ paymentId: string; checkoutUrl: string }> {
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
    if (checkout?.status === 'pending') return { paymentId: open.id, checkoutUrl: open.checkoutUrl };
  }

  const plan = findPlan(subscription.planId);
  const paymentId = randomUUID();
  let checkout;
  try {
    checkout = await provider.createCheckout({
      reference: paymentId,
      amountCents: subscription.priceCents,
      description: `Contábil — plano ${plan?.name ?? subscription.planId}, mensalidade`,
      returnUrl: `${baseUrl}${returnPath ?? '/app/user/my-billing'}`,
      notificationUrl: `${config.publicUrl}/api/webhooks/payments/${provider.name}`,
      customerEmail,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.error('Payment provider refused the checkout', error);
    throw unavailable('O serviço de pagamentos está indisponível. Tente novamente em instantes.');
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
  return { paymentId, checkoutUrl: checkout.url };
}
