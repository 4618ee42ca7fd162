import { queryOptions } from '@tanstack/react-query';
import { mainApi } from '@/lib/api/clients';

export interface AnnualBilling {
  year: number;
  months: { month: number; totalCents: number; count: number }[];
  totalCents: number;
  mei: null | {
    limitCents: number;
    ratio: number;
    level: 'ok' | 'attention' | 'over' | 'excluded';
    title: string;
    message: string;
  };
}

export const reportQueries = {
  annualBilling: (companyId: string, year?: number) =>
    queryOptions({
      queryKey: ['reports', 'annual-billing', companyId, year ?? 'current'],
      queryFn: () =>
        mainApi<{ data: AnnualBilling }>('/reports/anual-billing-by-company', { query: { companyId, year } }).then((r) => r.data),
    }),
};
