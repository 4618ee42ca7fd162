import { Link, createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NFS_REQUEST_STATUSES } from '@domain';
import { PageHeader } from '@/components/ui/Card';
import { useCompanyState } from '../../-components/useCompany';
import { RequestsTab } from './-components/invoices/RequestsTab';
import { SchedulesTab } from './-components/invoices/SchedulesTab';
import { searchText } from '@/lib/search-params';

const InvoicesSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(['solicitacoes', 'agendamentos'])), undefined),
  q: v.fallback(v.optional(searchText), undefined),
  status: v.fallback(v.optional(v.picklist(NFS_REQUEST_STATUSES)), undefined),
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/))), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  request: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  novo: v.fallback(v.optional(v.boolean()), undefined),
});

export const Route = createFileRoute('/app/_admin/_company/invoices')({
  validateSearch: InvoicesSearch,
  head: () => ({ meta: [{ title: 'Notas fiscais | Contábil' }] }),
  component: InvoicesPage,
});

const tabClass = 'rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold';

function InvoicesPage() {
  const { company } = useCompanyState();
  const search = Route.useSearch();
  const tab = search.tab ?? 'solicitacoes';
  if (!company) return null;
  return (
    <div>
      <PageHeader
        title="Notas fiscais"
        description="Peça as notas fiscais de serviço (NFS-e): nossa equipe emite e você baixa o PDF e o XML aqui."
      />
      <nav aria-label="Seções de notas fiscais" className="mb-6 flex gap-2 border-b border-slate-200">
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
      </nav>
      {tab === 'solicitacoes' ? <RequestsTab company={company} search={search} /> : <SchedulesTab company={company} />}
    </div>
  );
}
