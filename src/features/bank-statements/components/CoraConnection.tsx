import { ArrowPathIcon, ExclamationTriangleIcon, LinkIcon } from '@heroicons/react/24/outline';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import toast from '@/lib/toast';
import type { BankConnection } from '@domain';
import { bankQueries, invalidateMovements, syncConnection } from '../api';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { formatMoment, plural } from '../format';
import { useStartCoraConnection } from './useStartCoraConnection';

const LINK_CLASS =
  'rounded-sm text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** "Sincronização concluída: 3 movimentações novas." */
export const syncDoneMessage = (added: number) =>
  `Sincronização concluída: ${plural(added, 'movimentação nova', 'movimentações novas')}.`;

function ConnectButton({ companyId, again = false }: { companyId: string; again?: boolean }) {
  const { start, leaving } = useStartCoraConnection(companyId);
  return (
    <Button variant={again ? 'secondary' : 'primary'} busy={leaving} onClick={start}>
      {!leaving && <LinkIcon className="size-4" aria-hidden="true" />}
      {again ? 'Conectar de novo' : 'Conectar conta Cora'}
    </Button>
  );
}

/** One connection: its status, when it last pulled the statement, and "Sincronizar agora". */
function ConnectionDetails({ connection }: { connection: BankConnection }) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: syncConnection,
    onSuccess: (result) => {
      toast.success(syncDoneMessage(result.import.added));
      queryClient.setQueryData(
        bankQueries.connections(connection.companyId).queryKey,
        (page) => page && { ...page, data: page.data.map((c) => (c.id === result.connection.id ? result.connection : c)) },
      );
      void invalidateMovements(queryClient);
    },
    onError: (error) => toast.error(error.message),
    // Success or failure, the connection's status and last sync time may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankQueries.connections(connection.companyId).queryKey }),
  });
  const failing = connection.status === 'error';
  return (
    <div data-testid="cora-connection" className="mt-4 space-y-3">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Situação</dt>
          <dd className="mt-0.5">{failing ? <Badge tone="red">Com erro</Badge> : <Badge tone="green">Conectada</Badge>}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Sincronização</dt>
          <dd className="mt-0.5 text-slate-800">
            {connection.lastSyncAt ? `Última sincronização: ${formatMoment(connection.lastSyncAt)}` : 'Ainda não sincronizada'}
          </dd>
        </div>
      </dl>
      {failing && (
        <div className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <ExclamationTriangleIcon className="size-5 shrink-0" aria-hidden="true" />
          <p>{connection.lastError ?? 'A última sincronização falhou. Tente de novo ou conecte a conta outra vez.'}</p>
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button variant="primary" busy={sync.isPending} onClick={() => sync.mutate(connection)}>
          {!sync.isPending && <ArrowPathIcon className="size-4" aria-hidden="true" />}
          Sincronizar agora
        </Button>
        {failing && <ConnectButton companyId={connection.companyId} again />}
        {connection.accountId && (
          <Link
            to="/app/bank-statements/accounts/$accountId/transactions"
            params={{ accountId: connection.accountId }}
            className={LINK_CLASS}
          >
            Ver movimentações da conta Cora
          </Link>
        )}
      </div>
      {sync.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Sincronizando com a Cora…
        </p>
      )}
    </div>
  );
}

/**
 * The "Conta Cora" card of the bank statements page: connect the company's Cora account, or see how its connection
 * is doing and pull new movements now. Shown only where the `cora` feature flag is on (the page decides).
 */
export function CoraConnection({ companyId }: { companyId: string }) {
  const connections = useQuery(bankQueries.connections(companyId));
  const cora = connections.data?.data.filter((connection) => connection.provider === 'cora') ?? [];
  return (
    <section
      aria-labelledby="cora-connection-title"
      aria-busy={connections.isPending || undefined}
      data-testid="cora-card"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="cora-connection-title" className="text-base font-semibold text-slate-900">
        Conta Cora
      </h2>
      {connections.isPending ? (
        // As tall as the card without a connection (its text and button): the page below does not move when it comes.
        <p role="status" className="mt-1 min-h-20 text-sm text-slate-600">
          Carregando a conexão com a Cora…
        </p>
      ) : connections.isError ? (
        <div className="mt-3">
          <Alert>{connections.error.message}</Alert>
        </div>
      ) : cora.length === 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Conecte sua conta PJ da Cora e suas movimentações chegam sozinhas, sem exportar arquivos.
          </p>
          <div className="mt-4">
            <ConnectButton companyId={companyId} />
          </div>
        </>
      ) : (
        cora.map((connection) => <ConnectionDetails key={connection.id} connection={connection} />)
      )}
    </section>
  );
}
