import { queryOptions } from '@tanstack/react-query';
import type { CompanyStatus, CompanyUpdateInput, StepId } from '@domain';
import { PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';

// The team's calls on companies; what every screen reads of a company is in src/lib/api/companies.ts.

export interface OrdersParams {
  kind: 'opening' | 'migration';
  page: number;
  status?: CompanyStatus;
  stepId?: StepId;
  query?: string;
}

export const orderQueries = {
  list: ({ kind, page, status, stepId, query }: OrdersParams) =>
    queryOptions({
      queryKey: ['orders', kind, { page, status, stepId, query }],
      queryFn: () =>
        api(`GET /companies/orders/${kind}-requests`, {
          query: {
            status,
            stepId,
            query: query || undefined,
            limit: PAGE_SIZE.openingOrders,
            offset: (page - 1) * PAGE_SIZE.openingOrders,
          },
        }),
    }),
};

export function changeCompanyStatus(companyId: string, status: CompanyStatus, note?: string) {
  return api('PUT /companies/:id/status/:status', {
    params: { id: companyId, status },
    body: { note: note || undefined },
  }).then((r) => r.data);
}

export function updateCompany(companyId: string, changes: CompanyUpdateInput) {
  return api('PUT /companies/:id', { params: { id: companyId }, body: changes }).then((r) => r.data);
}
