import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/call';

export const reportQueries = {
  annualBilling: (companyId: string, year?: number) =>
    queryOptions({
      queryKey: ['reports', 'annual-billing', companyId, year ?? 'current'],
      queryFn: () => api('GET /reports/anual-billing-by-company', { query: { companyId, year } }).then((r) => r.data),
    }),
};
