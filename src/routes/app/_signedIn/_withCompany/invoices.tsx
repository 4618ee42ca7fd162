import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import * as v from 'valibot';
import { MonthKeySchema, NFS_REQUEST_STATUSES } from '@domain';
import { invoiceQueries } from '@/features/invoices/api';
import { fiscalProfileQueries } from '@/features/invoices/nfse-api';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Alert, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { useCompanyState } from '@/lib/company-state';
import { RequestsTab, requestsQuery } from './-components/invoices/RequestsTab';
import { SchedulesTab } from './-components/invoices/SchedulesTab';
import { searchText } from '@/lib/search-params';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

// Read-only and seldom opened: loads with its tab.
const FiscalProfileTab = lazy(() =>
  import('./-components/invoices/FiscalProfileTab').then((m) => ({ default: m.FiscalProfileTab })),
);

const InvoicesSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(['solicitacoes', 'agendamentos', 'dados-fiscais'])), undefined),
  q: v.fallback(v.optional(searchText), undefined),
  status: v.fallback(v.optional(v.picklist(NFS_REQUEST_STATUSES)), undefined),
  month: v.fallback(v.optional(MonthKeySchema()), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  request: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  novo: v.fallback(v.optional(v.boolean()), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_withCompany/invoices')({
  validateSearch: InvoicesSearch,
  head: () => headOfPage('/app/invoices'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, companyId }, deps }) => {
    void queryClient.prefetchQuery(fiscalProfileQueries.detail(companyId));
    const tab = deps.tab ?? 'solicitacoes';
    if (tab === 'solicitacoes') void queryClient.prefetchQuery(requestsQuery(companyId, deps));
    if (tab === 'agendamentos') void queryClient.prefetchQuery(invoiceQueries.schedules(companyId));
  },
  component: InvoicesPage,
});

const tabClass = 'shrink-0 whitespace-nowrap rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold sm:px-4';

function InvoicesPage() {
  const { company } = useCompanyState();
  const search = Route.useSearch();
  const tab = search.tab ?? 'solicitacoes';
  if (!company) return null;
  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/invoices']}
        description="Peça as notas fiscais de serviço (NFS-e): nossa equipe emite e você baixa o PDF e o XML aqui."
      />
      <nav aria-label="Seções de notas fiscais" className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 sm:gap-2">
        <Link
          to="."
          search={{ tab: undefined }}
          className={`${tabClass} ${tab === 'solicitacoes' ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          aria-current={tab === 'solicitacoes' ? 'page' : undefined}
        >
          Solicitações
        </Link>
        <Link
          to="."
          search={{ tab: 'agendamentos' }}
          className={`${tabClass} ${tab === 'agendamentos' ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          aria-current={tab === 'agendamentos' ? 'page' : undefined}
        >
          Agendamentos
        </Link>
        <Link
          to="."
          search={{ tab: 'dados-fiscais' }}
          className={`${tabClass} ${tab === 'dados-fiscais' ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          aria-current={tab === 'dados-fiscais' ? 'page' : undefined}
        >
          Dados fiscais
        </Link>
      </nav>
      {tab !== 'dados-fiscais' && <CertificateNotice companyId={company.id} />}
      {tab === 'solicitacoes' ? (
        <RequestsTab company={company} search={search} />
      ) : tab === 'agendamentos' ? (
        <QueryBoundary errorTitle="Não foi possível carregar os agendamentos">
          <SchedulesTab company={company} />
        </QueryBoundary>
      ) : (
        <QueryBoundary
          errorTitle="Não foi possível carregar os dados fiscais"
          loading={<PageSpinner label="Carregando dados fiscais…" />}
        >
          <FiscalProfileTab company={company} />
        </QueryBoundary>
      )}
    </div>
  );
}

/**
 * The certificate's warning, on every tab: an expired certificate stops the national emission. A notice, not a list:
 * it says nothing until the fiscal data has come, nor when it cannot come (the "Dados fiscais" tab says why).
 */
function CertificateNotice({ companyId }: { companyId: string }) {
  const certificate = useQuery(fiscalProfileQueries.detail(companyId)).data?.certificate;
  if (!certificate || certificate.status === 'valid') return null;
  return (
    <div className="mb-6">
      <Alert tone={certificate.status === 'expired' ? 'error' : 'info'}>
        {certificate.message} Sem um certificado válido, suas notas não podem ser emitidas pelo Sistema Nacional.{' '}
        <Link to="." search={{ tab: 'dados-fiscais' }} className="font-semibold underline">
          Ver dados fiscais
        </Link>
      </Alert>
    </div>
  );
}
