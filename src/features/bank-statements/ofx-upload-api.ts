import type { OfxImportProgress, OfxImportSummary } from '@domain';
import { api } from '@/lib/api/call';
import { ApiError } from '@/lib/api/errors';
import { uploadTo } from '@/lib/api/upload-clients';

// Apart from the other bank-statement calls: only the import screen sends files.

/** How often the screen asks how a large import is going. */
export const IMPORT_POLL_MS = 700;

const isProgress = (data: OfxImportSummary | OfxImportProgress): data is OfxImportProgress => 'status' in data;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError('Envio cancelado.', 0, 'aborted'));
      },
      { once: true },
    );
  });

/**
 * Sends an OFX file to import, reporting the upload's progress (0–100), and resolves with what was imported. A small
 * file is imported before the server answers; a large one answers at once (202) and goes on there: this follows it,
 * reporting each step to `onImport`, until it is done (its summary) or failed (its message). Stopping `signal` stops
 * following it; the import itself goes on and appears whole when done.
 */
export async function uploadOfx(
  input: { companyId: string; file: File },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  onImport?: (progress: OfxImportProgress) => void,
): Promise<OfxImportSummary> {
  const answer = await uploadTo('POST /bank-statements/ofx/upload', {
    query: { companyId: input.companyId },
    file: input.file,
    onProgress,
    signal,
  });
  let progress = answer.data;
  if (!isProgress(progress)) return progress;
  for (;;) {
    onImport?.(progress);
    if (progress.status === 'done' && progress.summary) return progress.summary;
    if (progress.status === 'failed') throw new ApiError(progress.error ?? 'A importação do extrato falhou.', 0, 'import_failed');
    await pause(IMPORT_POLL_MS, signal);
    progress = (
      await api('GET /bank-statements/imports/:id', {
        params: { id: progress.id },
        query: { companyId: input.companyId },
        signal,
      })
    ).data;
  }
}
