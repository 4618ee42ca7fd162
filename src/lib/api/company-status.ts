import type { QueryClient } from '@tanstack/react-query';

/** The cache key of a company's status history (`GET /companies/{id}/status-history`). */
export const statusHistoryKey = (companyId: string) => ['companies', companyId, 'status-history'] as const;

/**
 * A company's status history follows its status: whenever a fresh copy of the company (`['companies', id]`, asked by
 * the wizard's polling, a reload or the team's own change) shows another status than the one before, its history is
 * asked again, so the badge and the list beside it never disagree (docs/features.md).
 */
export function followCompanyStatus(queryClient: QueryClient): () => void {
  const statuses = new Map<string, string>();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [scope, companyId, ...rest] = event.query.queryKey;
    if (scope !== 'companies' || typeof companyId !== 'string' || rest.length) return;
    // The cache holds what each key's query answered: a company here, read without trusting its type.
    const data: unknown = event.query.state.data;
    if (typeof data !== 'object' || data === null || !('status' in data) || typeof data.status !== 'string') return;
    const status = data.status;
    const before = statuses.get(companyId);
    statuses.set(companyId, status);
    if (before !== undefined && before !== status) void queryClient.invalidateQueries({ queryKey: statusHistoryKey(companyId) });
  });
}
