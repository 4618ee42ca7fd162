import { queryOptions } from '@tanstack/react-query';
import type { CompanyDocument, CompanyDocumentType, DocumentStatus, DocumentType, PersonalDocumentType } from '@domain';
import { PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';
import { linkUpload } from '@/lib/api/upload-clients';

/** docs/api.md Documents and "Other" (signed upload and download links). */

export interface DocumentListParams {
  companyId: string;
  page: number;
  types?: DocumentType[];
  /** Only the archived ones (they are left out otherwise). */
  archived?: boolean;
}

export const documentQueries = {
  /** Under ['documents', companyId], which the admin company page's list shares: one invalidation refreshes both. */
  list: (params: DocumentListParams) =>
    queryOptions({
      queryKey: ['documents', params.companyId, 'list', params],
      queryFn: () =>
        api('GET /documents', {
          query: {
            companyId: params.companyId,
            type: params.types,
            status: params.archived ? ['archived'] : undefined,
            limit: PAGE_SIZE.documents,
            offset: (params.page - 1) * PAGE_SIZE.documents,
          },
        }),
    }),
  personal: () =>
    queryOptions({
      queryKey: ['documents', 'personal'],
      queryFn: () => api('GET /documents/personal').then((r) => r.data),
    }),
};

/**
 * Sends a file through a signed upload link, reporting progress (0–100), and answers the upload token to register it
 * with (the link is asked through the session's client; the file goes by `linkUpload`). A company's file when `companyId` is given,
 * otherwise one of the person's own.
 */
export async function uploadFile(
  input: { file: File; companyId?: string },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { data: link } = await api('GET /upload/:filename{.+}', {
    params: { filename: input.file.name },
    query: { companyId: input.companyId, size: input.file.size },
  });
  // The local store answers a path on this origin; an S3-compatible store an absolute URL.
  await linkUpload({
    url: new URL(link.url, window.location.href).href,
    fields: link.fields,
    fileField: link.field,
    file: input.file,
    onProgress,
    signal,
  });
  return link.token;
}

export interface DocumentDetails {
  type: CompanyDocumentType;
  dueDate?: string;
  amountCents?: number;
  competence?: string;
  description?: string;
}

export const registerDocument = (companyId: string, uploadToken: string, details: DocumentDetails) =>
  api('POST /documents/register', {
    query: { companyId },
    body: { uploadToken, ...details },
  }).then((r) => r.data);

/** The team publishes a document to a company (a guide with its due date and value). */
export const publishDocument = (companyId: string, uploadToken: string, details: DocumentDetails) =>
  api('POST /documents/publish', {
    query: { companyId },
    body: { uploadToken, ...details },
  }).then((r) => r.data);

export const registerPersonalDocument = (uploadToken: string, type: PersonalDocumentType) =>
  api('POST /documents/personal/register', { body: { uploadToken, type } }).then((r) => r.data);

export const changeDocumentStatus = (document: Pick<CompanyDocument, 'id' | 'companyId'>, status: DocumentStatus) =>
  api('PUT /documents/:id/status/:status', {
    params: { id: document.id, status },
    query: { companyId: document.companyId },
  }).then((r) => r.data);

export const deleteDocument = (document: Pick<CompanyDocument, 'id' | 'companyId'>) =>
  document.companyId
    ? api('DELETE /documents/:id', { params: { id: document.id }, query: { companyId: document.companyId } })
    : api('DELETE /documents/personal/:id', { params: { id: document.id } });

/**
 * Downloads through a signed link: the browser fetches the file itself, under its original name, without the
 * session token. Asking for the link is what marks a published document as viewed.
 */
export async function downloadThroughLink(document: Pick<CompanyDocument, 'id' | 'companyId'>): Promise<void> {
  const { data } = await api('GET /download/:filename{.+}', {
    params: { filename: document.id },
    query: { companyId: document.companyId ?? undefined },
  });
  const link = Object.assign(window.document.createElement('a'), { href: data.url, download: data.name, rel: 'noopener' });
  window.document.body.append(link);
  link.click();
  link.remove();
}
