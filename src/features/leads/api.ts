import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';

/** The site's contacts, for the team (`GET /admin/leads`, newest first). */
export const leadQueries = {
  all: () => ['leads'] as const,
  list: ({ page, q }: { page: number; q?: string }) =>
    queryOptions({
      queryKey: ['leads', 'list', { page, q: q ?? '' }],
      queryFn: () =>
        api('GET /admin/leads', {
          query: { q: q || undefined, limit: PAGE_SIZE.leads, offset: (page - 1) * PAGE_SIZE.leads },
        }),
    }),
};
