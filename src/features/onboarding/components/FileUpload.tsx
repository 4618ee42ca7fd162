import { CheckCircleIcon, DocumentIcon } from '@heroicons/react/24/outline';
import { FileButton } from '@/components/ui/FileButton';
import { useId } from 'react';
import type { CompanyDocument, DocumentType, StepId } from '@domain';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, formatBytes } from '@domain';
import { uploadDocument } from '../documents';
import type { SendFile } from '@/lib/use-upload';
import { useUpload } from '@/lib/use-upload';
import { UploadStatus } from '@/components/UploadStatus';

/**
 * Picks a file and uploads it at once as a company document (the upload machine: checked first, a progress bar,
 * cancel and try again); reports the document so the step can refer to it.
 */
export function FileUpload({
  companyId,
  type,
  stepId,
  value,
  onUploaded,
  ...field
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
  return (
    <FilePicker
      {...field}
      value={value ? { fileName: value.fileName } : undefined}
      send={(file, onProgress, signal) => uploadDocument({ companyId, type, stepId, file }, onProgress, signal)}
      onSent={onUploaded}
    />
  );
}

/**
 * A file field that sends the file as soon as it is chosen, the way `send` says (a document at once, or a file held
 * apart until its form is sent), with the upload machine's checks, progress, cancel and retry.
 */
export function FilePicker<T>({
  label,
  value,
  send,
  onSent,
  error,
  help,
  accept = UPLOAD_ACCEPT,
  hint = `PDF, imagem, XML, ZIP ou certificado .pfx — até ${formatBytes(MAX_UPLOAD_BYTES)}.`,
}: {
  label: string;
  /** The name of the file already sent, if any. */
  value?: { fileName?: string };
  send: SendFile<T>;
  onSent: (result: T) => void;
  error?: string;
  help?: string;
  accept?: string;
  hint?: string;
}) {
  const id = useId();
  const upload = useUpload({ kind: 'document', send, onSent });

  const message = upload.error ?? error;
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
        <UploadStatus upload={upload} showError={false} />
        <FileButton
          className="mt-3"
          accept={accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={message ? `${id}-error` : undefined}
          disabled={upload.busy}
          onFile={(file) => upload.actor.send({ type: 'file.choose', file })}
        >
          {value ? 'Trocar arquivo' : 'Escolher arquivo'}
        </FileButton>
        <p className="mt-2 text-xs text-slate-500">{hint}</p>
      </div>
      {message && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
