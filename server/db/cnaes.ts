import type { SQL } from 'drizzle-orm';
import { and, asc, count, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import type { CnaeMatch, CnaeRow, Page } from '@domain';
import { onlyDigits } from '@domain';
import type { Database } from './client';
import { cnaes } from './schema';

type CnaeRecord = typeof cnaes.$inferSelect;

/** Every column but the search vector, which is for the database alone. */
const { searchVector: _searchVector, ...cnaeColumns } = getTableColumns(cnaes);

export function toCnaeRow(row: Omit<CnaeRecord, 'searchVector'>): CnaeRow {
  return {
    code: row.code,
    formatted: row.formatted,
    text: row.text,
    tax_rates: row.taxRates,
    is_allowed_mei: row.isAllowedMei,
    is_r_factor: row.isRFactor,
    cnae_allowed_activities: row.allowedActivities,
    cnae_not_allowed_activities: row.notAllowedActivities,
    obs: row.obs,
    hierarchy: {
      section: { code: row.sectionCode, text: row.sectionText },
      division: { code: row.divisionCode, text: row.divisionText },
      group: { code: row.groupCode, text: row.groupText },
      class: { code: row.classCode, text: row.classText },
    },
    is_active: row.isActive,
  };
}

/**
 * Lower case, accents removed, split on anything but letters and digits: the words as `refreshCnaeSearch` sees them
 * before stemming. Only [a-z0-9] survives, so the words are safe inside a tsquery literal.
 */
export function plainWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Digits with the punctuation of a formatted code ("6920-6/01", "69.20-6") and nothing else. */
const CODE_LIKE = /^[\d\s./-]+$/;

/** Whether a search is a code (or its beginning) rather than words. */
export const isCodeSearch = (text: string) => CODE_LIKE.test(text) && onlyDigits(text) !== '';
const MAX_SEARCH_WORDS = 12;
/** How many letters short of the stored stem a half-typed word may be ("contabilid" still finds "contabil"). */
const MAX_TRUNCATION = 4;
const MIN_STEM_LENGTH = 4;

/**
 * The last word as the person may still be typing it: its Portuguese stem, any lexeme it begins, and the shorter
 * stems it may already contain, because the stem of a half-typed word ("contabilid") is not the stem of the whole
 * word ("contabil").
 */
function lastWordQuery(word: string): string {
  const alternatives = [`'${word}':*`];
  for (let length = word.length - 1; length >= Math.max(MIN_STEM_LENGTH, word.length - MAX_TRUNCATION); length--)
    alternatives.push(`'${word.slice(0, length)}'`);
  return alternatives.join(' | ');
}

/**
 * Every word typed, stemmed in Portuguese; the last one also as a prefix so search-as-you-type works. A trailing
 * stop word ("serviços de") is ignored rather than read as a prefix, unless it is all there is.
 */
function textQuery(words: string[]): SQL {
  const head = words.slice(0, -1).join(' ');
  const last = words[words.length - 1];
  const lastQuery = sql`(plainto_tsquery('portuguese', ${last}) || ${lastWordQuery(last)}::tsquery)`;
  if (!head) return lastQuery;
  return sql`(plainto_tsquery('portuguese', ${head}) && (
    case when numnode(plainto_tsquery('portuguese', ${last})) = 0 and numnode(plainto_tsquery('portuguese', ${head})) > 0
      then ''::tsquery
      else ${lastQuery}
    end))`;
}

export interface CnaeSearch {
  search?: string;
  isActive?: boolean;
  limit: number;
  offset: number;
}

/**
 * Spec §7 `GET /cnaes`: by code (with or without punctuation, or its beginning) or by words (accents and case
 * ignored, Portuguese stems, the last word as a prefix), best first; without a search, every subclass by code.
 */
export async function searchCnaes(db: Database, { search, isActive, limit, offset }: CnaeSearch): Promise<Page<CnaeRow>> {
  const filters: (SQL | undefined)[] = [isActive === undefined ? undefined : eq(cnaes.isActive, isActive)];
  const order: SQL[] = [];
  const text = search?.trim() ?? '';
  const words = plainWords(text).slice(0, MAX_SEARCH_WORDS);
  if (isCodeSearch(text)) {
    filters.push(like(cnaes.code, `${onlyDigits(text)}%`));
  } else if (words.length > 0) {
    const query = textQuery(words);
    filters.push(sql`${cnaes.searchVector} @@ ${query}`);
    order.push(
      sql`ts_rank(${cnaes.searchVector}, ${query}) desc`,
      // Between equal ranks, the subclass whose own text reads most like the search.
      sql`word_similarity(${words.join(' ')}, lower(unaccent(${cnaes.text}))) desc`,
    );
  } else if (text) {
    return { data: [], total: 0 };
  }
  const where = and(...filters);
  const rows = await db
    .select({ ...cnaeColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(cnaes)
    .where(where)
    .orderBy(...order, asc(cnaes.code))
    .limit(limit)
    .offset(offset);
  // A page past the end has no rows to carry the total.
  const total = rows[0]?.total ?? (offset > 0 ? (await db.select({ n: count() }).from(cnaes).where(where))[0].n : 0);
  return { data: rows.map(toCnaeRow), total };
}

/** The subclasses with these codes, in the order asked; unknown codes are left out. */
export async function findCnaes(db: Database, codes: string[]): Promise<CnaeRow[]> {
  if (codes.length === 0) return [];
  const rows = await db.select(cnaeColumns).from(cnaes).where(inArray(cnaes.code, codes));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes.flatMap((code) => {
    const row = byCode.get(code);
    return row ? [toCnaeRow(row)] : [];
  });
}

/** A word or phrase describing the business, which idea of the description it stands for, and how much it counts. */
export interface WeightedTerm {
  /** Terms of one concept (a phrase and its synonyms) do not simply add up: see `rankCnaes`. */
  concept: number;
  term: string;
  weight: number;
}

/**
 * Ranks the active subclasses against weighted terms, in one query.
 *
 * - A stem of a term is worth the term's weight × its rarity (inverse document frequency, so "comércio" counts
 *   little and "odontológica" a lot) × where the subclass holds it: its own text or MEI occupations (1), its class
 *   (0.4), group (0.2) or division (0.1). Words after "exceto" in its own text do not count as its own.
 * - A concept gives its best stem plus a quarter of the others, so one word expanded into many synonyms cannot
 *   outweigh the rest of the description; the concepts then add up.
 * - Subclasses whose own text is mostly what was said gain up to a quarter more ("Atividade odontológica" over
 *   "Fabricação de instrumentos … odontológico …").
 * - The score is that over what a subclass holding every stem in its own text would get, 0 to 1. Ties go to
 *   `ts_rank_cd`, then to the text that reads most like `plainText`, then to the code.
 */
export async function rankCnaes(
  db: Database,
  { terms, plainText, limit }: { terms: WeightedTerm[]; plainText: string; limit: number },
): Promise<CnaeMatch[]> {
  if (terms.length === 0) return [];
  // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with input as (
      select t.concept, t.term, t.weight
      from jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) as t(concept int, term text, weight float8)
    ),
    stems as (
      select i.concept, s.lexeme, max(i.weight) as weight
      from input i cross join lateral unnest(to_tsvector('portuguese', unaccent(i.term))) s
      group by i.concept, s.lexeme
    ),
    any_stem as (
      select string_agg(distinct quote_literal(lexeme), ' | ')::tsquery as query from stems
    ),
    -- Every subclass holding a stem (through the GIN index): enough to count how rare each stem is.
    candidates as (
      select c.code, c.is_active, c.search_vector, own.included, own.excluded,
        length(ts_filter(c.search_vector, '{a}'))
          - coalesce(length(ts_delete(own.excluded, tsvector_to_array(own.included))), 0) as own_stems
      from cnaes c
      cross join lateral (select strpos(lower(c.text), 'exceto') as at) e
      cross join lateral (
        -- What a subclass leaves out ("Criação de aves, exceto galináceos") is no reason to choose it.
        select case when e.at > 0 then to_tsvector('portuguese', unaccent(left(c.text, e.at - 1))) end as included,
          case when e.at > 0 then to_tsvector('portuguese', unaccent(substr(c.text, e.at))) end as excluded
      ) own
      where c.search_vector @@ (select query from any_stem)
    ),
    hits as (
      select c.code, c.is_active, c.own_stems, v.lexeme, v.weights,
        'A' = any(v.weights)
          and not coalesce(c.excluded @@ v.lexeme::tsquery and not c.included @@ v.lexeme::tsquery, false) as in_own_text
      from candidates c cross join lateral unnest(c.search_vector) v
      where v.lexeme in (select lexeme from stems)
    ),
    weighted as (
      select s.concept, s.lexeme, s.weight * ln(1 + (select count(*) from cnaes)::float8 / (1 + f.subclasses)) as weight
      from stems s
      join (select lexeme, count(*)::float8 as subclasses from hits group by lexeme) f on f.lexeme = s.lexeme
    ),
    -- A stem no subclass holds is left out above: it can neither score nor be expected to.
    most as (
      select sum(best) as points
      from (select max(weight) + 0.25 * (sum(weight) - max(weight)) as best from weighted group by concept) b
    ),
    points as (
      select h.code, w.concept, w.weight * case
        when h.in_own_text then 1.0
        when 'B' = any(h.weights) then 0.4
        when 'C' = any(h.weights) then 0.2
        when 'D' = any(h.weights) then 0.1
        else 0 end as points
      from hits h join weighted w on w.lexeme = h.lexeme
      where h.is_active
    ),
    concepts as (
      select code, max(points) + 0.25 * (sum(points) - max(points)) as points
      from points group by code, concept
    ),
    own_text as (
      select code, count(*) filter (where in_own_text)::float8 / greatest(1, max(own_stems)) as share
      from hits group by code
    ),
    scored as (
      select s.code, s.points * (0.75 + 0.25 * least(1, o.share)) as points
      from (select code, sum(points) as points from concepts group by code) s
      join own_text o on o.code = s.code
    ),
    -- The tie-breaks below cost more per row: only the page and whatever ties with its last row need them.
    cutoff as (
      select points from scored order by points desc offset ${limit - 1} limit 1
    )
    select c.code, c.formatted, c.text, c.class_code as "classCode", c.class_text as "classText",
      c.group_code as "groupCode", c.group_text as "groupText", c.division_code as "divisionCode",
      c.division_text as "divisionText", c.section_code as "sectionCode", c.section_text as "sectionText",
      c.is_allowed_mei as "isAllowedMei", c.is_r_factor as "isRFactor", c.tax_rates as "taxRates",
      c.allowed_activities as "allowedActivities", c.not_allowed_activities as "notAllowedActivities",
      c.obs, c.is_active as "isActive",
      round((s.points / (select points from most))::numeric, 4)::float8 as score
    from scored s join cnaes c on c.code = s.code
    where s.points > 0 and s.points >= coalesce((select points from cutoff), 0)
    order by s.points desc,
      ts_rank_cd(c.search_vector, (select query from any_stem)) desc,
      word_similarity(${plainText}, lower(unaccent(c.text))) desc,
      c.code
    limit ${limit}`)) as unknown as { rows: (Omit<CnaeRecord, 'searchVector'> & { score: number })[] };
  return result.rows.map((row) => ({ ...toCnaeRow(row), score: Number(row.score) }));
}
