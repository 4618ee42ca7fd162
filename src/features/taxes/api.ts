import { queryOptions } from '@tanstack/react-query';
import type { ObligationPaymentInput, ObligationsAnswer, TeamObligationRow } from '@domain';
import { mainApi } from '@/lib/api/clients';

export const obligationQueries = {
  ofCompany: (companyId: string, year: number) =>
    queryOptions({
      queryKey: ['obligations', companyId, year],
      queryFn: () =>
        mainApi<{ data: ObligationsAnswer }>('/obligations', { query: { companyId, year: String(year) } }).then((r) => r.data),
    }),
  teamMonth: (competence: string) =>
    queryOptions({
      queryKey: ['obligations', 'team', competence],
      queryFn: () => mainApi<{ data: TeamObligationRow[]; total: number }>('/obligations/team', { query: { competence } }),
    }),
};

/** The team records an obligation paid (or filed) on a day, or attaches its guide and receipt. */
export const recordObligationPayment = (companyId: string, input: ObligationPaymentInput) =>
  mainApi<{ data: unknown }>('/obligations/payments', { method: 'PUT', query: { companyId }, body: input }).then((r) => r.data);
