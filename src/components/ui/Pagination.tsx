import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** Search params of the page link, e.g. (page) => ({ ...search, page }). */
  searchFor: (page: number) => Record<string, unknown>;
}

const linkClass =
  'rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50 aria-disabled:pointer-events-none aria-disabled:opacity-40';

/** "Mostrando 1–25 de 40" with previous/next links that keep the rest of the URL. */
export function Pagination({ page, pageSize, total, searchFor }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-4">
      <p className="text-sm text-slate-600">
        Mostrando <strong>{first}</strong>–<strong>{last}</strong> de <strong>{total}</strong>
      </p>
      <div className="flex gap-2">
        <Link
          to="."
          search={searchFor(page - 1) as never}
          className={linkClass}
          aria-disabled={page <= 1 || undefined}
          tabIndex={page <= 1 ? -1 : undefined}
        >
          Anterior
        </Link>
        <Link
          to="."
          search={searchFor(page + 1) as never}
          className={linkClass}
          aria-disabled={page >= pages || undefined}
          tabIndex={page >= pages ? -1 : undefined}
        >
          Próxima
        </Link>
      </div>
    </nav>
  );
}

/**
 * Keeps a list's page within its pages: when the last item of the last page goes (deleted, archived, issued by the
 * team, categorised out of a filter), the list moves to the new last page instead of saying there is nothing. `search`
 * is the address's, whose `page` (absent on the first) is the one shown.
 */
export function usePageInRange({ search, pageSize, total }: { search: { page?: number }; pageSize: number; total: number }) {
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const last = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (page > last) void navigate({ to: '.', search: { ...search, page: last > 1 ? last : undefined } as never, replace: true });
    // The search object is a new one each render; the page numbers are what matter.
  }, [page, last, navigate]);
}
