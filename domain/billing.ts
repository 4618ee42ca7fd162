import * as v from 'valibot';
import type { PaymentMethod, PaymentStatus, SubscriptionStatus } from './enums';
import { PAYMENT_STATUSES } from './enums';
import { MONTH_NAMES } from './labels';
import { paginationQuery } from './pagination';
import { PaymentStartSchema } from './plans';

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
  /** The earliest due date among the open charges. */
  nextDueDate: string | null;
}

export function displayStatusOf(payment: Pick<Payment, 'status' | 'overdue'>): PaymentDisplayStatus {
  return payment.status === 'pending' && payment.overdue ? 'overdue' : payment.status;
}

/** An open charge is overdue from the day after its due date. */
export function isChargeOverdue(status: PaymentStatus, dueDate: string | null, today: string): boolean {
  return status === 'pending' && dueDate !== null && dueDate < today;
}

const companyId = v.pipe(v.string('Informe a empresa.'), v.uuid('Empresa inválida.'));

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
