import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanyStatus, Page, StepActor, StepId, Track } from '@domain';
import { PAGE_SIZE } from '@domain';
import { mainApi } from '@/lib/api/clients';

export interface CompanyListParams {
  query?: string;
  page: number;
}

/** Query options of the company calls (docs/api.md Companies). */
export const companyQueries = {
  all: () => ['companies'] as const,
  detail: (companyId: string) =>
    queryOptions({
      queryKey: ['companies', companyId],
      queryFn: () => mainApi<{ data: Company }>(`/companies/${companyId}`).then((r) => r.data),
    }),
  steps: (companyId: string) =>
    queryOptions({
      queryKey: ['companies', companyId, 'steps'],
      queryFn: () => mainApi<{ data: Track | null }>(`/companies/${companyId}/steps`).then((r) => r.data),
    }),
  list: ({ query, page }: CompanyListParams) =>
    queryOptions({
      queryKey: ['companies', 'list', { query: query ?? '', page }],
      queryFn: () =>
        mainApi<Page<Company>>('/companies', {
          query: { query: query || undefined, limit: PAGE_SIZE.companies, offset: (page - 1) * PAGE_SIZE.companies },
        }),
    }),
};

/** A company and its track, fresh from the server (and cached for the screens that read them). */
export async function fetchCompanyAndTrack(queryClient: QueryClient, companyId: string) {
  const [company, track] = await Promise.all([
    queryClient.fetchQuery({ ...companyQueries.detail(companyId), staleTime: 0 }),
    queryClient.fetchQuery({ ...companyQueries.steps(companyId), staleTime: 0 }),
  ]);
  return { company, track };
}

/** The id of the caller's company as the server knows it (`GET /companies/me`), or null when they have none. */
export async function fetchOwnCompanyId(): Promise<string | null> {
  try {
    return (await mainApi<{ data: Company }>('/companies/me')).data.id;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

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
