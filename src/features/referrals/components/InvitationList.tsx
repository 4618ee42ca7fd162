import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import toast from '@/lib/toast';
import type { Invitation } from '@domain';
import { INVITATIONS_PAGE_SIZE } from '@domain';
import { referralQueries, resendInvitation } from '../api';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { QueryBoundary } from '@/components/QueryBoundary';
import { EmptyState } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { PageSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';

function ResendButton({ invitation }: { invitation: Invitation }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendInvitation(invitation.id),
    onSuccess: () => {
      toast.success(`Convite reenviado para ${invitation.email}.`);
      void queryClient.invalidateQueries({ queryKey: referralQueries.all() });
    },
    onError: (error) => toast.error(error.message),
  });
  if (!invitation.resendAvailableAt) {
    return <span className="text-xs text-slate-500">{invitation.signedUp ? 'Já tem conta' : 'Limite de reenvios atingido'}</span>;
  }
  const availableAt = new Date(invitation.resendAvailableAt);
  if (availableAt.getTime() > Date.now()) {
    return <span className="text-xs text-slate-500">Reenvio a partir de {formatDateTime(invitation.resendAvailableAt)}</span>;
  }
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      busy={resend.isPending}
      onClick={() => resend.mutate()}
      aria-label={`Reenviar o convite para ${invitation.email}`}
    >
      Reenviar
    </Button>
  );
}

/** The invitations sent, with how many times and when last, and whether the person signed up. */
export function InvitationList({ page, searchFor }: { page: number; searchFor: (page: number) => Record<string, unknown> }) {
  return (
    <QueryBoundary
      errorTitle="Não foi possível carregar os convites"
      loading={<PageSpinner label="Carregando convites…" />}
      resetKey={page}
    >
      <Invitations page={page} searchFor={searchFor} />
    </QueryBoundary>
  );
}

function Invitations({ page, searchFor }: { page: number; searchFor: (page: number) => Record<string, unknown> }) {
  const { data } = useSuspenseQuery(referralQueries.invitations(page));
  if (data.total === 0) {
    return <EmptyState title="Nenhum convite enviado ainda">Use o formulário acima para convidar alguém por e-mail.</EmptyState>;
  }
  return (
    <>
      <Table label="Convites enviados" columns={['Convidado', 'Envios', 'Último envio', 'Situação', '']}>
        {data.data.map((invitation) => (
          <tr key={invitation.id} data-testid="invitation-row">
            <td className="px-4 py-3">
              <span className="block font-medium text-slate-900">{invitation.name ?? invitation.email}</span>
              {invitation.name && <span className="block text-xs text-slate-600">{invitation.email}</span>}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">
              {invitation.sentCount} {invitation.sentCount === 1 ? 'envio' : 'envios'}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(invitation.lastSentAt)}</td>
            <td className="whitespace-nowrap px-4 py-3">
              {invitation.signedUp ? <Badge tone="green">Cadastrou-se</Badge> : <Badge tone="yellow">Aguardando cadastro</Badge>}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-right">
              <ResendButton invitation={invitation} />
            </td>
          </tr>
        ))}
      </Table>
      <Pagination page={page} pageSize={INVITATIONS_PAGE_SIZE} total={data.total} searchFor={searchFor} />
    </>
  );
}
