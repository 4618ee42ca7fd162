import * as v from 'valibot';
import type { PaymentMethod, PaymentStatus, SubscriptionStatus } from './enums';
import { PAYMENT_STATUSES } from './enums';
import { MONTH_NAMES } from './labels';
import { paginationQuery } from './pagination';
import { PaymentStartSchema } from './plans';
import { daysInMonth } from './dates';
import { CompanyIdSchema } from './fields';

/** The company's subscription charges (/app/user/my-billing, `GET /v1/ecommerce/payments`). */

/** Charges per page on the billing screen: a year of monthly fees at a glance. */
export const PAYMENTS_PAGE_SIZE = 12;

/** What the customer reads for a charge; `overdue` is an open charge past its due date. */
export type PaymentDisplayStatus = PaymentStatus | 'overdue';

export const PAYMENT_STATUS_LABEL: Record<PaymentDisplayStatus, string> = {
  pending: 'Em aberto',
  overdue: 'Vencida',
  paid: 'Paga',
  failed: 'Não aprovada',
  cancelled: 'Cancelada',
};

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  card: 'Cartão',
};

/** One charge of the subscription as the API answers it. */
export interface Payment {
  id: string;
  subscriptionId: string;
  planId: string;
  planName: string;
  amountCents: number;
  status: PaymentStatus;
  /** Still open and its due date has passed (São Paulo calendar). */
  overdue: boolean;
  method: PaymentMethod | null;
  /** YYYY-MM-DD in São Paulo; null for the first payment made in the onboarding wizard. */
  dueDate: string | null;
  paidAt: string | null;
  createdAt: string;
  /** Path of the receipt under the API base, once paid. */
  receiptPath: string | null;
}

/** The company's plan and where its payments stand. */
export interface BillingSummary {
  companyId: string;
  subscription: {
    id: string;
    planId: string;
    planName: string;
    priceCents: number;
    status: SubscriptionStatus;
    activatedAt: string | null;
  } | null;
  openCount: number;
  openAmountCents: number;
  overdueCount: number;
  /**
   * What comes next: the earliest open charge, or — nothing open, the plan running — the next monthly fee
   * (`nextMonthlyDue`); null when there is none to expect.
   */
  nextDueDate: string | null;
  nextAmountCents: number | null;
}

/** A calendar day (YYYY-MM-DD) `months` months later, on the same day or the month's last when shorter. */
export function addMonthsToDay(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = daysInMonth(y, m);
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/**
 * When the next monthly fee falls due: a month after the latest fee charged (or after the plan started, before any),
 * on that day; a date already past moves on month by month, so it is never before today.
 */
export function nextMonthlyDue(latestDue: string | null, activatedOn: string | null, today: string): string | null {
  const from = latestDue ?? activatedOn;
  if (!from) return null;
  let next = addMonthsToDay(from, 1);
  for (let months = 2; next < today; months++) next = addMonthsToDay(from, months);
  return next;
}

export function displayStatusOf(payment: Pick<Payment, 'status' | 'overdue'>): PaymentDisplayStatus {
  return payment.status === 'pending' && payment.overdue ? 'overdue' : payment.status;
}

/** An open charge is overdue from the day after its due date. */
export function isChargeOverdue(status: PaymentStatus, dueDate: string | null, today: string): boolean {
  return status === 'pending' && dueDate !== null && dueDate < today;
}

const companyId = CompanyIdSchema;

export const PaymentsQuerySchema = v.object({
  companyId,
  status: v.optional(v.picklist(PAYMENT_STATUSES, 'Situação inválida.')),
  ...paginationQuery(PAYMENTS_PAGE_SIZE),
});
export type PaymentsQuery = v.InferOutput<typeof PaymentsQuerySchema>;

export const BillingCompanyQuerySchema = v.object({ companyId });

/**
 * `POST /subscriptions/{id}`: where to come back to and, to pay a given open charge, its id (without it the oldest
 * open charge of an active subscription is the one paid).
 */
export const PayChargeSchema = v.object({
  ...PaymentStartSchema.entries,
  paymentId: v.optional(v.pipe(v.string('Cobrança inválida.'), v.uuid('Cobrança inválida.'))),
});

/** "2026-03-10" → "março/2026": the month a monthly fee refers to. */
export function chargeMonthLabel(dueDate: string | null): string | null {
  const match = dueDate ? /^(\d{4})-(\d{2})/.exec(dueDate) : null;
  return match ? `${MONTH_NAMES[Number(match[2]) - 1]}/${match[1]}` : null;
}
