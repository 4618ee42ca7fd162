import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { PAGE_SIZE, TRACK_LABEL, companyDisplayName, formatCnpj } from '@domain';
import { companyQueries } from '@/lib/api/companies';
import { CompanyStatusBadge } from '@/components/StatusBadge';
import { SearchForm } from '@/components/ui/SearchForm';
import { FeaturePanel } from './-components/FeaturePanel';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { Table } from '@/components/ui/Table';
import { Pagination } from '@/components/ui/Pagination';
import { formatDate } from '@/lib/format';
import { searchText } from '@/lib/search-params';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const CompaniesSearch = v.object({
  q: v.optional(v.fallback(searchText, '')),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
});
type CompaniesSearch = v.InferOutput<typeof CompaniesSearch>;

export const Route = createFileRoute('/app/_signedIn/_team/admin/companies/')({
  validateSearch: CompaniesSearch,
  loaderDeps: ({ search }) => ({ query: search.q ?? '', page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(companyQueries.list(deps)),
  head: () => headOfPage('/app/admin/companies'),
  component: CompaniesPage,
});

function CompaniesPage() {
  const search = Route.useSearch();
  const page = search.page ?? 1;
  const { data } = useSuspenseQuery(companyQueries.list({ query: search.q ?? '', page }));
  const navigate = useNavigate({ from: Route.fullPath });

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/admin/companies']}
        description={`${data.total} ${data.total === 1 ? 'empresa' : 'empresas'} ${search.q ? 'encontradas' : 'cadastradas'}`}
      />
      <FeaturePanel />
      <SearchForm
        label="Buscar por nome, nome fantasia ou CNPJ"
        placeholder="Nome, fantasia ou CNPJ"
        className="mb-4 flex gap-2"
        inputClassName="flex-1"
        value={search.q}
        onSearch={(q) => navigate({ search: { q, page: undefined } })}
      ></SearchForm>

      {data.data.length === 0 ? (
        <EmptyState title="Nenhuma empresa encontrada">
          {search.q ? (
            <>Nada corresponde a “{search.q}”. Tente outro nome ou o CNPJ.</>
          ) : (
            'As empresas aparecem aqui assim que os clientes se cadastram.'
          )}
        </EmptyState>
      ) : (
        <Table columns={['Empresa', 'CNPJ', 'Jornada', 'Situação', 'Cadastro']}>
          {data.data.map((company) => (
            <tr key={company.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <Link
                  to="/app/admin/companies/$companyId"
                  params={{ companyId: company.id }}
                  className="font-semibold text-slate-900 hover:text-brand-700"
                >
                  {companyDisplayName(company)}
                </Link>
                {company.name && company.alias && <p className="text-xs text-slate-500">{company.name}</p>}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{company.cnpj ? formatCnpj(company.cnpj) : '—'}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {company.trackId ? TRACK_LABEL[company.trackId] : '—'}
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <CompanyStatusBadge status={company.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(company.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE.companies} total={data.total} searchFor={(p) => ({ ...search, page: p })} />
    </div>
  );
}
