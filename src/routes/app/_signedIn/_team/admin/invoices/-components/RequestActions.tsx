import type { NfsStatusBody, FieldErrors, NfsRequestStatus } from '@domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import { MAX_UPLOAD_BYTES, NFS_REQUEST_STATUS_LABEL, formatBytes, nextNfsStatuses, nfsStatusBodySchema, validate } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { changeRequestStatus, invoiceQueries } from '@/features/invoices/api';
import { uploadFile } from '@/features/documents/api';
import { downloadCancellationRequest, downloadSignedDps } from '@/features/invoices/nfse-api';
import { FilePicker } from '@/features/onboarding/components/FileUpload';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { canEmitNationally, formatWhen, isNationalInvoice, queueRowNote } from '@/features/invoices/nfse';
import { CorrectionDialog } from './CorrectionDialog';
import { EmissionDialog, NationalErrors } from './EmissionDialog';
import { NationalCancelDialog } from './NationalCancelDialog';
import { SubstitutionDialog } from './SubstitutionDialog';

const ACTION_LABEL: Record<NfsRequestStatus, string> = {
  requested: 'Devolver para a fila',
  processing: 'Começar emissão',
  issued: 'Registrar emissão',
  rejected: 'Recusar',
  cancelled: 'Cancelar nota',
};

/** A file sent through a signed link and not registered yet: its upload token, and its name to show. */
interface HeldFile {
  token: string;
  fileName: string;
}

