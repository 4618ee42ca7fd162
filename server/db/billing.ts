import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { BillingSummary, Payment, PaymentStatus } from '@domain';
import { findPlan, isChargeOverdue, nextMonthlyDue, saoPauloDay } from '@domain';
import type { DbExecutor } from './executor';
import { readTogether } from './executor';
import { payments, subscriptions } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

export function toPaymentDto(row: PaymentRow, planId: string, today = saoPauloDay(new Date())): Payment {
  const dueDate = row.dueDate ? saoPauloDay(row.dueDate) : null;
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    planId,
    planName: findPlan(planId)?.name ?? planId,
    amountCents: row.amountCents,
    status: row.status,
    overdue: isChargeOverdue(row.status, dueDate, today),
    method: row.method,
    dueDate,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    receiptPath: row.status === 'paid' ? `/v1/ecommerce/payments/${row.id}/receipt?companyId=${row.companyId}` : null,
  };
}

/** The company's charges, the latest due first (a charge without due date counts from its creation). */
export async function listPayments(
  db: DbExecutor,
  filter: { companyId: string; status?: PaymentStatus; limit: number; offset: number },
): Promise<{ data: Payment[]; total: number }> {
  const where = and(eq(payments.companyId, filter.companyId), filter.status ? eq(payments.status, filter.status) : undefined);
  const [rows, [{ total }]] = await readTogether(db, [
    () =>
      db
        .select({ payment: payments, planId: subscriptions.planId })
        .from(payments)
        .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
        .where(where)
        .orderBy(desc(sql`coalesce(${payments.dueDate}, ${payments.createdAt})`), desc(payments.createdAt), asc(payments.id))
        .limit(filter.limit)
        .offset(filter.offset),
    () => db.select({ total: count() }).from(payments).where(where),
  ]);
  const today = saoPauloDay(new Date());
  return { data: rows.map(({ payment, planId }) => toPaymentDto(payment, planId, today)), total };
}

export async function findPayment(db: DbExecutor, id: string): Promise<{ payment: PaymentRow; planId: string } | undefined> {
  const [row] = await db
    .select({ payment: payments, planId: subscriptions.planId })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(payments.id, id));
  return row;
}

/** The earliest open charge; with none, the running plan's next monthly fee. */
async function whatComesNext(
  db: DbExecutor,
  subscription: typeof subscriptions.$inferSelect | undefined,
  open: { amountCents: number; dueDate: Date | null }[],
  today: string,
): Promise<{ nextDueDate: string | null; nextAmountCents: number | null }> {
  const [first] = open
    .filter((charge) => charge.dueDate)
    .map((charge) => ({ day: saoPauloDay(charge.dueDate!), amountCents: charge.amountCents }))
    .sort((a, b) => a.day.localeCompare(b.day));
  if (first) return { nextDueDate: first.day, nextAmountCents: first.amountCents };
  if (!subscription || !['active', 'overdue'].includes(subscription.status) || open.length > 0) {
    return { nextDueDate: null, nextAmountCents: null };
  }
  const [latest] = await db
    .select({ dueDate: payments.dueDate })
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.status, 'paid')))
    .orderBy(desc(payments.dueDate))
    .limit(1);
  const latestDue = latest?.dueDate ? saoPauloDay(latest.dueDate) : null;
  const activatedOn = subscription.activatedAt ? saoPauloDay(subscription.activatedAt) : null;
  return { nextDueDate: nextMonthlyDue(latestDue, activatedOn, today), nextAmountCents: subscription.priceCents };
}

/** The company's current (newest) subscription and what is still to pay. */
export async function billingSummary(db: DbExecutor, companyId: string): Promise<BillingSummary> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const open = await db
    .select({ amountCents: payments.amountCents, dueDate: payments.dueDate })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.status, 'pending')));
  const today = saoPauloDay(new Date());
  const dueDates = open.flatMap((charge) => (charge.dueDate ? [saoPauloDay(charge.dueDate)] : [])).sort();
  return {
    companyId,
    subscription: subscription
      ? {
          id: subscription.id,
          planId: subscription.planId,
          planName: findPlan(subscription.planId)?.name ?? subscription.planId,
          priceCents: subscription.priceCents,
          status: subscription.status,
          activatedAt: subscription.activatedAt?.toISOString() ?? null,
        }
      : null,
    openCount: open.length,
    openAmountCents: open.reduce((sum, charge) => sum + charge.amountCents, 0),
    overdueCount: dueDates.filter((due) => due < today).length,
    ...(await whatComesNext(db, subscription, open, today)),
  };
}

/**
 * Cancels the subscription's open first-payment charges (those without a due date) but `keep`: after a change of plan
 * before paying, or in favour of a new checkout, the old one must not stay behind as a second open charge.
 */
export async function cancelOpenFirstCharges(db: DbExecutor, subscriptionId: string, keep?: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        eq(payments.status, 'pending'),
        isNull(payments.dueDate),
        keep ? ne(payments.id, keep) : undefined,
      ),
    );
}

/** An open charge of the subscription: the one asked for, or the oldest due. */
export async function findOpenCharge(
  db: DbExecutor,
  subscriptionId: string,
  paymentId?: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        eq(payments.status, 'pending'),
        paymentId ? eq(payments.id, paymentId) : undefined,
      ),
    )
    .orderBy(asc(sql`coalesce(${payments.dueDate}, ${payments.createdAt})`))
    .limit(1);
  return row;
}

/**
 * Points an open charge at a new checkout of the provider (the old one expired or was lost): the charge keeps its
 * id, so the provider's notification of the new checkout settles this very charge. False when it is no longer open.
 */
export async function repointCharge(
  db: DbExecutor,
  paymentId: string,
  checkout: { provider: string; id: string; url: string },
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({ provider: checkout.provider, providerCheckoutId: checkout.id, checkoutUrl: checkout.url, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return updated.length > 0;
}
