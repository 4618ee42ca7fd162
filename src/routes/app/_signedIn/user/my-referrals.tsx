import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { referralQueries } from '@/features/referrals/api';
import { ReferralLinkCard } from '@/features/referrals/components/ReferralLinkCard';
import { ReferralList } from '@/features/referrals/components/ReferralList';
import { StageSummary } from '@/features/referrals/components/StageSummary';
import { buttonClass } from '@/components/ui/Button';
import { QueryBoundary } from '@/components/QueryBoundary';
import { PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { requireCompany } from '@/lib/guards';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const ReferralsSearch = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/user/my-referrals')({
  // Pages of the person that still need a company chosen (the other /app/user pages do not).
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
  validateSearch: ReferralsSearch,
  head: () => headOfPage('/app/user/my-referrals'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(referralQueries.me());
    void context.queryClient.prefetchQuery(referralQueries.referred(deps.page ?? 1));
  },
  component: ReferralsPage,
});

function ReferralsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_HEADINGS['/app/user/my-referrals']}
        description="Indique o Contábil para outros empreendedores e acompanhe quem se cadastrou com o seu link."
        actions={
          <Link to="/app/user/my-invites" className={buttonClass('secondary')}>
            Convidar por e-mail
          </Link>
        }
      />
      <QueryBoundary
        errorTitle="Não foi possível carregar suas indicações"
        loading={<PageSpinner label="Carregando seu link…" />}
      >
        <Referrals />
      </QueryBoundary>
    </div>
  );
}

function Referrals() {
  const search = Route.useSearch();
  const { data: summary } = useSuspenseQuery(referralQueries.me());
  return (
    <>
      <ReferralLinkCard link={summary.link} />
      <StageSummary counts={summary.counts} />
      <section aria-labelledby="referred-title" className="space-y-3">
        <h2 id="referred-title" className="text-lg font-bold text-slate-900">
          Quem se cadastrou ({summary.total})
        </h2>
        <p className="text-sm text-slate-600">Por privacidade, mostramos só o primeiro nome e parte do e-mail de cada pessoa.</p>
        <ReferralList page={search.page ?? 1} searchFor={(page) => ({ page })} />
      </section>
    </>
  );
}
