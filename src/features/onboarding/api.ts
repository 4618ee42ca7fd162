import { queryOptions } from '@tanstack/react-query';
import type { StepDraft, StepId, TrackId } from '@domain';
import { PAGE_SIZE, TRACK_WIZARD_PATH } from '@domain';
import { statusHistoryKey } from '@/lib/api/company-status';
import { api } from '@/lib/api/call';

/** docs/api.md Companies and Other calls of the onboarding wizards. */

export function createCompany(input: { trackId: TrackId; cnpj?: string }) {
  return api('POST /companies', { body: input }).then((r) => r.data);
}

export function setTrack(companyId: string, trackId: TrackId) {
  return api('PUT /companies/:id/track/:track', { params: { id: companyId, track: trackId } }).then((r) => r.data);
}

export function submitStep(companyId: string, stepId: StepId, payload: StepDraft<StepId> | undefined) {
  return api('POST /companies/:id/steps/:stepId', { params: { id: companyId, stepId }, body: payload ?? {} }).then((r) => r.data);
}

/** POST /subscriptions/{id}: the payment page, coming back to the wizard. */
export function startPayment(subscriptionId: string, trackId: TrackId) {
  return api('POST /subscriptions/:id', {
    params: { id: subscriptionId },
    body: { returnPath: TRACK_WIZARD_PATH[trackId] },
  }).then((r) => r.data);
}

export function fetchRegistration(companyId: string) {
  return api('GET /companies/:id/registration', { params: { id: companyId } }).then((r) => r.data);
}

export const onboardingQueries = {
  statusHistory: (companyId: string) =>
    queryOptions({
      queryKey: statusHistoryKey(companyId),
      queryFn: () => api('GET /companies/:id/status-history', { params: { id: companyId } }).then((r) => r.data),
    }),
  cnaeSearch: (search: string) =>
    queryOptions({
      queryKey: ['cnaes', 'search', search],
      queryFn: () => api('GET /cnaes', { query: { search, limit: PAGE_SIZE.cnaeSearch } }),
      staleTime: 5 * 60_000,
    }),
  /** One subclass by its 7-digit code, as a chosen activity (null when the table has no such code). */
  cnaeByCode: (code: string) =>
    queryOptions({
      queryKey: ['cnaes', 'code', code],
      queryFn: () =>
        api('GET /cnaes', { query: { search: code, limit: PAGE_SIZE.cnaeSearch } }).then(
          (page) => page.data.find((row) => row.code === code) ?? null,
        ),
      staleTime: 5 * 60_000,
    }),
  cnaeMatch: (intent: string) =>
    queryOptions({
      queryKey: ['luca', 'match', intent],
      queryFn: () => api('POST /luca/cnaes/match', { body: { intent } }).then((r) => r.data),
      staleTime: 5 * 60_000,
    }),
  aliasSuggestions: (intent: string, activity?: string, ownerName?: string) =>
    queryOptions({
      queryKey: ['luca', 'alias', intent, activity ?? '', ownerName ?? ''],
      queryFn: () => api('POST /luca/companies/alias-suggest', { body: { intent, activity, ownerName } }).then((r) => r.data),
      staleTime: 5 * 60_000,
    }),
  documents: (companyId: string) =>
    queryOptions({
      queryKey: ['documents', companyId],
      queryFn: () => api('GET /documents', { query: { companyId, limit: 100 } }),
    }),
};
