import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '@domain';
import { api } from './call';

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
      queryFn: () => api('GET /companies/:id', { params: { id: companyId } }).then((r) => r.data),
    }),
  steps: (companyId: string) =>
    queryOptions({
      queryKey: ['companies', companyId, 'steps'],
      queryFn: () => api('GET /companies/:id/steps', { params: { id: companyId } }).then((r) => r.data),
    }),
  list: ({ query, page }: CompanyListParams) =>
    queryOptions({
      queryKey: ['companies', 'list', { query: query ?? '', page }],
      queryFn: () =>
        api('GET /companies', {
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
    return (await api('GET /companies/me')).data.id;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}
