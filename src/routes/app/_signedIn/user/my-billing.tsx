import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import toast from '@/lib/toast';
import * as v from 'valibot';
import { billingQueries } from '@/features/billing/api';
import { PaymentList } from '@/features/billing/components/PaymentList';
import { SubscriptionCard } from '@/features/billing/components/SubscriptionCard';
import { Button, buttonClass } from '@/components/ui/Button';
import { Alert, EmptyState, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { companyActorOf } from '@/lib/company-actor';
import { useSessionActor } from '@/lib/session-handle';
import { useCompanyState } from '@/lib/company-state';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const BillingSearch = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  // Added by the payment provider on the way back.
  status: v.fallback(v.optional(v.picklist(['paid', 'cancelled', 'expired', 'pending'])), undefined),
  checkout: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/app/_signedIn/user/my-billing')({
  validateSearch: BillingSearch,
  head: () => headOfPage('/app/user/my-billing'),
  component: BillingPage,
});

const WATCH_MS = 30_000;

function BillingPage() {
  const { company } = useCompanyState();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const [watching, setWatching] = useState(false);
  const handled = useRef(false);

  // Back from the payment page: say how it went, look again (the company may be active again), clean the URL.
  useEffect(() => {
    if (!search.status || handled.current) return;
    handled.current = true;
    if (search.status === 'paid') {
      toast.success('Pagamento confirmado! Obrigado.');
      setWatching(true);
      setTimeout(() => setWatching(false), WATCH_MS);
      companyActorOf(session).send({ type: 'company.reload' });
    } else if (search.status === 'cancelled' || search.status === 'expired') {
      toast('O pagamento não foi concluído. A cobrança continua em aberto.');
    }
    void queryClient.invalidateQueries({ queryKey: billingQueries.all() });
    void navigate({ to: '.', search: { page: search.page }, replace: true });
  }, [search.status, search.page, navigate, queryClient, session]);

  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_HEADINGS['/app/user/my-billing']}
        description="Seu plano, as mensalidades e os recibos. Pague as que estiverem em aberto por Pix ou boleto."
      />
      {company ? (
        <CompanyBilling companyId={company.id} page={search.page ?? 1} watching={watching} />
      ) : (
        <EmptyState
          title="Você ainda não tem uma empresa conosco"
          action={
            <Link to="/app/panel" className={buttonClass('primary')}>
              Continuar meu cadastro
            </Link>
          }
        >
          O plano é escolhido durante a abertura da empresa ou a troca de contador; as mensalidades aparecem aqui depois.
        </EmptyState>
      )}
    </div>
  );
}

function CompanyBilling({ companyId, page, watching }: { companyId: string; page: number; watching: boolean }) {
  const { company } = useCompanyState();
  const summary = useQuery({ ...billingQueries.summary(companyId), refetchInterval: watching ? 3000 : false });
  const session = useSessionActor();
  // The overdue charge got paid (the confirmation often comes a few seconds after the return): the company is active
  // again on the server, so the banner here and on every page goes once the company is loaded again.
  const settled = company?.status === 'overdue' && summary.data?.overdueCount === 0;
  useEffect(() => {
    if (settled) companyActorOf(session).send({ type: 'company.reload' });
  }, [settled, session]);
  if (summary.isPending) return <PageSpinner label="Carregando sua assinatura…" />;
  if (summary.isError) {
    return (
      <EmptyState
        title="Não foi possível carregar sua assinatura"
        action={<Button onClick={() => summary.refetch()}>Tentar de novo</Button>}
      >
        {summary.error.message}
      </EmptyState>
    );
  }
  return (
    <>
      {company?.status === 'overdue' && (
        <Alert>
          Sua empresa está com pagamento em atraso. Pague a mensalidade vencida abaixo para regularizar: a confirmação por Pix
          chega em segundos; por boleto, em até 3 dias úteis.
        </Alert>
      )}
      {company && <SubscriptionCard company={company} summary={summary.data} />}
      <section aria-labelledby="payments-title" className="space-y-3">
        <h2 id="payments-title" className="text-lg font-bold text-slate-900">
          Mensalidades
        </h2>
        <PaymentList companyId={companyId} page={page} watch={watching} searchFor={(p) => ({ page: p })} />
      </section>
    </>
  );
}
