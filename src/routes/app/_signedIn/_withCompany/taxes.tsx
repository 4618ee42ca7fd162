import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import type { Company } from '@domain';
import { saoPauloDate } from '@domain';
import { obligationQueries } from '@/features/taxes/api';
import { QueryBoundary } from '@/components/QueryBoundary';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { filterControlClass } from '@/components/ui/Field';
import { useCompanyState } from '@/lib/company-state';
import { TaxesOverview } from './-components/taxes/TaxesOverview';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const TaxesSearch = v.looseObject({
  ano: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2018), v.maxValue(2100))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_withCompany/taxes')({
  validateSearch: TaxesSearch,
  head: () => headOfPage('/app/taxes'),
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
  const years = [today.year, today.year - 1, today.year - 2];

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/taxes']}
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
      <QueryBoundary errorTitle="Não foi possível carregar os impostos" resetKey={year}>
        <YearTaxes companyId={company.id} year={year} />
      </QueryBoundary>
    </div>
  );
}

function YearTaxes({ companyId, year }: { companyId: string; year: number }) {
  const { data } = useSuspenseQuery(obligationQueries.ofCompany(companyId, year));
  if (data.regime === null)
    return (
      <EmptyState title="Impostos calculados pela equipe">
        Por aqui calculamos os impostos de MEI e do Simples Nacional. Os desta empresa são apurados pela nossa equipe, que publica
        as guias em Documentos.
      </EmptyState>
    );
  if (data.obligations.length === 0)
    return (
      <EmptyState title={`Nenhuma obrigação em ${year}`}>
        A empresa ainda não estava em atividade neste ano. Escolha outro ano acima.
      </EmptyState>
    );
  return <TaxesOverview answer={data} />;
}
