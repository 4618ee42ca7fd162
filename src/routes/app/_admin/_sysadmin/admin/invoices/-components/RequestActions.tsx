import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { FieldErrors, NfsRequestStatus } from '@domain';
import { MAX_UPLOAD_BYTES, NFS_REQUEST_STATUS_LABEL, formatBytes, nextNfsStatuses, nfsStatusBodySchema, validate } from '@domain';
import { ApiError } from '@/api/errors';
import { changeRequestStatus, invoiceQueries } from '@/api/invoices';
import { uploadFile } from '@/api/documents';
import { FilePicker } from '@/components/FileUpload';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';

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
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [accessKey, setAccessKey] = useState('');
  // The invoice's files travel at once but stay apart: they become the customer's documents only with the invoice.
  const [pdf, setPdf] = useState<HeldFile>();
  const [xml, setXml] = useState<HeldFile>();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({
    mutationFn: ({ to, body }: { to: NfsRequestStatus; body: object }) => changeRequestStatus(id, to, body),
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
  if (options.length === 0) return null;

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
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Ações da equipe</h3>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((to) => (
          <Button
            key={to}
            variant={to === 'rejected' || to === 'cancelled' ? 'secondary' : 'primary'}
            busy={change.isPending && change.variables?.to === to}
            onClick={() => (to === 'issued' || to === 'rejected' || to === 'cancelled' ? setTarget(to) : send(to))}
          >
            {ACTION_LABEL[to]}
          </Button>
        ))}
      </div>
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
