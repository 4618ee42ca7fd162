import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import * as v from 'valibot';
import type { NfsRequestRow, NfsRequestStatus, Page } from '@domain';
import { MonthKeySchema, NFS_REQUEST_STATUSES, PAGE_SIZE, formatMoney } from '@domain';
import { invoiceQueries } from '@/features/invoices/api';
import { InvoiceStatusBadge } from '@/features/invoices/components/InvoiceStatusBadge';
import { RequestStatusFilter } from '@/features/invoices/components/RequestStatusFilter';
import { filterControlClass } from '@/components/ui/Field';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { Drawer } from '@/components/ui/Drawer';
import { Pagination, usePageInRange } from '@/components/ui/Pagination';
import { SearchForm } from '@/components/ui/SearchForm';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Spinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { formatRelative } from '@/lib/format';
import { formatCompetence } from '@/features/invoices/format';
import { searchText } from '@/lib/search-params';
import { companyQueries } from '@/lib/api/companies';
import { Button } from '@/components/ui/Button';
import { MonthFilter } from '@/components/ui/DateField';
import { CompanyPicker, pickedOf } from '@/features/companies/components/CompanyPicker';
import { canEmitNationally, queueRowNote } from '@/features/invoices/nfse';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const QueueSearch = v.object({
  q: v.fallback(v.optional(searchText), undefined),
  status: v.fallback(v.optional(v.picklist([...NFS_REQUEST_STATUSES, 'open'])), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  request: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  /** One company's requests (its own list, where "Emitir todas" works). */
  companyId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  /** The competence, YYYY-MM. */
  month: v.fallback(v.optional(MonthKeySchema()), undefined),
});
type QueueSearch = v.InferOutput<typeof QueueSearch>;

export const Route = createFileRoute('/app/_signedIn/_team/admin/invoices/nf-requests')({
  validateSearch: QueueSearch,
  head: () => headOfPage('/app/admin/invoices/nf-requests'),
  // Started, not awaited: the filters paint at once and the list shows its own loading state (docs/architecture.md).
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    const params = queueParams(deps);
    if (deps.companyId) {
      void queryClient.prefetchQuery(invoiceQueries.requests({ ...params, companyId: deps.companyId }));
      void queryClient.prefetchQuery(companyQueries.detail(deps.companyId));
    } else void queryClient.prefetchQuery(invoiceQueries.queue(params));
  },
  component: QueuePage,
});

// What opens from the queue (a request, the emission dialogs) loads when it opens: the list paints without it.
const RequestPanel = lazy(() => import('./-components/RequestPanel').then((m) => ({ default: m.RequestPanel })));
const EmissionDialog = lazy(() => import('./-components/EmissionDialog').then((m) => ({ default: m.EmissionDialog })));
const BulkEmissionDialog = lazy(() =>
  import('./-components/BulkEmissionDialog').then((m) => ({ default: m.BulkEmissionDialog })),
);

