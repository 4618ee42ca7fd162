import { queryOptions } from '@tanstack/react-query';
import type {
  CnaeMatch,
  CnpjRegistration,
  CnaeRow,
  Company,
  CompanyDocument,
  CompanyStatus,
  DocumentType,
  Page,
  StepDraft,
  StatusChange,
  StepId,
  SubmittedStep,
  Track,
  TrackId,
} from '@domain';
import { PAGE_SIZE, TRACK_WIZARD_PATH } from '@domain';
import { statusHistoryKey } from '@/lib/api/company-status';
import { mainApi } from '@/lib/api/clients';
import { mainUpload } from '@/lib/api/upload-clients';
import { saveDownload } from '@/lib/api/download';

/** docs/api.md Companies and Other calls of the onboarding wizards. */

export function createCompany(input: { trackId: TrackId; cnpj?: string }) {
  return mainApi<{ data: Company }>('/companies', { method: 'POST', body: input }).then((r) => r.data);
}

export function setTrack(companyId: string, trackId: TrackId) {
  return mainApi<{ data: Track }>(`/companies/${companyId}/track/${trackId}`, { method: 'PUT' }).then((r) => r.data);
}

export function submitStep(companyId: string, stepId: StepId, payload: StepDraft<StepId> | undefined) {
  return mainApi<{ data: SubmittedStep }>(`/companies/${companyId}/steps/${stepId}`, {
    method: 'POST',
    body: payload ?? {},
  }).then((r) => r.data);
}

/** POST /subscriptions/{id}: the payment page, coming back to the wizard. */
export function startPayment(subscriptionId: string, trackId: TrackId) {
  return mainApi<{ data: { paymentId: string; paymentUrl: string } }>(`/subscriptions/${subscriptionId}`, {
    method: 'POST',
    body: { returnPath: TRACK_WIZARD_PATH[trackId] },
  }).then((r) => r.data);
}

export function fetchRegistration(companyId: string) {
  return mainApi<{ data: CnpjRegistration }>(`/companies/${companyId}/registration`).then((r) => r.data);
}

export const onboardingQueries = {
  statusHistory: (companyId: string) =>
    queryOptions({
      queryKey: statusHistoryKey(companyId),
      queryFn: () =>
        mainApi<{ data: StatusChange<CompanyStatus>[] }>(`/companies/${companyId}/status-history`).then((r) => r.data),
    }),
  cnaeSearch: (search: string) =>
    queryOptions({
      queryKey: ['cnaes', 'search', search],
      queryFn: () => mainApi<Page<CnaeRow>>('/cnaes', { query: { search, limit: PAGE_SIZE.cnaeSearch } }),
      staleTime: 5 * 60_000,
    }),
  /** One subclass by its 7-digit code, as a chosen activity (null when the table has no such code). */
  cnaeByCode: (code: string) =>
    queryOptions({
      queryKey: ['cnaes', 'code', code],
      queryFn: () =>
        mainApi<Page<CnaeRow>>('/cnaes', { query: { search: code, limit: PAGE_SIZE.cnaeSearch } }).then(
          (page) => page.data.find((row) => row.code === code) ?? null,
        ),
      staleTime: 5 * 60_000,
    }),
  cnaeMatch: (intent: string) =>
    queryOptions({
      queryKey: ['luca', 'match', intent],
      queryFn: () =>
        mainApi<{ data: CnaeMatch[] }>('/luca/cnaes/match', { method: 'POST', body: { intent } }).then((r) => r.data),
      staleTime: 5 * 60_000,
    }),
  aliasSuggestions: (intent: string, activity?: string, ownerName?: string) =>
    queryOptions({
      queryKey: ['luca', 'alias', intent, activity ?? '', ownerName ?? ''],
      queryFn: () =>
        mainApi<{ data: string[] }>('/luca/companies/alias-suggest', {
          method: 'POST',
          body: { intent, activity, ownerName },
        }).then((r) => r.data),
      staleTime: 5 * 60_000,
    }),
  documents: (companyId: string) =>
    queryOptions({
      queryKey: ['documents', companyId],
      queryFn: () => mainApi<Page<CompanyDocument>>('/documents', { query: { companyId, limit: 100 } }),
    }),
};

/** Uploads a file as a company document (a wizard step's, when `stepId` is given), reporting progress (0–100). */
export const uploadDocument = (
  input: { companyId: string; type: DocumentType; stepId?: StepId; file: File },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<CompanyDocument> =>
  mainUpload<{ data: CompanyDocument }>({
    url: '/documents',
    query: { companyId: input.companyId },
    fields: { type: input.type, ...(input.stepId ? { stepId: input.stepId } : {}) },
    file: input.file,
    onProgress,
    signal,
  }).then((r) => r.data);

/** Downloads a document's file under its original name. */
export function downloadDocument(document: Pick<CompanyDocument, 'id' | 'companyId' | 'name'>) {
  return saveDownload(`/documents/${document.id}/file`, {
    query: document.companyId ? { companyId: document.companyId } : undefined,
    fallbackName: document.name,
  });
}
