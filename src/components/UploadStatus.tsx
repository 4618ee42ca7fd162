import type { UploadHandle } from '../lib/upload';
import { Button } from './ui/Button';

/**
 * Where an upload stands, under its file input: the bar and "Cancelar envio" while the file travels, the reason and
 * "Tentar de novo" (the same file) after a failure or a cancellation. Refusals before sending show the reason only —
 * another file is what fixes them. `showError: false` when the screen shows the reason by its own field.
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
  const { busy, progress, error, cancelled, failed, actor } = upload;
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
      {(failed || cancelled) && (
        <Button variant="secondary" className="mt-2 px-3 py-1.5 text-xs" onClick={() => actor.send({ type: 'upload.retry' })}>
          Tentar de novo
        </Button>
      )}
    </>
  );
}
