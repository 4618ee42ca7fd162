import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanyStatus, Page, StepActor, StepId } from '@domain';
import { PAGE_SIZE } from '@domain';
import { mainApi } from '@/lib/api/clients';

// The team's calls on companies; what every screen reads of a company is in src/lib/api/companies.ts.

/** A company in the team's onboarding queues. */
export interface Order {
  company: Company;
  currentStep: { stepId: StepId; status: string; actor: StepActor } | null;
  waitingSince: string;
  customer: { id: string; name: string; email: string } | null;
}

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
        mainApi<Page<Order>>(`/companies/orders/${kind}-requests`, {
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
  return mainApi<{ data: Company }>(`/companies/${companyId}/status/${status}`, {
    method: 'PUT',
    body: { note: note || undefined },
  }).then((r) => r.data);
}

export function updateCompany(companyId: string, changes: Record<string, unknown>) {
  return mainApi<{ data: Company }>(`/companies/${companyId}`, { method: 'PUT', body: changes }).then((r) => r.data);
}
