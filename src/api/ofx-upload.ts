import type { OfxImportSummary } from '@domain';
import { mainUpload } from './uploads';

// Apart from the other bank-statement calls: only the import screen sends files.

/** Sends an OFX file to import, reporting progress (0–100). */
export const uploadOfx = (
  input: { companyId: string; file: File },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<OfxImportSummary> =>
  mainUpload<{ data: OfxImportSummary }>({
    url: '/bank-statements/ofx/upload',
    query: { companyId: input.companyId },
    file: input.file,
    onProgress,
    signal,
  }).then((r) => r.data);
