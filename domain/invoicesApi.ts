import type * as v from 'valibot';
import type { NfsRequestStatus } from './enums';
import type { FiscalProfileInput } from './fiscalProfile';
import type { StatusChange } from './history';
import type {
  ActiveSchedulesQuerySchema,
  NfsIssueSchema,
  NfsCustomer,
  NfsListQuerySchema,
  NfsReasonSchema,
  NfsRequest,
  NfsRequestCorrectionSchema,
  NfsRequestSchema,
  NfsSchedule,
  NfsScheduleSchema,
  NfsSearchQuerySchema,
} from './invoices';
import type {
  CancellationInput,
  FiscalProfileView,
  NfseEmissionPreview,
  NfseSubstitutionResult,
  SubstitutionInput,
} from './nfseEmission';
import type { Page } from './pagination';
import type { FileAnswer, FormBody, FormText, MultipartForm } from './apiContract';
import { endpoint } from './apiContract';

/** A request with its status history (`GET /nfs/requests/{id}`). */
export type NfsRequestDetail = NfsRequest & { history: StatusChange<NfsRequestStatus>[] };
/** A request in a list, with its company's name. */
export type NfsRequestRow = NfsRequest & { companyName: string | null };
/** A monthly schedule in a list, with its company's name. */
export type NfsScheduleRow = NfsSchedule & { companyName: string | null };
/** What a status change carries: the NFS-e's number and files when issued, the reason when refused or cancelled. */
export type NfsStatusBody = FormBody<v.InferInput<typeof NfsIssueSchema> & v.InferInput<typeof NfsReasonSchema>>;

type CompanyQuery = { companyId: string };
interface Saved {
  query: CompanyQuery;
  body: FormBody<v.InferInput<typeof NfsScheduleSchema>>;
  response: { data: NfsSchedule };
}
interface Profile {
  response: { data: FiscalProfileView };
}

/** docs/api.md Invoices (requests, schedules, customers), the NFS-e's emission and the fiscal profile (docs/nfse.md). */
export const INVOICES_API = {
  'GET /nfs/requests': endpoint<{ query: v.InferInput<typeof NfsListQuerySchema>; response: Page<NfsRequestRow> }>(),
  'GET /nfs/requests/search': endpoint<{
    query: v.InferInput<typeof NfsSearchQuerySchema>;
    response: Page<NfsRequestRow>;
  }>(),
  'POST /nfs/requests': endpoint<{
    query: CompanyQuery;
    body: FormBody<v.InferInput<typeof NfsRequestSchema>>;
    response: { data: NfsRequest };
  }>(),
  'GET /nfs/requests/:id': endpoint<{ response: { data: NfsRequestDetail } }>(),
  'DELETE /nfs/requests/:id': endpoint<{ query: CompanyQuery; response: { data: { id: string } } }>(),
  'PATCH /nfs/requests/:id': endpoint<{
    body: FormBody<v.InferInput<typeof NfsRequestCorrectionSchema>>;
    response: { data: NfsRequest };
  }>(),
  'PUT /nfs/requests/:id/status/:status': endpoint<{ body: NfsStatusBody; response: { data: NfsRequest } }>(),
  'GET /nfs/customers': endpoint<{ query: CompanyQuery & { query?: string }; response: { data: NfsCustomer[] } }>(),
  'GET /nfs/schedulers/active': endpoint<{
    query: v.InferInput<typeof ActiveSchedulesQuerySchema>;
    response: Page<NfsScheduleRow>;
  }>(),
  'GET /nfs/schedulers': endpoint<{ query: CompanyQuery; response: Page<NfsScheduleRow> }>(),
  'POST /nfs/schedulers': endpoint<Saved>(),
  'PUT /nfs/schedulers/:id': endpoint<Saved>(),
  'DELETE /nfs/schedulers/:id': endpoint<{ query: CompanyQuery; response: { data: { id: string } } }>(),
  'POST /nfs/schedulers/:id/generate': endpoint<{
    query: CompanyQuery & { confirm?: 'true' | 'false' };
    response: { data: NfsRequest };
  }>(),
  'GET /nfs/requests/:id/emission': endpoint<{ response: { data: NfseEmissionPreview } }>(),
  'POST /nfs/requests/:id/emission': endpoint<{ response: { data: NfsRequest } }>(),
  'GET /nfs/requests/:id/emission/dps.xml': endpoint<{ response: FileAnswer }>(),
  'GET /nfs/requests/:id/emission/cancellation.xml': endpoint<{ response: FileAnswer }>(),
  'POST /nfs/requests/:id/cancellation': endpoint<{ body: CancellationInput; response: { data: NfsRequest } }>(),
  'POST /nfs/requests/:id/substitution': endpoint<{
    body: SubstitutionInput;
    response: { data: NfseSubstitutionResult };
  }>(),
  'GET /companies/:companyId/fiscal-profile': endpoint<Profile>(),
  'PUT /companies/:companyId/fiscal-profile': endpoint<Profile & { body: FormText<FiscalProfileInput> }>(),
  /** Multipart: the certificate (.pfx) in `file` and its `password`. */
  'PUT /companies/:companyId/fiscal-profile/certificate': endpoint<Profile & { body: MultipartForm }>(),
  'DELETE /companies/:companyId/fiscal-profile/certificate': endpoint<Profile>(),
};
