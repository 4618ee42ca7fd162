import { queryOptions } from '@tanstack/react-query';
import type { Payment } from '@domain';
import { PAYMENTS_PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';
import { saveLinkedFile } from '@/lib/api/download';

/** docs/api.md Other: the company's payments, its plan, and paying an open charge. */

export const billingQueries = {
  all: () => ['billing'] as const,
  summary: (companyId: string) =>
    queryOptions({
      queryKey: ['billing', companyId, 'summary'],
      queryFn: () => api('GET /v1/ecommerce/subscription', { query: { companyId } }).then((r) => r.data),
    }),
  payments: (companyId: string, page: number) =>
    queryOptions({
      queryKey: ['billing', companyId, 'payments', page],
      queryFn: () =>
        api('GET /v1/ecommerce/payments', {
          query: { companyId, limit: PAYMENTS_PAGE_SIZE, offset: (page - 1) * PAYMENTS_PAGE_SIZE },
        }),
    }),
};

/** POST /subscriptions/{id} for one open charge: the provider's payment page, coming back to my-billing. */
export function payCharge(payment: Pick<Payment, 'id' | 'subscriptionId'>) {
  return api('POST /subscriptions/:id', {
    params: { id: payment.subscriptionId },
    body: { paymentId: payment.id, returnPath: '/app/user/my-billing' },
  }).then((r) => r.data);
}

/** Downloads a paid charge's receipt (a PDF). */
export async function downloadReceipt(payment: Pick<Payment, 'receiptPath'>) {
  if (!payment.receiptPath) return;
  await saveLinkedFile(payment.receiptPath, 'recibo.pdf');
}