const OPEN: NfsRequestStatus[] = ['requested', 'processing'];
/** The list the address asks for: the loader starts it, the page reads it. */
const queueParams = (search: QueueSearch) => ({
  page: search.page ?? 1,
  query: search.q,
  status: !search.status || search.status === 'open' ? OPEN : [search.status],
  month: search.month,
});
/** The team's queue of invoices to issue, across companies, oldest first. */
function QueuePage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  // The filter's company, by its id in the URL, so a shared or reloaded link shows its name.
  const filterCompany = useQuery({ ...companyQueries.detail(search.companyId ?? ''), enabled: !!search.companyId });
  const companyLabel = filterCompany.data ? pickedOf(filterCompany.data).label : 'Carregando…';
  const [emitting, setEmitting] = useState<string | null>(null);
  const [bulk, setBulk] = useState(false);
  const go = (changes: Partial<QueueSearch>) => navigate({ to: '.', search: { ...search, ...changes } as never });

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/admin/invoices/nf-requests']}
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
        <RequestStatusFilter
          first={{ value: 'open', label: 'Em aberto' }}
          value={search.status ?? 'open'}
          onChange={(status) => go({ status, page: undefined })}
        />
      </SearchForm>
      <div className="mb-4 grid gap-3 md:grid-cols-[minmax(0,20rem)_10rem_minmax(0,1fr)] md:items-end">
        <CompanyPicker
          label="Empresa"
          placeholder="Todas as empresas"
          value={search.companyId ? { id: search.companyId, label: companyLabel } : null}
          onChange={(company) => go({ companyId: company?.id, page: undefined })}
        />
        <div>
          <label htmlFor="queue-month" className="block text-sm font-medium text-slate-700">
            Competência
          </label>
          <MonthFilter
            id="queue-month"
            className={`mt-1 w-full ${filterControlClass}`}
            value={search.month}
            onMonth={(month) => go({ month, page: undefined })}
          />
        </div>
        <div className="md:justify-self-end">
          {search.companyId && search.month ? (
            <Button onClick={() => setBulk(true)}>Emitir todas pelo Sistema Nacional</Button>
          ) : (
            <p className="text-xs text-slate-500">
              Escolha uma empresa e a competência para emitir todas as pendentes pelo Sistema Nacional de uma vez.
            </p>
          )}
        </div>
      </div>
      <QueryBoundary
        errorTitle="Não foi possível carregar a fila"
        resetKey={[search.q, search.status, search.month, search.companyId, search.page]}
      >
        {/* One company's own list when it is chosen (where "Emitir todas" works), else the queue across companies. */}
        {search.companyId ? (
          <CompanyQueue companyId={search.companyId} search={search} go={go} onEmit={setEmitting} />
        ) : (
          <AllQueue search={search} go={go} onEmit={setEmitting} />
        )}
      </QueryBoundary>
      {emitting && (
        // The dialog's code comes on the first "Emitir": meanwhile the page says so.
        <Suspense
          fallback={
            <div className="fixed inset-x-0 bottom-6 z-50 flex justify-center">
              <span className="rounded-lg bg-white px-4 py-2 shadow-lg ring-1 ring-slate-200">
                <Spinner label="Abrindo a emissão…" />
              </span>
            </div>
          }
        >
          <EmissionDialog requestId={emitting} open onClose={() => setEmitting(null)} />
        </Suspense>
      )}
      {/* Mounted closed once a company and month are chosen: its code is there before "Emitir todas" opens it. */}
      <Suspense fallback={null}>
        {search.companyId && search.month && (
          <BulkEmissionDialog
            companyId={search.companyId}
            companyLabel={companyLabel}
            competence={search.month}
            open={bulk}
            onClose={() => setBulk(false)}
          />
        )}
      </Suspense>
      <Drawer open={Boolean(search.request)} onClose={() => go({ request: undefined })} title="Solicitação de nota fiscal">
        <Suspense fallback={<Spinner label="Carregando a solicitação…" />}>
          {search.request && <RequestPanel id={search.request} />}
        </Suspense>
      </Drawer>
    </div>
  );
}

interface QueueListProps {
  search: QueueSearch;
  go: (changes: Partial<QueueSearch>) => void;
  onEmit: (requestId: string) => void;
}

function CompanyQueue({ companyId, ...props }: QueueListProps & { companyId: string }) {
  const { data } = useSuspenseQuery(invoiceQueries.requests({ ...queueParams(props.search), companyId }));
  return <QueueList queue={data} {...props} />;
}

function AllQueue(props: QueueListProps) {
  const { data } = useSuspenseQuery(invoiceQueries.queue(queueParams(props.search)));
  return <QueueList queue={data} {...props} />;
}

function QueueList({ queue, search, go, onEmit }: QueueListProps & { queue: Page<NfsRequestRow> }) {
  const page = search.page ?? 1;
  usePageInRange({ search, pageSize: PAGE_SIZE.invoices, total: queue.total });
  if (queue.data.length === 0)
    return <EmptyState title="Nenhuma nota nesta fila">Quando um cliente pedir uma nota, ela aparece aqui.</EmptyState>;
  return (
    <>
      <Table columns={['Empresa', 'Tomador', 'Competência', 'Valor', 'Pedida', 'Situação', '']}>
        {queue.data.map((request) => {
          const note = queueRowNote(request);
          return (
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
              <td className="px-4 py-3 text-slate-700">
                <bdi>{request.customerName}</bdi>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatCompetence(request.competence)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatMoney(request.totalCents)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatRelative(request.createdAt)}</td>
              <td className="px-4 py-3">
                <InvoiceStatusBadge status={request.status} />
                {note && (
                  <span
                    className={`mt-1 block max-w-72 text-xs ${note.tone === 'error' ? 'text-red-700' : 'text-amber-800'}`}
                    data-testid="queue-row-note"
                  >
                    {note.text}
                  </span>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                {canEmitNationally(request) && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-xs"
                    aria-label={`Emitir pelo Sistema Nacional: ${request.customerName}, ${formatMoney(request.totalCents)}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onEmit(request.id);
                    }}
                  >
                    Emitir pelo Sistema Nacional
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </Table>
      <Pagination page={page} pageSize={PAGE_SIZE.invoices} total={queue.total} searchFor={(p) => ({ ...search, page: p })} />
    </>
  );
}
