import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '@domain';
import type { HeadStart } from '../head-start';
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

/**
 * A company and its track, fresh from the server (and cached for the screens that read them). `early`: the answers
 * the head start asked for before the session had started (src/lib/head-start.ts), used when they came; a call of
 * theirs that failed is made again here, so its error is met as any other.
 */
export async function fetchCompanyAndTrack(queryClient: QueryClient, companyId: string, early?: HeadStart | null) {
  const detail = companyQueries.detail(companyId);
  const steps = companyQueries.steps(companyId);
  const [company, track] = await Promise.all([
    earlyOr(
      early?.company,
      (answer) => queryClient.setQueryData(detail.queryKey, answer),
      () => queryClient.fetchQuery({ ...detail, staleTime: 0 }),
    ),
    earlyOr(
      early?.track,
      (answer) => queryClient.setQueryData(steps.queryKey, answer),
      () => queryClient.fetchQuery({ ...steps, staleTime: 0 }),
    ),
  ]);
  return { company, track };
}

/** The early answer when it came (kept in the cache), else a call made now. */
async function earlyOr<T>(early: Promise<T | null> | undefined, keep: (answer: T) => void, fetch: () => Promise<T>) {
  const answer = await early;
  if (answer === null || answer === undefined) return fetch();
  keep(answer);
  return answer;
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
