import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, NfsRequest, NfsRequestStatus } from '@domain';
import { PAGE_SIZE } from '@domain';
import type { SubstitutionInput } from '@domain/nfseEmission';
import { api } from '@/lib/api/call';
import { saveDownload } from '@/lib/api/download';

/** The company's fiscal profile and A1 certificate, and the national NFS-e emission of a request. */

export const fiscalProfileQueries = {
  /** Under ['companies', companyId] so a change of the company refreshes it too. */
  detail: (companyId: string) =>
    queryOptions({
      queryKey: ['companies', companyId, 'fiscal-profile'],
      queryFn: () => api('GET /companies/:companyId/fiscal-profile', { params: { companyId } }).then((r) => r.data),
    }),
};

/** PUT the profile (the team); a 400 carries `fields` with each field's pt-BR message. */
export const saveFiscalProfile = (companyId: string, profile: BodyOf<'PUT /companies/:companyId/fiscal-profile'>) =>
  api('PUT /companies/:companyId/fiscal-profile', { params: { companyId }, body: profile }).then((r) => r.data);

/**
 * PUT the A1 certificate as multipart `file` + `password` (the team). Small (a few KB), so through the main client like
 * the profile photo: no progress to report, and its 401 recovery and pt-BR errors apply.
 */
export function uploadCertificate(companyId: string, file: File, password: string) {
  const form = new FormData();
  form.set('file', file);
  form.set('password', password);
  return api('PUT /companies/:companyId/fiscal-profile/certificate', { params: { companyId }, body: form }).then((r) => r.data);
}

export const removeCertificate = (companyId: string) =>
  api('DELETE /companies/:companyId/fiscal-profile/certificate', { params: { companyId } }).then((r) => r.data);

export const emissionQueries = {
  /** What would be sent, checked against the layout; nothing is sent. Always asked fresh when the dialog opens. */
  preview: (requestId: string) =>
    queryOptions({
      queryKey: ['invoices', 'emission-preview', requestId],
      queryFn: () => api('GET /nfs/requests/:id/emission', { params: { id: requestId } }).then((r) => r.data),
      staleTime: 0,
      gcTime: 0,
    }),
};

/** Sends the request to the national system; answers it issued, rejected or still processing (a retry plan). */
export const emitRequest = (requestId: string) =>
  api('POST /nfs/requests/:id/emission', { params: { id: requestId } }).then((r) => r.data);

/** Cancels an issued national NFS-e (the cancellation event); `reason` 15–255 characters. */
export const cancelNationalInvoice = (requestId: string, body: BodyOf<'POST /nfs/requests/:id/cancellation'>) =>
  api('POST /nfs/requests/:id/cancellation', { params: { id: requestId }, body }).then((r) => r.data);

/** Substitutes an issued national NFS-e with a corrected one; answers both requests (the substitute is a new one). */
export const substituteNationalInvoice = (requestId: string, body: SubstitutionInput) =>
  api('POST /nfs/requests/:id/substitution', { params: { id: requestId }, body }).then((r) => r.data);

/** The signed DPS exactly as it was sent to the national system (the team), saved as `<DPS id>.xml`. */
export const downloadSignedDps = (requestId: string, dpsId: string) =>
  saveDownload('GET /nfs/requests/:id/emission/dps.xml', { params: { id: requestId }, fallbackName: `${dpsId}.xml` });

/** The signed cancellation event request as it was sent (the team), saved as `<DPS id>-cancelamento.xml`. */
export const downloadCancellationRequest = (requestId: string, dpsId: string) =>
  saveDownload('GET /nfs/requests/:id/emission/cancellation.xml', {
    params: { id: requestId },
    fallbackName: `${dpsId}-cancelamento.xml`,
  });

/** The requests a bulk emission takes: still to issue. */
export const PENDING_STATUSES: NfsRequestStatus[] = ['requested', 'processing'];

/**
 * Every pending request of one company and competence, page after page of the company's list (oldest first, the
 * order the queue works in).
 */
export async function fetchPendingRequests(companyId: string, competence: string): Promise<NfsRequest[]> {
  const rows: NfsRequest[] = [];
  for (let offset = 0; ; offset += PAGE_SIZE.invoices) {
    const page = await api('GET /nfs/requests', {
      query: { companyId, status: PENDING_STATUSES, date: competence, limit: PAGE_SIZE.invoices, offset },
    });
    rows.push(...page.data);
    if (page.data.length === 0 || rows.length >= page.total) break;
  }
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
