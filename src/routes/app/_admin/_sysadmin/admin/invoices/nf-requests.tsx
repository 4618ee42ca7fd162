import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import type { NfsRequestStatus } from '@domain';
import { NFS_REQUEST_STATUSES, NFS_REQUEST_STATUS_LABEL, PAGE_SIZE, formatMoney } from '@domain';
import { invoiceQueries } from '@/api/invoices';
import { InvoiceStatusBadge } from '@/components/InvoiceStatusBadge';
import { filterControlClass } from '@/components/ui/Field';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { Drawer } from '@/components/ui/Drawer';
import { Pagination, usePageInRange } from '@/components/ui/Pagination';
import { SearchForm } from '@/components/ui/SearchForm';
import { PageSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { formatRelative } from '@/lib/format';
import { RequestDetail } from '@/components/invoices/RequestDetail';
import { formatCompetence } from '@/components/invoices/format';
import { RequestActions } from './-components/RequestActions';
import { searchText } from '@/lib/search-params';

const QueueSearch = v.object({
  q: v.fallback(v.optional(searchText), undefined),
  status: v.fallback(v.optional(v.picklist([...NFS_REQUEST_STATUSES, 'open'])), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  request: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});
type QueueSearch = v.InferOutput<typeof QueueSearch>;

export const Route = createFileRoute('/app/_admin/_sysadmin/admin/invoices/nf-requests')({
  validateSearch: QueueSearch,
  head: () => ({ meta: [{ title: 'Solicitações de nota fiscal | Contábil' }] }),
  component: QueuePage,
});

const OPEN: NfsRequestStatus[] = ['requested', 'processing'];
/** The team's queue of invoices to issue, across companies, oldest first. */
function QueuePage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const status = !search.status || search.status === 'open' ? OPEN : [search.status];
  const queue = useQuery(invoiceQueries.queue({ page, query: search.q, status }));
  usePageInRange({
    page,
    pageSize: PAGE_SIZE.invoices,
    total: queue.data?.total,
    searchFor: (p) => ({ ...search, page: p > 1 ? p : undefined }),
  });
  const go = (changes: Partial<QueueSearch>) => navigate({ to: '.', search: { ...search, ...changes } as never });

  return (
    <div>
      <PageHeader
        title="Solicitações de nota fiscal"
        description="As notas pedidas por todas as empresas; quem espera há mais tempo aparece primeiro."
      />
      <SearchForm
        label="Buscar por empresa, tomador ou descrição"
        placeholder="Buscar por empresa, tomador ou descrição"
        className="mb-4 flex flex-wrap gap-2"
        inputClassName="min-w-60 flex-1"
        value={search.q}
        onSearch={(q) => go({ q, page: undefined })}
      >
        <select
          aria-label="Situação"
          className={filterControlClass}
          value={search.status ?? 'open'}
          onChange={(e) => go({ status: e.target.value as QueueSearch['status'], page: undefined })}
        >
          <option value="open">Em aberto</option>
          {NFS_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {NFS_REQUEST_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </SearchForm>
      {queue.isPending ? (
        <PageSpinner />
      ) : queue.isError ? (
        <EmptyState title="Não foi possível carregar a fila">{queue.error.message}</EmptyState>
      ) : queue.data.data.length === 0 ? (
        <EmptyState title="Nenhuma nota nesta fila">Quando um cliente pedir uma nota, ela aparece aqui.</EmptyState>
      ) : (
        <>
          <Table columns={['Empresa', 'Tomador', 'Competência', 'Valor', 'Pedida', 'Situação']}>
            {queue.data.data.map((request) => (
              <tr key={request.id} className="cursor-pointer hover:bg-slate-50" onClick={() => go({ request: request.id })}>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    className="text-left font-semibold text-slate-900 hover:text-brand-700"
                    onClick={() => go({ request: request.id })}
                  >
                    {request.companyName ?? 'Empresa'}
                  </button>
                </td>
                <td className="px-4 py-3 text-slate-700">{request.customerName}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatCompetence(request.competence)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatMoney(request.totalCents)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatRelative(request.createdAt)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <InvoiceStatusBadge status={request.status} />
                </td>
              </tr>
            ))}
          </Table>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE.invoices}
            total={queue.data.total}
            searchFor={(p) => ({ ...search, page: p })}
          />
        </>
      )}
      <Drawer open={Boolean(search.request)} onClose={() => go({ request: undefined })} title="Solicitação de nota fiscal">
        {search.request && <RequestDetail id={search.request} actions={<RequestActions id={search.request} />} />}
      </Drawer>
    </div>
  );
}
