import * as v from 'valibot';
import { onlyDigits } from './company';
import { PAGE_SIZE } from './constants';
import type { Cnae } from './cnaeRow';
import { paginationQuery, searchTextUpTo } from './pagination';

export * from './cnaeRow';

/** What the CNAE tool says about a subclass in the Simples Nacional, where it is known (else nulls). */
export interface CnaeTaxNotes {
  /** "III", "IV", "V" or "III ou V" (by the Fator R). */
  annex: string | null;
  /** The legal provision the annex comes from. */
  basis: string | null;
  rFactor: boolean | null;
}

export function cnaeTaxNotes(cnae: Pick<Cnae, 'taxRates' | 'isRFactor'>): CnaeTaxNotes {
  const annex = cnae.taxRates?.simplesAnnex;
  const basis = cnae.taxRates?.basis;
  return {
    annex: typeof annex === 'string' ? annex : null,
    basis: typeof basis === 'string' ? basis : null,
    rFactor: cnae.isRFactor,
  };
}

/** '6201501' → '6201-5/01'; anything that is not a 7-digit subclass code is returned as given. */
export function formatCnaeCode(code: string): string {
  const digits = onlyDigits(code);
  if (digits.length !== 7) return code;
  return `${digits.slice(0, 4)}-${digits.slice(4, 5)}/${digits.slice(5)}`;
}

const INTENT_MESSAGE = 'Descreva a atividade da empresa em poucas palavras.';

/**
 * How long a business described in everyday words may be, for the suggester and the CNAE search alike: both rank the
 * same plain descriptions (docs/cnae-search.md).
 */
export const CNAE_SEARCH_MAX_LENGTH = 500;

const intent = v.pipe(
  v.string(INTENT_MESSAGE),
  v.trim(),
  v.minLength(2, INTENT_MESSAGE),
  v.maxLength(CNAE_SEARCH_MAX_LENGTH, INTENT_MESSAGE),
);

export const CnaeSearchQuerySchema = v.object({
  search: searchTextUpTo(CNAE_SEARCH_MAX_LENGTH),
  isActive: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'O filtro de situação deve ser "true" ou "false".'),
      v.transform((value) => value === 'true'),
    ),
  ),
  ...paginationQuery(PAGE_SIZE.cnaeSearch),
});
export type CnaeSearchQuery = v.InferOutput<typeof CnaeSearchQuerySchema>;

/** What Luca (the activity assistant) receives: the business described in the person's own words. */
export const LucaIntentSchema = v.object({ intent });
export type LucaIntent = v.InferOutput<typeof LucaIntentSchema>;

export const AliasSuggestSchema = v.object({
  intent,
  /** The chosen main activity, typed with or without punctuation. */
  activity: v.optional(
    v.pipe(
      v.string('Informe o código CNAE da atividade com 7 dígitos.'),
      v.transform(onlyDigits),
      v.length(7, 'Informe o código CNAE da atividade com 7 dígitos.'),
    ),
  ),
  ownerName: v.optional(
    v.pipe(v.string('Informe o nome do titular.'), v.trim(), v.maxLength(120, 'O nome pode ter no máximo 120 caracteres.')),
  ),
});
export type AliasSuggestInput = v.InferOutput<typeof AliasSuggestSchema>;
