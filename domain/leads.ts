import * as v from 'valibot';
import { EmailSchema, requiredText } from './brazil';
import { MIN_LEAD_PHONE_LENGTH, PAGE_SIZE } from './constants';
import { paginationQuery, searchText } from './pagination';
import { onlyDigits } from './digits';
import { PLANS } from './plans';

export const LEAD_MESSAGES = {
  phone: 'Celular inválido',
  plan: 'Escolha um dos planos.',
} as const;

/**
 * docs/rules.md lead: name, e-mail ("E-mail inválido"), phone — if given, typed with the mask, so at least 17
 * characters ("+55 (11) 9999-9999"), else "Celular inválido" — and the plan of interest.
 */
export const LeadSchema = v.object({
  name: requiredText('Informe seu nome.', 120),
  email: EmailSchema,
  phone: v.optional(
    v.pipe(
      v.string(LEAD_MESSAGES.phone),
      v.trim(),
      v.check((phone) => phone === '' || phone.length >= MIN_LEAD_PHONE_LENGTH, LEAD_MESSAGES.phone),
      v.check((phone) => phone === '' || [12, 13].includes(onlyDigits(phone).length), LEAD_MESSAGES.phone),
      v.transform((phone) => (phone === '' ? undefined : `+${onlyDigits(phone)}`)),
    ),
  ),
  planId: v.optional(v.picklist(PLANS.map((plan) => plan.id) as [string, ...string[]], LEAD_MESSAGES.plan)),
  /**
   * Where the lead came from: a page path of the site (e.g. /lp/irpf/2025). Anything else (an outside address) is
   * dropped rather than refused, so the contact is never lost over it and the team is never shown an outside link.
   */
  source: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200),
      v.transform((source) => (isSitePath(source) ? source : undefined)),
    ),
  ),
});
export type LeadInput = v.InferOutput<typeof LeadSchema>;

/** A path on this site ("/blog/posts/x"), not an address elsewhere ("//evil.test", "https://…", "javascript:…"). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value);
}

/** A lead as the team sees it. */
export interface Lead {
  id: string;
  name: string;
  email: string;
  /** `+5511987654321`, or null. */
  phone: string | null;
  planId: string | null;
  /** The page the form was on. */
  source: string | null;
  createdAt: string;
}

/** `GET /api/admin/leads`: newest first, 10 a page, by name or e-mail. */
export const LeadListQuerySchema = v.object({
  q: searchText,
  ...paginationQuery(PAGE_SIZE.leads),
});

/** `GET /api/city-search?q&limit` (page 5). */
export const CitySearchQuerySchema = v.object({
  q: v.pipe(v.string('Digite o nome da cidade.'), v.trim(), v.minLength(1, 'Digite o nome da cidade.'), v.maxLength(60)),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('O limite deve ser um número entre 1 e 20.'),
      v.minValue(1, 'O limite deve ser um número entre 1 e 20.'),
      v.maxValue(20, 'O limite deve ser um número entre 1 e 20.'),
    ),
    String(PAGE_SIZE.citySearch),
  ),
});

export interface CitySearchResult {
  ibgeCode: string;
  name: string;
  state: string;
  /** `sao-paulo-sp`: the city pages' path segment. */
  slug: string;
}

export { citySlug } from './slug';
