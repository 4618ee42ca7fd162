import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { PAGE_SIZE, findPlan, formatPhone, isSitePath } from '@domain';
import { leadQueries } from '@/features/leads/api';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { SearchForm } from '@/components/ui/SearchForm';
import { Table } from '@/components/ui/Table';
import { formatDateTime } from '@/lib/format';
import { searchText } from '@/lib/search-params';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const LeadsSearch = v.object({
  q: v.optional(v.fallback(searchText, '')),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
});

export const Route = createFileRoute('/app/_signedIn/_team/admin/leads')({
  validateSearch: LeadsSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(leadQueries.list(deps)),
  head: () => headOfPage('/app/admin/leads'),
  component: LeadsPage,
});

/** The people who left their contact on the site's forms, to be called back (newest first). */
function LeadsPage() {
  const search = Route.useSearch();
  const page = search.page ?? 1;
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(leadQueries.list({ page, q: search.q }));

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/admin/leads']}
        description={`${data.total} ${data.total === 1 ? 'pessoa pediu' : 'pessoas pediram'} para falar com um contador`}
      />
      <SearchForm
        label="Buscar por nome ou e-mail"
        visibleLabel
        placeholder="Nome ou e-mail"
        className="mb-4 flex max-w-xl gap-2"
        value={search.q}
        onSearch={(q) => void navigate({ search: (s) => ({ ...s, q, page: undefined }) })}
      />
      {data.data.length === 0 ? (
        <EmptyState title="Nenhum contato">
          {search.q ? 'Nada corresponde à busca.' : 'Os contatos deixados nos formulários do site aparecem aqui.'}
        </EmptyState>
      ) : (
        <Table columns={['Pessoa', 'Plano de interesse', 'Página', 'Recebido em']} label="Contatos do site">
          {data.data.map((lead) => (
            <tr key={lead.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <p className="font-semibold text-slate-900">{lead.name}</p>
                <p className="text-xs text-slate-600">
                  <a href={`mailto:${lead.email}`} className="hover:text-brand-700 hover:underline">
                    {lead.email}
                  </a>
                  {lead.phone && (
                    <>
                      {' · '}
                      <a href={`tel:${lead.phone}`} className="hover:text-brand-700 hover:underline">
                        {formatPhone(lead.phone)}
                      </a>
                    </>
                  )}
                </p>
              </td>
              <td className="px-4 py-3 text-slate-700">{(lead.planId && findPlan(lead.planId)?.name) || 'Não informado'}</td>
              <td className="px-4 py-3 text-slate-700">
                {lead.source && isSitePath(lead.source) ? (
                  <a href={lead.source} className="hover:text-brand-700 hover:underline" target="_blank" rel="noopener">
                    {lead.source}
                  </a>
                ) : (
                  (lead.source ?? '—')
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(lead.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE.leads} total={data.total} searchFor={(p) => ({ ...search, page: p })} />
    </div>
  );
}
