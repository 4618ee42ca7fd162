import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import type { Company } from '@domain';
import { saoPauloDate } from '@domain';
import { obligationQueries } from '@/features/taxes/api';
import { EmptyState, LoadError, PageHeader } from '@/components/ui/Card';
import { filterControlClass } from '@/components/ui/Field';
import { PageSpinner } from '@/components/ui/Spinner';
import { useCompanyState } from '@/lib/company-state';
import { TaxesOverview } from './-components/taxes/TaxesOverview';

const TaxesSearch = v.looseObject({
  ano: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2018), v.maxValue(2100))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_withCompany/taxes')({
  validateSearch: TaxesSearch,
  head: () => ({ meta: [{ title: 'Impostos | Contábil' }] }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(obligationQueries.ofCompany(context.companyId, yearOf(deps.ano)));
  },
  component: TaxesPage,
});

/** The year asked for, or this one in São Paulo. */
const yearOf = (ano: number | undefined) => ano ?? saoPauloDate(new Date()).year;

function TaxesPage() {
  const { company } = useCompanyState();
  if (!company) return null;
  return <CompanyTaxes company={company} />;
}

function CompanyTaxes({ company }: { company: Company }) {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const today = saoPauloDate(new Date());
  const year = yearOf(search.ano);
  const query = useQuery(obligationQueries.ofCompany(company.id, year));
  const years = [today.year, today.year - 1, today.year - 2];

  return (
    <div>
      <PageHeader
        title="Impostos"
        description="O que a sua empresa paga e entrega ao fisco, quando vence e como cada valor foi calculado."
        actions={
          <select
            aria-label="Ano"
            className={filterControlClass}
            value={year}
            onChange={(e) =>
              navigate({ to: '.', search: { ano: Number(e.target.value) === today.year ? undefined : Number(e.target.value) } })
            }
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        }
      />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <LoadError title="Não foi possível carregar os impostos" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.regime === null ? (
        <EmptyState title="Impostos calculados pela equipe">
          Por aqui calculamos os impostos de MEI e do Simples Nacional. Os desta empresa são apurados pela nossa equipe, que
          publica as guias em Documentos.
        </EmptyState>
      ) : query.data.obligations.length === 0 ? (
        <EmptyState title={`Nenhuma obrigação em ${year}`}>
          A empresa ainda não estava em atividade neste ano. Escolha outro ano acima.
        </EmptyState>
      ) : (
        <TaxesOverview answer={query.data} />
      )}
    </div>
  );
}
