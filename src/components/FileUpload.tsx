import { ArrowUpTrayIcon, CheckCircleIcon, DocumentIcon } from '@heroicons/react/24/outline';
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import type { CompanyDocument, DocumentType, StepId } from '@domain';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, UPLOAD_MESSAGES, formatBytes } from '@domain';
import { ApiError } from '../api/errors';
import { uploadDocument } from '../api/onboarding';
import { useSessionActor } from '../lib/session-handle';

/**
 * Picks a file and uploads it at once as a company document, with a progress bar; reports the document so the
 * step can refer to it.
 */
export function FileUpload({
  label,
  companyId,
  type,
  stepId,
  value,
  onUploaded,
  error,
  help,
}: {
  label: string;
  companyId: string;
  type: DocumentType;
  stepId?: StepId;
  /** The name of the file already uploaded, if any. */
  value?: { documentId: string; fileName?: string };
  onUploaded: (document: CompanyDocument) => void;
  error?: string;
  help?: string;
}) {
  const id = useId();
  const token = useSelector(useSessionActor(), (s) => s.context.accessToken);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();

  async function upload(file: File) {
    setProblem(undefined);
    if (file.size > MAX_UPLOAD_BYTES) return setProblem(UPLOAD_MESSAGES.tooLarge);
    setProgress(0);
    try {
      const document = await uploadDocument({ companyId, type, stepId, file, token }, setProgress);
      onUploaded(document);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : 'Não foi possível enviar o arquivo. Tente novamente.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const message = problem ?? error;
  return (
    <div>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      {help && <p className="text-xs text-slate-500">{help}</p>}
      <div className={`mt-2 rounded-lg border border-dashed p-4 ${message ? 'border-red-400' : 'border-slate-300'}`}>
        {value ? (
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <CheckCircleIcon className="size-5 text-brand-600" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">{value.fileName ?? 'Arquivo enviado'}</span>
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <DocumentIcon className="size-5" aria-hidden="true" /> Nenhum arquivo enviado ainda.
          </p>
        )}
        {progress !== null && (
          <div
            className="mt-3"
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Envio do arquivo"
          >
            <div className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600">Enviando… {progress}%</p>
          </div>
        )}
        <label className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-400">
          <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
          {value ? 'Trocar arquivo' : 'Escolher arquivo'}
          <input
            ref={input}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={message ? `${id}-error` : undefined}
            disabled={progress !== null}
            onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
          />
        </label>
        <p className="mt-2 text-xs text-slate-500">
          PDF, imagem, XML, ZIP ou certificado .pfx — até {formatBytes(MAX_UPLOAD_BYTES)}.
        </p>
      </div>
      {message && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
