import type { CnaeMatch, CnaeRow, Page } from '@domain';
import { allCnaesWithOccupations } from '../db/cnaes';
import type { Database } from '../db/client';
import type { ActivityHit } from './activity-index';
import { ActivityIndex, readLexicon, readNotes, readPlaces } from './activity-index';

/**
 * The CNAE subclasses in memory with the activity index over them, built once per database from its reference data
 * (about 0.3 s) — the one ranking behind luca's suggester and the public search by words.
 */
export interface ActivityCatalog {
  /**
   * Words as someone types them in a search box (the last one may be unfinished): the subclasses that answer them,
   * best first (the index leaves out those far below the best, for the suggester too).
   */
  search(text: string, page: { limit: number; offset: number; isActive?: boolean }): Page<CnaeRow>;
  /** A business described in everyday words: the active subclasses that fit best, each with its score. */
  match(text: string, limit: number): CnaeMatch[];
}

const catalogs = new WeakMap<Database, Promise<ActivityCatalog>>();

/** The catalog of this database, built on first use (and again after a failed build). */
export function activityCatalog(db: Database): Promise<ActivityCatalog> {
  let catalog = catalogs.get(db);
  if (!catalog) {
    catalog = buildCatalog(db);
    catalogs.set(db, catalog);
    catalog.catch(() => catalogs.delete(db));
  }
  return catalog;
}

/** Reference data changed (a new CNAE version, a subclass made inactive): the next search builds the catalog again. */
export function forgetActivityCatalog(db: Database): void {
  catalogs.delete(db);
}

async function buildCatalog(db: Database): Promise<ActivityCatalog> {
  const subclasses = await allCnaesWithOccupations(db);
  const rows = new Map(subclasses.map(({ row }) => [row.code, row]));
  const index = new ActivityIndex(
    subclasses.map(({ row, occupations }) => ({
      code: row.code,
      text: row.text,
      classText: row.hierarchy.class.text,
      groupText: row.hierarchy.group.text,
      divisionText: row.hierarchy.division.text,
      occupations,
      isActive: row.is_active,
    })),
    readLexicon(),
    readNotes(),
    readPlaces(),
  );
  const rowOf = (hit: ActivityHit) => rows.get(hit.code)!;
  return {
    search(text, { limit, offset, isActive }) {
      const relevant = index
        .search(text, { prefix: true })
        .filter((hit) => isActive === undefined || rowOf(hit).is_active === isActive);
      return { total: relevant.length, data: relevant.slice(offset, offset + limit).map(rowOf) };
    },
    match(text, limit) {
      return index
        .search(text, { activeOnly: true })
        .slice(0, limit)
        .map((hit) => ({ ...rowOf(hit), score: Math.round(hit.score * 10_000) / 10_000 }));
    },
  };
}
