import type { BodyOf, Company, NfsRequestStatus } from '@domain';
import { Suspense, lazy } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import toast from '@/lib/toast';
import { PAGE_SIZE, formatMoney, monthKey, saoPauloDate } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { createRequest, invoiceQueries } from '@/features/invoices/api';
import { InvoiceStatusBadge } from '@/features/invoices/components/InvoiceStatusBadge';
import { Button } from '@/components/ui/Button';
import { RequestStatusFilter } from '@/features/invoices/components/RequestStatusFilter';
import { filterControlClass } from '@/components/ui/Field';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Card, EmptyState } from '@/components/ui/Card';
import { MonthFilter } from '@/components/ui/DateField';
import { Drawer } from '@/components/ui/Drawer';
import { Pagination, usePageInRange } from '@/components/ui/Pagination';
import { SearchForm } from '@/components/ui/SearchForm';
import { PageSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { emptyInvoice } from './invoice-values';

// The form loads when it opens, the request's detail when one is chosen: the list shows first.
const InvoiceForm = lazy(() => import('./InvoiceForm').then((m) => ({ default: m.InvoiceForm })));
import { formatCompetence } from '@/features/invoices/format';
const RequestDetail = lazy(() =>
  import('@/features/invoices/components/RequestDetail').then((m) => ({ default: m.RequestDetail })),
);

export interface RequestsSearch {
  q?: string;
  status?: NfsRequestStatus;
  month?: string;
  page?: number;
  request?: string;
  novo?: boolean;
}

const thisMonth = () => {
  const today = saoPauloDate(new Date());
  return monthKey(today.year, today.month);
};

/** The page of requests the address asks for: the route's loader starts it, the tab reads it. */
export const requestsQuery = (companyId: string, search: Pick<RequestsSearch, 'q' | 'status' | 'month' | 'page'>) =>
  invoiceQueries.requests({
    companyId,
    page: search.page ?? 1,
    query: search.q,
    status: search.status ? [search.status] : undefined,
    month: search.month,
  });

/** The company's invoice requests: ask for one, find them, open one. */
export function RequestsTab({ company, search }: { company: Company; search: RequestsSearch }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const go = (changes: Partial<RequestsSearch>) => navigate({ to: '.', search: { ...search, ...changes } as never });
  const create = useMutation({
    mutationFn: (body: BodyOf<'POST /nfs/requests'>) => createRequest(company.id, body),
    onSuccess: () => {
      toast.success('Solicitação enviada! Nossa equipe emite a nota em até 1 dia útil.');
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      go({ novo: undefined, page: undefined });
    },
  });
  const apiError = create.error instanceof ApiError ? create.error : null;

  return (
    <div className="space-y-5">
      {search.novo ? (
        <Card>
          <h2 className="mb-4 text-lg font-bold text-slate-900">Nova solicitação de nota fiscal</h2>
          <Suspense fallback={<PageSpinner />}>
            <InvoiceForm
              company={company}
              mode="request"
              initial={emptyInvoice(thisMonth())}
              submitLabel="Solicitar nota"
              busy={create.isPending}
              serverErrors={apiError?.fields}
              serverMessage={apiError && !Object.keys(apiError.fields).length ? apiError.message : null}
              onSubmit={(body) => create.mutate(body)}
              onCancel={() => go({ novo: undefined })}
            />
          </Suspense>
        </Card>
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => go({ novo: true })}>Nova solicitação</Button>
        </div>
      )}

      <SearchForm
        label="Buscar por tomador ou descrição"
        placeholder="Buscar por tomador ou descrição"
        className="flex flex-wrap gap-2"
        inputClassName="min-w-60 flex-1"
        value={search.q}
        onSearch={(q) => go({ q, page: undefined })}
      >
        <RequestStatusFilter
          first={{ value: '', label: 'Todas as situações' }}
          value={search.status ?? ''}
          onChange={(status) => go({ status: status || undefined, page: undefined })}
        />
        <MonthFilter
          aria-label="Competência"
          className={filterControlClass}
          value={search.month}
          onMonth={(month) => go({ month, page: undefined })}
        />
      </SearchForm>

      <QueryBoundary
        errorTitle="Não foi possível carregar as notas"
        resetKey={[search.q, search.status, search.month, search.page]}
      >
        <RequestList companyId={company.id} search={search} go={go} />
      </QueryBoundary>

      <Drawer open={Boolean(search.request)} onClose={() => go({ request: undefined })} title="Nota fiscal">
        {search.request && (
          <Suspense fallback={<PageSpinner />}>
            <RequestDetail id={search.request} onDeleted={() => go({ request: undefined })} />
          </Suspense>
        )}
      </Drawer>
    </div>
  );
}

function RequestList({
  companyId,
  search,
  go,
}: {
  companyId: string;
  search: RequestsSearch;
  go: (changes: Partial<RequestsSearch>) => void;
}) {
  const page = search.page ?? 1;
  const { data: list } = useSuspenseQuery(requestsQuery(companyId, search));
  usePageInRange({ search, pageSize: PAGE_SIZE.invoices, total: list.total });
  if (list.data.length === 0) {
    const filtered = Boolean(search.q || search.status || search.month);
    return (
      <EmptyState title={filtered ? 'Nenhuma nota encontrada' : 'Nenhuma nota solicitada ainda'}>
        {filtered
          ? 'Tente outros filtros.'
          : 'Peça a sua primeira nota fiscal de serviço: nossa equipe emite e você recebe o PDF e o XML aqui.'}
      </EmptyState>
    );
  }
  return (
    <>
      <Table columns={['Competência', 'Tomador', 'Descrição', 'Valor', 'Situação']}>
        {list.data.map((request) => (
          <tr key={request.id} className="cursor-pointer hover:bg-slate-50" onClick={() => go({ request: request.id })}>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatCompetence(request.competence)}</td>
            <td className="px-4 py-3">
              <button
                type="button"
                className="text-left font-semibold text-slate-900 hover:text-brand-700"
                onClick={() => go({ request: request.id })}
              >
                <bdi>{request.customerName}</bdi>
              </button>
            </td>
            <td className="max-w-xs truncate px-4 py-3 text-slate-600">{request.description}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatMoney(request.totalCents)}</td>
            <td className="whitespace-nowrap px-4 py-3">
              <InvoiceStatusBadge status={request.status} />
            </td>
          </tr>
        ))}
      </Table>
      <Pagination page={page} pageSize={PAGE_SIZE.invoices} total={list.total} searchFor={(p) => ({ ...search, page: p })} />
    </>
  );
}
