import type * as v from 'valibot';
import type { CitySearchQuerySchema, CitySearchResult, Lead, LeadListQuerySchema, LeadSchema } from './leads';
import type { Page } from './pagination';
import type { DasResult, SimplesNacionalToolQuerySchema } from './taxes';
import { endpoint } from './apiContract';

/** Whether the database answers (`/health/ready`): 503 with what is down when it does not. */
export type Readiness =
  | { status: 'ok'; database: 'ok' }
  | {
      status: 'unavailable';
      database: 'timeout' | 'unreachable' | 'error';
      error: { code: 'unavailable'; message: string };
    };

/** docs/api.md: health, the public site's calls (contacts, the city picker, the CNPJ check) and the DAS calculator. */
export const SITE_API = {
  'GET /health/live': endpoint<{ response: { status: 'ok' } }>(),
  'GET /health/ready': endpoint<{ response: Readiness }>(),
  /** Readiness in `{ data }` (its 503 answer is the readiness's own, as errors are). */
  'GET /health': endpoint<{ response: { data: Extract<Readiness, { status: 'ok' }> } }>(),
  'GET /cnpj-exists': endpoint<{ query: { cnpj: string }; response: { exists: boolean } }>(),
  'GET /city-search': endpoint<{
    query: v.InferInput<typeof CitySearchQuerySchema>;
    response: Page<CitySearchResult>;
  }>(),
  'POST /leads': endpoint<{ body: v.InferInput<typeof LeadSchema>; response: { data: { id: string; createdAt: string } } }>(),
  'GET /admin/leads': endpoint<{ query: v.InferInput<typeof LeadListQuerySchema>; response: Page<Lead> }>(),
  'GET /tools/simples-nacional': endpoint<{
    query: v.InferInput<typeof SimplesNacionalToolQuerySchema>;
    response: { data: DasResult };
  }>(),
};
