import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import toast from '@/lib/toast';
import type { NfsRequest } from '@domain';
import type { NfseEmissionPreview } from '@domain/nfseEmission';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import { ApiError } from '@/lib/api/errors';
import { emissionQueries, emitRequest } from '@/features/invoices/nfse-api';
import { downloadDocument } from '@/features/onboarding/documents';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { formatAccessKey } from '@domain/nfseEmission';
import { retryPlanText } from '@/features/invoices/nfse';

/**
 * "Emitir pelo Sistema Nacional": what will be sent (the DPS in words, its id, number and series), what stops it, then
 * the national system's answer — the invoice, its refusal or the retry plan. Nothing is sent before "Emitir".
 */
export function EmissionDialog({ requestId, open, onClose }: { requestId: string; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const preview = useQuery({ ...emissionQueries.preview(requestId), enabled: open });
  const emit = useMutation({
    mutationFn: () => emitRequest(requestId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
    onError: (error) => {
      // Nothing was sent (the DPS did not validate) or the request cannot go: the preview says why now.
      if (error instanceof ApiError && (error.status === 422 || error.status === 409)) void preview.refetch();
    },
  });
  const close = () => {
    if (emit.isPending) return;
    emit.reset();
    onClose();
  };

  return (
    <Modal open={open} onClose={close} className="max-w-2xl p-0" testId="emission-dialog">
      <div className="flex max-h-[90dvh] flex-col">
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <ModalTitle className="text-lg font-bold text-slate-900">Emitir pelo Sistema Nacional</ModalTitle>
          <ModalDescription className="mt-1 text-sm text-slate-600">
            {emit.data
              ? 'Resposta do Sistema Nacional da NFS-e.'
              : 'Confira o que será enviado. Nada é enviado antes de você confirmar.'}
          </ModalDescription>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4 sm:px-6">
          {emit.data ? (
            <EmissionResult request={emit.data} />
          ) : preview.isPending ? (
            <div className="py-8 text-brand-700">
              <Spinner label="Montando e conferindo a DPS…" />
            </div>
          ) : preview.isError ? (
            <div className="space-y-3">
              <Alert>Não foi possível montar a prévia: {preview.error.message}</Alert>
              <Button variant="secondary" onClick={() => void preview.refetch()}>
                Tentar de novo
              </Button>
            </div>
          ) : (
            <>
              {emit.error && (
                <div className="mb-4">
                  <Alert>{emit.error.message}</Alert>
                </div>
              )}
              <PreviewView preview={preview.data} />
            </>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-6">
          {emit.data ? (
            <Button onClick={close}>Fechar</Button>
          ) : (
            <EmitFooter preview={preview.data} busy={emit.isPending} onEmit={() => emit.mutate()} onCancel={close} />
          )}
        </div>
      </div>
    </Modal>
  );
}

function EmitFooter({
  preview,
  busy,
  onEmit,
  onCancel,
}: {
  preview: NfseEmissionPreview | undefined;
  busy: boolean;
  onEmit: () => void;
  onCancel: () => void;
}) {
  const reasonId = useId();
  const reason = !preview
    ? null
    : preview.ready
      ? null
      : preview.blockers.length
        ? 'Resolva os impedimentos acima para emitir.'
        : preview.issues.length
          ? 'A DPS não está de acordo com o leiaute nacional: corrija os campos acima.'
          : 'Esta solicitação ainda não pode ser emitida.';
  return (
    <>
      {reason && (
        <p id={reasonId} className="text-sm text-red-700 sm:mr-auto">
          {reason}
        </p>
      )}
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Voltar
      </Button>
      <Button onClick={onEmit} busy={busy} disabled={!preview?.ready} aria-describedby={reason ? reasonId : undefined}>
        {busy ? 'Enviando ao Sistema Nacional…' : 'Emitir NFS-e'}
      </Button>
    </>
  );
}

function PreviewView({ preview }: { preview: NfseEmissionPreview }) {
  const plan = retryPlanText(preview.emission);
  return (
    <div className="space-y-4">
      {plan && (
        <Alert tone="info">
          Esta nota já foi enviada e aguarda confirmação. {plan} Emitir agora consulta o Sistema Nacional antes de reenviar.
        </Alert>
      )}
      {preview.blockers.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">O que impede a emissão:</p>
          <ul className="mt-1 list-disc pl-5">
            {preview.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.issues.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">Campos recusados pelo leiaute nacional (XSD):</p>
          <ul className="mt-1 space-y-1">
            {preview.issues.map((issue) => (
              <li key={`${issue.path}:${issue.message}`}>
                <span className="font-medium">{issue.field}</span>: {issue.message}
                <span className="block font-mono text-xs text-red-700/80">{issue.path}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.dps ? (
        <section aria-label="DPS a enviar" className="space-y-3">
          <div className="rounded-lg bg-slate-50 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              DPS nº {preview.dps.number} · série {preview.dps.series}
              <span className="ml-2 text-xs font-normal text-slate-600">
                {preview.dps.numberAllocated
                  ? '(número reservado para esta nota)'
                  : '(próximo número livre, reservado ao emitir)'}
              </span>
            </p>
            <p className="mt-1 break-all font-mono text-xs text-slate-700">{preview.dps.id}</p>
          </div>
          <dl className="divide-y divide-slate-100 text-sm">
            {preview.dps.summary.map(([label, value]) => (
              <div key={label} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
                <dt className="text-slate-500">{label}</dt>
                <dd className="text-slate-800 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <details className="rounded-lg border border-slate-200">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">
              Ver o XML da DPS (sem assinatura)
            </summary>
            <pre className="max-h-72 overflow-auto border-t border-slate-200 bg-slate-50 p-3 text-xs leading-relaxed text-slate-800">
              {preview.dps.xml}
            </pre>
          </details>
        </section>
      ) : (
        <p className="text-sm text-slate-600">A DPS não pôde ser montada com os dados de hoje.</p>
      )}
    </div>
  );
}

/** A refusal's national codes, each with what it means for the team. */
export function NationalErrors({ errors }: { errors: ExplainedNationalError[] }) {
  return (
    <ul className="space-y-2">
      {errors.map((error, index) => (
        <li key={`${error.code}-${index}`} className="text-sm">
          <span className="font-mono font-semibold">{error.code}</span> — {error.explanation}
          {(error.description || error.complement) && (
            <span className="block text-xs opacity-80">
              Sistema Nacional: {error.description}
              {error.complement ? ` (${error.complement})` : ''}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The national system's answer: the invoice and its files, the refusal, or when it will be looked up again. */
export function EmissionResult({ request }: { request: NfsRequest }) {
  if (request.status === 'issued') {
    const number = request.invoiceNumber ?? request.emission?.nfseNumber ?? '';
    const key = request.accessKey ?? request.emission?.accessKey;
    const download = (documentId: string, name: string) =>
      downloadDocument({ id: documentId, companyId: request.companyId, name }).catch((e: Error) => toast.error(e.message));
    return (
      <section className="rounded-lg border border-emerald-200 bg-emerald-50 p-4" role="status" data-testid="emission-issued">
        <p className="text-base font-semibold text-emerald-900">NFS-e nº {number} emitida.</p>
        {key && (
          <div className="mt-2">
            <p className="text-xs font-medium uppercase tracking-wide text-emerald-800">Chave de acesso</p>
            <p className="mt-1 font-mono text-sm text-emerald-950" data-testid="access-key">
              {formatAccessKey(key)}
            </p>
          </div>
        )}
        <p className="mt-2 text-sm text-emerald-900">O PDF (DANFSe) e o XML já estão nos documentos do cliente.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {request.pdfDocumentId && (
            <Button variant="secondary" onClick={() => download(request.pdfDocumentId!, `NFS-e ${number}.pdf`)}>
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> PDF (DANFSe)
            </Button>
          )}
          {request.xmlDocumentId && (
            <Button variant="secondary" onClick={() => download(request.xmlDocumentId!, `NFS-e ${number}.xml`)}>
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> XML
            </Button>
          )}
        </div>
      </section>
    );
  }
  if (request.status === 'rejected') {
    const errors = request.emission?.errors ?? [];
    return (
      <section
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
        role="alert"
        data-testid="emission-rejected"
      >
        <p className="font-semibold">O Sistema Nacional recusou a nota.</p>
        {errors.length ? (
          <div className="mt-2">
            <NationalErrors errors={errors} />
          </div>
        ) : (
          <p className="mt-1 text-sm">{request.reason ?? request.emission?.lastError}</p>
        )}
        <p className="mt-3 text-sm">A solicitação foi marcada como recusada com este motivo, que o cliente vê.</p>
      </section>
    );
  }
  return (
    <section
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
      role="status"
      data-testid="emission-processing"
    >
      <p className="font-semibold">O Sistema Nacional não confirmou a emissão ainda.</p>
      <p className="mt-1 text-sm">
        {retryPlanText(request.emission) ?? 'A nota continua em emissão e será consultada de novo.'} A mesma DPS é consultada
        antes de qualquer reenvio: a nota nunca sai duas vezes.
      </p>
    </section>
  );
}