/** Sends a file of the company through a signed link, without making it a document. */
const holdFile =
  (companyId: string) =>
  (file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<HeldFile> =>
    uploadFile({ file, companyId }, onProgress, signal).then((token) => ({ token, fileName: file.name }));

/** The team's moves on a request: only those the request lifecycle machine allows from where it is. */
export function RequestActions({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const { data: request } = useQuery(invoiceQueries.request(id));
  const [target, setTarget] = useState<NfsRequestStatus | null>(null);
  const [emitting, setEmitting] = useState(false);
  const [cancellingNational, setCancellingNational] = useState(false);
  const [substituting, setSubstituting] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [accessKey, setAccessKey] = useState('');
  // The invoice's files travel at once but stay apart: they become the customer's documents only with the invoice.
  const [pdf, setPdf] = useState<HeldFile>();
  const [xml, setXml] = useState<HeldFile>();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({
    mutationFn: ({ to, body }: { to: NfsRequestStatus; body: NfsStatusBody }) => changeRequestStatus(id, to, body),
    onSuccess: (updated) => {
      toast.success(`Nota marcada como "${NFS_REQUEST_STATUS_LABEL[updated.status]}".`);
      setTarget(null);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else toast.error(error.message);
    },
  });
  if (!request) return null;
  const options = nextNfsStatuses(request.status);
  const national = isNationalInvoice(request);
  const emittable = canEmitNationally(request);
  const note = queueRowNote(request);
  const emission = request.emission;
  const refusal = request.status === 'rejected' ? (emission?.errors ?? []) : [];
  if (options.length === 0 && !emission) return null;

  function send(to: NfsRequestStatus) {
    const body =
      to === 'issued'
        ? { invoiceNumber, accessKey, pdfUploadToken: pdf?.token, xmlUploadToken: xml?.token }
        : to === 'rejected' || to === 'cancelled'
          ? { reason }
          : {};
    const checked = validate(nfsStatusBodySchema(to), body);
    if (!checked.ok) return setErrors(checked.fields);
    change.mutate({ to, body });
  }

  const needsForm = target === 'issued' || target === 'rejected' || target === 'cancelled';
  // Nothing signed yet: the request is still what the team may correct instead of refusing it.
  const correctable = request.status === 'requested' && !emission?.hasSignedDps;
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Ações da equipe</h3>
      {emission && (
        <p className="mt-2 text-xs text-slate-600">
          {emission.state === 'issued' && emission.issuedAt
            ? `Emitida pelo Sistema Nacional em ${formatWhen(emission.issuedAt)}. `
            : emission.state === 'cancelled' && emission.cancelledAt
              ? `Cancelada no Sistema Nacional em ${formatWhen(emission.cancelledAt)}. `
              : emission.state === 'substituted'
                ? 'Cancelada por substituição no Sistema Nacional. '
                : ''}
          DPS nº {emission.dpsNumber}, série {emission.dpsSeries}
          {emission.attempts > 0 ? ` · ${emission.attempts === 1 ? '1 tentativa' : `${emission.attempts} tentativas`}` : ''}
          <span className="block break-all font-mono">{emission.dpsId}</span>
        </p>
      )}
      {emission && (emission.hasSignedDps || emission.hasCancellationRequest) && (
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {emission.hasSignedDps && (
            <button
              type="button"
              className="font-medium text-brand-700 underline hover:text-brand-800"
              onClick={() => downloadSignedDps(request.id, emission.dpsId).catch((e: Error) => toast.error(e.message))}
            >
              Baixar DPS enviada (XML)
            </button>
          )}
          {emission.hasCancellationRequest && (
            <button
              type="button"
              className="font-medium text-brand-700 underline hover:text-brand-800"
              onClick={() => downloadCancellationRequest(request.id, emission.dpsId).catch((e: Error) => toast.error(e.message))}
            >
              Baixar pedido de cancelamento (XML)
            </button>
          )}
        </div>
      )}
      {note && request.status !== 'rejected' && (
        <p
          className={`mt-2 rounded-md px-3 py-2 text-sm ${note.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
        >
          {note.text}
        </p>
      )}
      {refusal.length > 0 && (
        <div className="mt-2 rounded-md bg-red-50 px-3 py-2 text-red-900">
          <p className="text-sm font-semibold">Recusa do Sistema Nacional</p>
          <NationalErrors errors={refusal} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {emittable && <Button onClick={() => setEmitting(true)}>Emitir pelo Sistema Nacional</Button>}
        {correctable && (
          <Button variant="secondary" onClick={() => setCorrecting(true)}>
            Corrigir solicitação
          </Button>
        )}
        {options.map((to) =>
          // A national NFS-e is cancelled by an event at the national system, not by a status change here.
          to === 'cancelled' && national ? (
            <div key={to} className="contents">
              <Button variant="secondary" onClick={() => setSubstituting(true)}>
                Substituir nota
              </Button>
              <Button variant="secondary" onClick={() => setCancellingNational(true)}>
                Cancelar NFS-e
              </Button>
            </div>
          ) : (
            <Button
              key={to}
              variant={to === 'rejected' || to === 'cancelled' || (emittable && to === 'issued') ? 'secondary' : 'primary'}
              busy={change.isPending && change.variables?.to === to}
              onClick={() => (to === 'issued' || to === 'rejected' || to === 'cancelled' ? setTarget(to) : send(to))}
            >
              {ACTION_LABEL[to]}
            </Button>
          ),
        )}
      </div>
      {emittable && (
        <p className="mt-2 text-xs text-slate-500">
          Para municípios fora do Sistema Nacional, emita no portal da prefeitura e use “Registrar emissão”.
        </p>
      )}
      <EmissionDialog requestId={request.id} open={emitting} onClose={() => setEmitting(false)} />
      {correctable && <CorrectionDialog request={request} open={correcting} onClose={() => setCorrecting(false)} />}
      {national && (
        <NationalCancelDialog
          requestId={request.id}
          invoiceNumber={request.invoiceNumber}
          open={cancellingNational}
          onClose={() => setCancellingNational(false)}
        />
      )}
      {national && <SubstitutionDialog request={request} open={substituting} onClose={() => setSubstituting(false)} />}
      {needsForm && (
        <form
          className="mt-4 space-y-4 border-t border-slate-100 pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            send(target);
          }}
        >
          {target === 'issued' ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Número da nota"
                  value={invoiceNumber}
                  onChange={(e) => setInvoiceNumber(e.target.value)}
                  error={errors.invoiceNumber}
                />
                <TextField
                  label="Chave de acesso (opcional)"
                  value={accessKey}
                  onChange={(e) => setAccessKey(e.target.value)}
                  error={errors.accessKey}
                />
              </div>
              <FilePicker
                label="PDF da nota"
                accept=".pdf"
                hint={`Arquivo .pdf, até ${formatBytes(MAX_UPLOAD_BYTES)}. O cliente o recebe quando a emissão for registrada.`}
                value={pdf}
                send={holdFile(request.companyId)}
                onSent={setPdf}
                error={errors.pdfUploadToken}
              />
              <FilePicker
                label="XML da nota"
                accept=".xml"
                hint={`Arquivo .xml, até ${formatBytes(MAX_UPLOAD_BYTES)}. O cliente o recebe quando a emissão for registrada.`}
                value={xml}
                send={holdFile(request.companyId)}
                onSent={setXml}
                error={errors.xmlUploadToken}
              />
            </>
          ) : (
            <TextAreaField
              label={target === 'rejected' ? 'Motivo da recusa (o cliente vê)' : 'Motivo do cancelamento (o cliente vê)'}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={errors.reason}
            />
          )}
          <div className="flex gap-2">
            <Button type="submit" busy={change.isPending}>
              {ACTION_LABEL[target]}
            </Button>
            <Button variant="ghost" onClick={() => setTarget(null)}>
              Voltar
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
