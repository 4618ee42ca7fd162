import type { UploadHandle } from '@/lib/use-upload';
import { Button } from './ui/Button';

/** The fields by which the API names the file itself (its bytes, its name, its upload's token). */
const FILE_FIELDS = new Set(['file', 'filename', 'uploadToken']);

/**
 * Where an upload stands, under its file input: the bar and "Cancelar envio" while the file travels, the reason and
 * "Tentar de novo" (the same file) after a failure or a cancellation. Refusals — before sending, or the server's for
 * good (a file it cannot read) — show the reason and ask for another file: the same one would be refused again. `showError: false` when the screen shows the reason by its own field.
 */
export function UploadStatus({
  upload,
  label = 'Envio do arquivo',
  arrived = 'Conferindo o arquivo…',
  showError = true,
  errorId,
}: {
  upload: UploadHandle;
  /** The progress bar's accessible name. */
  label?: string;
  /** What the bar says once every byte left, while the server reads the file. */
  arrived?: string;
  showError?: boolean;
  errorId?: string;
}) {
  const { busy, progress, error, cancelled, failed, rejected, fieldErrors, actor } = upload;
  // A refusal naming the form's own fields is fixed in the form, not by another file.
  const fileRefused = rejected && Object.keys(fieldErrors).every((field) => FILE_FIELDS.has(field));
  return (
    <>
      {busy && (
        <div className="mt-3 flex items-end gap-3">
          <div
            className="min-w-0 flex-1"
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={label}
          >
            <div className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600">{progress < 100 ? `Enviando… ${progress}%` : arrived}</p>
          </div>
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => actor.send({ type: 'upload.cancel' })}>
            Cancelar envio
          </Button>
        </div>
      )}
      {showError && error && (
        <p id={errorId} role="alert" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      {cancelled && <p className="mt-2 text-xs text-slate-600">Envio cancelado.</p>}
      {fileRefused && <p className="mt-2 text-xs text-slate-600">Escolha outro arquivo para enviar.</p>}
      {(failed || cancelled) && (
        <Button variant="secondary" className="mt-2 px-3 py-1.5 text-xs" onClick={() => actor.send({ type: 'upload.retry' })}>
          Tentar de novo
        </Button>
      )}
    </>
  );
}
