import { useQuery, useQueryClient } from '@tanstack/react-query';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { NfsRequest } from '@domain';
import { formatMoney } from '@domain';
import { emitRequest, fetchPendingRequests, fiscalProfileQueries } from '@/features/invoices/nfse-api';
import { formatCompetence } from '@/features/invoices/format';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { inspectAll, machineLog } from '@/lib/machine-log';
import type { BulkOutcome, BulkResult } from '@/features/invoices/nfse';
import { bulkResultOf, bulkSummary } from '@/features/invoices/nfse';
import { appInspect } from '@/lib/session-handle';
import { nfseBulkEmissionMachine } from '@machines/nfseBulkEmission.machine';

const OUTCOME: Record<BulkOutcome, { label: string; className: string }> = {
  issued: { label: 'Emitida', className: 'text-emerald-800' },
  rejected: { label: 'Recusada', className: 'text-red-700' },
  processing: { label: 'Aguardando', className: 'text-amber-800' },
  failed: { label: 'Não enviada', className: 'text-red-700' },
};

/**
 * "Emitir todas pelo Sistema Nacional" for one company and competence: the pending requests listed first, then sent
 * one after another with a progress bar (the bulk emission machine: one request's failure never stops the others, and
 * "Parar" starts no new one).
 */
export function BulkEmissionDialog({
  companyId,
  companyLabel,
  competence,
  open,
  onClose,
}: {
  companyId: string;
  companyLabel: string;
  competence: string;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const pending = useQuery({
    // Not under ['invoices']: the run's invalidation must not swap the list being reported for an emptier one.
    queryKey: ['nfse-bulk-pending', companyId, competence],
    queryFn: () => fetchPendingRequests(companyId, competence),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  // A company without a profile or a valid certificate would fail every request the same way: said before starting.
  const fiscal = useQuery({ ...fiscalProfileQueries.detail(companyId), enabled: open });
  const notReady = fiscal.data && !fiscal.data.ready ? fiscal.data.missing : null;
  const [machine] = useState(() =>
    nfseBulkEmissionMachine.provide({
      actors: {
        emit: fromPromise(async ({ input }: { input: { id: string } }) => {
          const { outcome, detail } = bulkResultOf(input.id, await emitRequest(input.id));
          return { outcome, detail };
        }),
      },
      actions: { finished: () => void queryClient.invalidateQueries({ queryKey: ['invoices'] }) },
    }),
  );
  const actor = useActorRef(machine, { inspect: inspectAll(machineLog(), appInspect()) });
  const { phase, results, stopping, stopped } = useSelector(
    actor,
    (s) => ({
      phase: s.matches('review') ? ('review' as const) : s.hasTag('busy') ? ('running' as const) : ('done' as const),
      results: s.context.results,
      stopping: s.context.stopping,
      stopped: s.matches('stopped'),
    }),
    shallowEqual,
  );
  // The run reports on the requests it started with, whatever the list says afterwards.
  const [listed, setListed] = useState<NfsRequest[] | null>(null);
  const requests = listed ?? pending.data ?? [];
  const total = requests.length;

  function start() {
    setListed(requests);
    actor.send({ type: 'bulk.start', ids: requests.map((request) => request.id) });
  }

  function close() {
    if (phase === 'running') return;
    actor.send({ type: 'bulk.reset' });
    setListed(null);
    onClose();
  }

  const done = results.length;
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <Modal open={open} onClose={close} className="max-w-2xl p-0" testId="bulk-emission-dialog">
      <div className="flex max-h-[90dvh] flex-col">
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <ModalTitle className="text-lg font-bold text-slate-900">Emitir todas pelo Sistema Nacional</ModalTitle>
          <ModalDescription className="mt-1 text-sm text-slate-600">
            {companyLabel} · competência {formatCompetence(competence)}
          </ModalDescription>
        </div>
        <div className="flex-1 space-y-4 overflow-y-auto px-5 py-4 sm:px-6">
          {!listed && pending.isPending ? (
            <div className="py-6 text-brand-700">
              <Spinner label="Buscando as solicitações pendentes…" />
            </div>
          ) : !listed && pending.isError ? (
            <Alert>Não foi possível buscar as solicitações: {pending.error.message}</Alert>
          ) : total === 0 ? (
            <p className="text-sm text-slate-600">Nenhuma solicitação pendente desta empresa nesta competência.</p>
          ) : (
            <>
              {phase === 'review' && notReady && (
                <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                  <p className="font-semibold">Esta empresa ainda não pode emitir pelo Sistema Nacional:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {notReady.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </div>
              )}
              {phase === 'review' ? (
                <p className="text-sm text-slate-700">
                  {total === 1
                    ? '1 solicitação pendente será enviada.'
                    : `${total} solicitações pendentes serão enviadas, uma de cada vez.`}{' '}
                  Uma recusa não interrompe as demais.
                </p>
              ) : (
                <div>
                  <div
                    role="progressbar"
                    aria-label="Emissão em lote"
                    aria-valuemin={0}
                    aria-valuemax={total}
                    aria-valuenow={done}
                    aria-valuetext={`${done} de ${total}`}
                  >
                    <div className="h-2 overflow-hidden rounded-full bg-slate-200">
                      <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
                    </div>
                  </div>
                  <p className="mt-1 text-sm text-slate-700" aria-live="polite">
                    {done} de {total}
                    {phase === 'running' && (stopping ? ' · parando depois desta nota…' : ' · enviando…')}
                  </p>
                </div>
              )}
              {phase === 'done' && (
                <Alert tone={results.some((r) => r.outcome === 'failed' || r.outcome === 'rejected') ? 'info' : 'success'}>
                  <span data-testid="bulk-summary">
                    {stopped ? `Interrompido em ${done} de ${total}. ` : 'Concluído. '}
                    {bulkSummary(results)}.
                  </span>
                </Alert>
              )}
              <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {requests.map((request) => (
                  <BulkRow key={request.id} request={request} result={results.find((r) => r.id === request.id)} />
                ))}
              </ol>
            </>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          {phase === 'running' ? (
            <Button variant="secondary" disabled={stopping} onClick={() => actor.send({ type: 'bulk.stop' })}>
              Parar
            </Button>
          ) : (
            <>
              <Button variant={phase === 'done' ? 'primary' : 'secondary'} onClick={close}>
                {phase === 'done' ? 'Fechar' : 'Voltar'}
              </Button>
              {phase === 'review' && total > 0 && (
                <Button onClick={start} disabled={!!notReady}>
                  {total === 1 ? 'Emitir 1 nota' : `Emitir ${total} notas`}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}

function BulkRow({ request, result }: { request: NfsRequest; result: BulkResult | undefined }) {
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{request.customerName}</span>
        <span className="text-xs text-slate-500">{formatMoney(request.totalCents)}</span>
      </span>
      <span className={`sm:max-w-[60%] sm:text-right ${result ? OUTCOME[result.outcome].className : 'text-slate-500'}`}>
        {result ? (
          <>
            <span className="font-semibold">{OUTCOME[result.outcome].label}</span>
            <span className="block text-xs">{result.detail}</span>
          </>
        ) : (
          'Na fila'
        )}
      </span>
    </li>
  );
}
