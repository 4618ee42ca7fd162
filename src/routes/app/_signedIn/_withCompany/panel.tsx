import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { COMPANY_SIZE_LABEL, companyDisplayName, findPlan, formatCnpj, formatMoney, hasActiveSubscription } from '@domain';
import { reportQueries } from '@/features/reports/api';
import { CompanyStatusBadge, SubscriptionBadge } from '@/components/StatusBadge';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Alert, Card, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { CategoryChartOnView } from '@/features/bank-statements/components/CategoryChartOnView';
import { titledHead } from '@/lib/document-title';
import { useSessionActor } from '@/lib/session-handle';
import { useCompanyState } from '@/lib/company-state';
import { panelHeading } from '@/lib/page-shell';
import { BillingChart } from './-components/panel/BillingChart';
import { MeiTracker } from './-components/panel/MeiTracker';

export const Route = createFileRoute('/app/_signedIn/_withCompany/panel')({
  head: () => titledHead('Painel'),
  // Started, not awaited: the heading paints at once and the chart shows its own loading state (docs/architecture.md).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(reportQueries.annualBilling(context.companyId));
  },
  component: PanelPage,
});

/** What the company billed this year (issued invoices), and for an MEI how close it is to its limit. */
function Billing({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(reportQueries.annualBilling(companyId));
  return (
    <div className="space-y-6">
      {data.mei && <MeiTracker billing={data} mei={data.mei} />}
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">Faturamento em {data.year}</h2>
          <p className="text-sm text-slate-600">
            Total do ano: <strong className="text-slate-900">{formatMoney(data.totalCents)}</strong>
          </p>
        </div>
        {data.totalCents === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            Nenhuma nota emitida neste ano ainda.{' '}
            <Link to="/app/invoices" search={{ novo: true }} className="font-semibold text-brand-700 hover:underline">
              Solicitar uma nota
            </Link>
          </p>
        ) : (
          <BillingChart billing={data} />
        )}
        <p className="mt-2 text-xs text-slate-500">Soma das notas fiscais emitidas, pelo mês de competência.</p>
      </Card>
    </div>
  );
}

function PanelPage() {
  const user = useSelector(useSessionActor(), (s) => s.context.user);
  const { company } = useCompanyState();
  if (!company) return null;
  const plan = company.currentSubscription ? findPlan(company.currentSubscription.planId) : undefined;

  return (
    <div>
      <PageHeader title={panelHeading(user?.displayName)} description="Acompanhe aqui a situação da sua empresa." />
      {!hasActiveSubscription(company) && (
        <div className="mb-6">
          <Alert tone="info">
            Sua assinatura não está ativa. Regularize em Assinatura e pagamentos para manter os serviços em dia.
          </Alert>
        </div>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-sm font-medium text-slate-500">Sua empresa</h2>
          <p className="mt-1 text-lg font-semibold text-slate-900">{companyDisplayName(company)}</p>
          {company.name && company.alias && <p className="text-sm text-slate-600">{company.name}</p>}
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">Situação</dt>
              <dd className="mt-1">
                <CompanyStatusBadge status={company.status} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">CNPJ</dt>
              <dd className="mt-1 font-medium text-slate-800">{company.cnpj ? formatCnpj(company.cnpj) : 'Em emissão'}</dd>
            </div>
            {company.size && (
              <div className="col-span-2">
                <dt className="text-slate-500">Porte</dt>
                <dd className="mt-1 text-slate-800">{COMPANY_SIZE_LABEL[company.size]}</dd>
              </div>
            )}
          </dl>
        </Card>
        <Card>
          <h2 className="text-sm font-medium text-slate-500">Seu plano</h2>
          {company.currentSubscription ? (
            <>
              <p className="mt-1 text-lg font-semibold text-slate-900">{plan?.name ?? company.currentSubscription.planId}</p>
              <div className="mt-2">
                <SubscriptionBadge status={company.currentSubscription.status} />
              </div>
              {plan && <p className="mt-3 text-sm text-slate-600">{plan.description}</p>}
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Nenhum plano contratado ainda.</p>
          )}
        </Card>
      </div>
      <div className="mt-6">
        <QueryBoundary
          errorTitle="Não foi possível carregar o faturamento"
          loading={<PageSpinner label="Carregando o faturamento…" />}
        >
          <Billing companyId={company.id} />
        </QueryBoundary>
      </div>
      <div className="mt-8">
        <CategoryChartOnView companyId={company.id} />
      </div>
    </div>
  );
}
