import * as v from 'valibot';
import { MAX_PAGE_SIZE } from './constants';

/** A query-string integer: "10" → 10; anything else is refused with the given message. */
function queryInteger(message: string, min: number, max: number) {
  return v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value))),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

export function paginationQuery(defaultLimit: number) {
  return {
    limit: v.optional(queryInteger(`O limite deve ser um número entre 1 e ${MAX_PAGE_SIZE}.`, 1, MAX_PAGE_SIZE), defaultLimit),
    offset: v.optional(queryInteger('O deslocamento deve ser um número inteiro não negativo.', 0, Number.MAX_SAFE_INTEGER), 0),
  };
}

/** A list's search text, trimmed, of at most `max` characters. */
export const searchTextUpTo = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `A busca pode ter no máximo ${max} caracteres.`)));

export const searchText = searchTextUpTo(100);

/** The answer of every paginated list (conventions: `{ data, total }`). */
export interface Page<T> {
  data: T[];
  total: number;
}
