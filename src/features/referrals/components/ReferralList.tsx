import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { REFERRALS_PAGE_SIZE } from '@domain';
import { referralQueries } from '../api';
import { formatDate } from '@/lib/format';
import { buttonClass } from '@/components/ui/Button';
import { QueryBoundary } from '@/components/QueryBoundary';
import { EmptyState } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { PageSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { ReferralStageBadge } from './ReferralStageBadge';

/** Who signed up with the link: first name, masked e-mail, stage. */
export function ReferralList({ page, searchFor }: { page: number; searchFor: (page: number) => Record<string, unknown> }) {
  return (
    <QueryBoundary
      errorTitle="Não foi possível carregar as indicações"
      loading={<PageSpinner label="Carregando indicações…" />}
      resetKey={page}
    >
      <Referred page={page} searchFor={searchFor} />
    </QueryBoundary>
  );
}

function Referred({ page, searchFor }: { page: number; searchFor: (page: number) => Record<string, unknown> }) {
  const { data } = useSuspenseQuery(referralQueries.referred(page));
  if (data.total === 0) {
    return (
      <EmptyState
        title="Ninguém se cadastrou com o seu link ainda"
        action={
          <Link to="/app/user/my-invites" className={buttonClass('secondary')}>
            Convidar por e-mail
          </Link>
        }
      >
        Compartilhe o link acima ou envie um convite por e-mail: quem se cadastrar aparece aqui com a etapa em que está.
      </EmptyState>
    );
  }
  return (
    <>
      <Table label="Pessoas indicadas" columns={['Nome', 'E-mail', 'Etapa', 'Cadastro em']}>
        {data.data.map((referral, i) => (
          <tr key={`${referral.signedUpAt}-${i}`}>
            <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">{referral.name}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{referral.email}</td>
            <td className="whitespace-nowrap px-4 py-3">
              <ReferralStageBadge stage={referral.stage} />
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(referral.signedUpAt)}</td>
          </tr>
        ))}
      </Table>
      <Pagination page={page} pageSize={REFERRALS_PAGE_SIZE} total={data.total} searchFor={searchFor} />
    </>
  );
}
