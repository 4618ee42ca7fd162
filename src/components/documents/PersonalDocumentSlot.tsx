import { ArrowDownTrayIcon, ArrowUpTrayIcon, CheckCircleIcon, IdentificationIcon } from '@heroicons/react/24/outline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { CompanyDocument, PersonalDocumentType } from '@domain';
import { DOCUMENT_TYPE_LABEL, MAX_UPLOAD_BYTES, PERSONAL_UPLOAD_ACCEPT, formatBytes, uploadProblem } from '@domain';
import { deleteDocument, downloadThroughLink, registerPersonalDocument, uploadFile } from '../../api/documents';
import { ApiError } from '../../api/errors';
import { formatDate } from '../../lib/format';
import { Button } from '../ui/Button';
import { ConfirmButton } from '../ui/ConfirmButton';
import { UploadProgress } from './UploadProgress';

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
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const label = DOCUMENT_TYPE_LABEL[type];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['documents', 'personal'] });

  async function send(file: File) {
    setProblem(null);
    const wrong = uploadProblem(file, { personal: true });
    if (wrong) return setProblem(wrong);
    setProgress(0);
    try {
      const token = await uploadFile({ file }, setProgress);
      await registerPersonalDocument(token, type);
      toast.success(document ? `${label}: arquivo substituído.` : `${label} enviado.`);
      await refresh();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : 'Não foi possível enviar o arquivo. Tente novamente.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

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
        {progress !== null && (
          <div className="mt-3">
            <UploadProgress percent={progress} label={`Envio de ${label}`} />
          </div>
        )}
        {problem && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-xs font-medium text-red-600">
            {problem}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-400 has-disabled:cursor-not-allowed has-disabled:opacity-50">
          <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
          {document ? 'Substituir' : 'Enviar'}
          <input
            ref={input}
            type="file"
            accept={PERSONAL_UPLOAD_ACCEPT}
            className="sr-only"
            aria-label={`${document ? 'Substituir' : 'Enviar'} ${label}`}
            aria-describedby={problem ? `${id}-error` : `${id}-hint`}
            disabled={progress !== null}
            onChange={(e) => e.target.files?.[0] && send(e.target.files[0])}
          />
        </label>
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
