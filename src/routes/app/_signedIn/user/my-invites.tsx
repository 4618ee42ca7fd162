import { Link, createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { INVITATIONS_PER_DAY, INVITATION_MAX_SENDS, INVITATION_RESEND_AFTER_HOURS } from '@domain';
import { referralQueries } from '@/features/referrals/api';
import { InvitationForm } from '@/features/referrals/components/InvitationForm';
import { InvitationList } from '@/features/referrals/components/InvitationList';
import { PageHeader } from '@/components/ui/Card';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const InvitesSearch = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/user/my-invites')({
  validateSearch: InvitesSearch,
  head: () => headOfPage('/app/user/my-invites'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(referralQueries.invitations(deps.page ?? 1));
  },
  component: InvitesPage,
});

function InvitesPage() {
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_HEADINGS['/app/user/my-invites']}
        description={
          <>
            Convide pessoas por e-mail para conhecer o Contábil. Acompanhe quem se cadastrou em{' '}
            <Link to="/app/user/my-referrals" className="font-semibold text-brand-700 underline">
              Indicações
            </Link>
            .
          </>
        }
      />
      <InvitationForm />
      <section aria-labelledby="invitations-title" className="space-y-3">
        <h2 id="invitations-title" className="text-lg font-bold text-slate-900">
          Convites enviados
        </h2>
        <p className="text-sm text-slate-600">
          Até {INVITATIONS_PER_DAY} convites por dia. Cada convite pode ser reenviado {INVITATION_RESEND_AFTER_HOURS} horas depois
          do último envio, no máximo {INVITATION_MAX_SENDS} envios ao todo.
        </p>
        <InvitationList page={search.page ?? 1} searchFor={(page) => ({ page })} />
      </section>
    </div>
  );
}
