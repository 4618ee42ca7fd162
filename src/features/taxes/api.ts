import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@domain';
import { api } from '@/lib/api/call';

export const obligationQueries = {
  ofCompany: (companyId: string, year: number) =>
    queryOptions({
      queryKey: ['obligations', companyId, year],
      queryFn: () => api('GET /obligations', { query: { companyId, year: String(year) } }).then((r) => r.data),
    }),
  teamMonth: (competence: string) =>
    queryOptions({
      queryKey: ['obligations', 'team', competence],
      queryFn: () => api('GET /obligations/team', { query: { competence } }),
    }),
};

/** The team records an obligation paid (or filed) on a day, or attaches its guide and receipt. */
export const recordObligationPayment = (companyId: string, input: BodyOf<'PUT /obligations/payments'>) =>
  api('PUT /obligations/payments', { query: { companyId }, body: input }).then((r) => r.data);
