import type { CompanyDocument, DocumentType, StepId } from '@domain';
import { saveDownload } from '@/lib/api/download';
import { uploadTo } from '@/lib/api/upload-clients';

/*
 * A company's document files, sent and fetched (docs/api.md Documents): apart from the wizard's calls (./api.ts), so a
 * step without a file does not load the upload and download code.
 */

/** Uploads a file as a company document (a wizard step's, when `stepId` is given), reporting progress (0–100). */
export const uploadDocument = (
  input: { companyId: string; type: DocumentType; stepId?: StepId; file: File },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<CompanyDocument> =>
  uploadTo('POST /documents', {
    query: { companyId: input.companyId },
    fields: { type: input.type, ...(input.stepId ? { stepId: input.stepId } : {}) },
    file: input.file,
    onProgress,
    signal,
  }).then((r) => r.data);

/** Downloads a company document's file under its original name. */
export function downloadDocument(document: Pick<CompanyDocument, 'id' | 'name'> & { companyId: string }) {
  return saveDownload('GET /documents/:id/file', {
    params: { id: document.id },
    query: { companyId: document.companyId },
    fallbackName: document.name,
  });
}
