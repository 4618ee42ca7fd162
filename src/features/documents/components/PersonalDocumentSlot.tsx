import { ArrowDownTrayIcon, CheckCircleIcon, IdentificationIcon } from '@heroicons/react/24/outline';
import { FileButton } from '@/components/ui/FileButton';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import toast from '@/lib/toast';
import type { CompanyDocument, PersonalDocumentType } from '@domain';
import { DOCUMENT_TYPE_LABEL, MAX_UPLOAD_BYTES, PERSONAL_UPLOAD_ACCEPT, formatBytes } from '@domain';
import { deleteDocument, downloadThroughLink, registerPersonalDocument, uploadFile } from '../api';
import { formatDate } from '@/lib/format';
import { useUpload } from '@/lib/use-upload';
import { UploadStatus } from '@/components/UploadStatus';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';

/** One of the person's own documents: send it, replace it, download it or remove it. */
export function PersonalDocumentSlot({
  type,
  help,
  document,
}: {
  type: PersonalDocumentType;
  help: string;
  document: CompanyDocument | undefined;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const label = DOCUMENT_TYPE_LABEL[type];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['documents', 'personal'] });
  const upload = useUpload({
    kind: 'personal',
    send: async (file, onProgress, signal) => registerPersonalDocument(await uploadFile({ file }, onProgress, signal), type),
    onSent: () => {
      toast.success(document ? `${label}: arquivo substituído.` : `${label} enviado.`);
      void refresh();
    },
  });
  const problem = upload.error;

  const download = useMutation({ mutationFn: () => downloadThroughLink(document!), onError: (e) => toast.error(e.message) });
  const remove = useMutation({
    mutationFn: () => deleteDocument(document!),
    onSuccess: () => {
      toast.success(`${label} removido.`);
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`personal-slot-${type}`}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs"
    >
      <div className="flex items-start gap-3">
        <IdentificationIcon className="size-7 shrink-0 text-brand-700" aria-hidden="true" />
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {label}
          </h2>
          <p className="text-xs text-slate-500">{help}</p>
        </div>
      </div>
      <div className="mt-4 flex-1">
        {document ? (
          <p className="flex items-start gap-2 text-sm text-slate-800">
            <CheckCircleIcon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block truncate font-medium" title={document.name}>
                {document.name}
              </span>
              <span className="text-xs text-slate-500">
                {formatBytes(document.size)} · enviado em {formatDate(document.createdAt)}
              </span>
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-600">Ainda não enviado.</p>
        )}
        <UploadStatus upload={upload} label={`Envio de ${label}`} errorId={`${id}-error`} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <FileButton
          accept={PERSONAL_UPLOAD_ACCEPT}
          aria-label={`${document ? 'Substituir' : 'Enviar'} ${label}`}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          disabled={upload.busy}
          onFile={(file) => upload.actor.send({ type: 'file.choose', file })}
        >
          {document ? 'Substituir' : 'Enviar'}
        </FileButton>
        {document && (
          <>
            <Button
              variant="secondary"
              busy={download.isPending}
              onClick={() => download.mutate()}
              aria-label={`Baixar ${label}`}
            >
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> Baixar
            </Button>
            <ConfirmButton
              variant="ghost"
              busy={remove.isPending}
              title={`Remover ${label}?`}
              description="O arquivo será excluído. Você pode enviar outro quando quiser."
              confirmLabel="Remover"
              onConfirm={() => remove.mutate()}
              aria-label={`Remover ${label}`}
            >
              Remover
            </ConfirmButton>
          </>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
        PDF ou foto (PNG, JPG, WEBP), até {formatBytes(MAX_UPLOAD_BYTES)}.
      </p>
    </section>
  );
}
