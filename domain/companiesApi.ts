import type * as v from 'valibot';
import type { CnaeMatch, CnaeRow, CnaeSearchQuerySchema, AliasSuggestSchema, LucaIntentSchema } from './cnae';
import type {
  Company,
  CompanyCreateSchema,
  CompanyListQuerySchema,
  CompanyStatusChangeSchema,
  CompanyUpdateInput,
  OrdersQuerySchema,
} from './company';
import type { CompanyStatus, StepId } from './enums';
import type { StatusChange } from './history';
import type { Page } from './pagination';
import type { CnpjRegistration } from './registration';
import type { StepActor, StepDraft, SubmittedStep } from './steps';
import type { Track } from './track';
import { endpoint } from './apiContract';

/** A company on an onboarding track, as the team's order queue shows it. */
export interface Order {
  company: Company;
  /** The first step not done: where the order stands. */
  currentStep: { stepId: StepId; status: string; actor: StepActor } | null;
  /** Since when the order waits at that step. */
  waitingSince: string;
  customer: { id: string; name: string; email: string } | null;
}

/** A municipality of the IBGE, as the address form's city picker lists it. */
export interface MunicipalityOption {
  ibgeCode: string;
  name: string;
}

interface OrdersTypes {
  query: v.InferInput<typeof OrdersQuerySchema>;
  response: Page<Order>;
}

/** docs/api.md Companies, their onboarding steps and the team's queues; the reference data the wizards read. */
export const COMPANIES_API = {
  'GET /companies': endpoint<{ query: v.InferInput<typeof CompanyListQuerySchema>; response: Page<Company> }>(),
  'POST /companies': endpoint<{ body: v.InferInput<typeof CompanyCreateSchema>; response: { data: Company } }>(),
  'GET /companies/me': endpoint<{ response: { data: Company } }>(),
  'GET /companies/:id': endpoint<{ response: { data: Company } }>(),
  'PUT /companies/:id': endpoint<{ body: CompanyUpdateInput; response: { data: Company } }>(),
  'GET /companies/:id/steps': endpoint<{ response: { data: Track | null } }>(),
  'PUT /companies/:id/track/:track': endpoint<{ response: { data: Track } }>(),
  'PUT /companies/:id/status/:status': endpoint<{
    body: v.InferInput<typeof CompanyStatusChangeSchema>;
    response: { data: Company };
  }>(),
  'GET /companies/:id/status-history': endpoint<{ response: { data: StatusChange<CompanyStatus>[] } }>(),
  'GET /companies/:id/registration': endpoint<{ response: { data: CnpjRegistration } }>(),
  /** The body is read with the schema of that step on the company's track. */
  'POST /companies/:id/steps/:stepId': endpoint<{
    body: StepDraft<StepId> | Record<string, never>;
    response: { data: SubmittedStep };
  }>(),
  'GET /companies/orders/opening-requests': endpoint<OrdersTypes>(),
  'GET /companies/orders/migration-requests': endpoint<OrdersTypes>(),
  'GET /cnaes': endpoint<{ query: v.InferInput<typeof CnaeSearchQuerySchema>; response: Page<CnaeRow> }>(),
  'GET /municipalities': endpoint<{ query: { state: string }; response: Page<MunicipalityOption> }>(),
  'POST /luca/cnaes/match': endpoint<{ body: v.InferInput<typeof LucaIntentSchema>; response: { data: CnaeMatch[] } }>(),
  'POST /luca/companies/alias-suggest': endpoint<{
    body: v.InferInput<typeof AliasSuggestSchema>;
    response: { data: string[] };
  }>(),
};
