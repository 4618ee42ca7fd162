import { and, asc, count, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import type { CnaeRow, Page } from '@domain';
import { onlyDigits } from '@domain';
import type { Database } from './client';
import { cnaes, meiOccupations } from './schema';

type CnaeRecord = typeof cnaes.$inferSelect;

const cnaeColumns = getTableColumns(cnaes);

export function toCnaeRow(row: CnaeRecord): CnaeRow {
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

/** Digits with the punctuation of a formatted code ("6920-6/01", "69.20-6") and nothing else. */
const CODE_LIKE = /^[\d\s./-]+$/;

/** Whether a search is a code (or its beginning) rather than words. */
export const isCodeSearch = (text: string) => CODE_LIKE.test(text) && onlyDigits(text) !== '';

export interface CnaeSearch {
  search?: string;
  isActive?: boolean;
  limit: number;
  offset: number;
}

/**
 * docs/api.md `GET /cnaes` by code (with or without punctuation, or its beginning), or without a search every subclass by
 * code. Words are searched by the activity index (`services/activity-index.ts`), not here.
 */
export async function searchCnaesByCode(db: Database, { search, isActive, limit, offset }: CnaeSearch): Promise<Page<CnaeRow>> {
  const text = search?.trim() ?? '';
  const where = and(
    isActive === undefined ? undefined : eq(cnaes.isActive, isActive),
    text ? like(cnaes.code, `${onlyDigits(text)}%`) : undefined,
  );
  const rows = await db
    .select({ ...cnaeColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(cnaes)
    .where(where)
    .orderBy(asc(cnaes.code))
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

/** Every subclass with its MEI occupations (Anexo XI): what the activity index is built from. */
export async function allCnaesWithOccupations(db: Database): Promise<{ row: CnaeRow; occupations: string[] }[]> {
  const [rows, occupations] = await Promise.all([
    db.select(cnaeColumns).from(cnaes).orderBy(asc(cnaes.code)),
    db.select({ cnae: meiOccupations.cnae, occupation: meiOccupations.occupation }).from(meiOccupations),
  ]);
  const byCode = new Map<string, string[]>();
  for (const { cnae, occupation } of occupations) byCode.set(cnae, [...(byCode.get(cnae) ?? []), occupation]);
  return rows.map((row) => ({ row: toCnaeRow(row), occupations: byCode.get(row.code) ?? [] }));
}
