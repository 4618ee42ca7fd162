import type { CnaeRow, Page } from '@domain';
import type { CnaeSearch } from '../db/cnaes';
import { isCodeSearch, searchCnaes } from '../db/cnaes';
import type { Database } from '../db/client';
import type { LucaService } from './luca';

/** Below this many subclasses found by the table's own words, luca's reading of the search is asked too. */
const FEW_RESULTS = 5;
const EVERYDAY_RESULTS = 20;

export type CnaeSearchService = (query: CnaeSearch) => Promise<Page<CnaeRow>>;

/**
 * The CNAE search people use (spec §7 `GET /cnaes`, the site's CNAE tool): the table's own words first; when they
 * find little — people say "salão de beleza", "software", "dentista", which the table calls otherwise — luca's
 * matches for the same words come first, then what the words found. More words still narrow a search the table
 * understands, and a code is always searched as a code.
 */
export function createCnaeSearch(db: Database, luca: LucaService): CnaeSearchService {
  return async (query) => {
    const page = await searchCnaes(db, query);
    const text = query.search?.trim() ?? '';
    if (!text || isCodeSearch(text) || page.total >= FEW_RESULTS) return page;
    const [strict, everyday] = await Promise.all([
      query.offset === 0 && page.total <= query.limit ? page : searchCnaes(db, { ...query, limit: FEW_RESULTS, offset: 0 }),
      luca.matchCnaes(text, { limit: EVERYDAY_RESULTS }),
    ]);
    const rows = new Map<string, CnaeRow>();
    for (const { score: _score, ...row } of everyday) {
      if (query.isActive === undefined || row.is_active === query.isActive) rows.set(row.code, row);
    }
    for (const row of strict.data) if (!rows.has(row.code)) rows.set(row.code, row);
    const all = [...rows.values()];
    return { total: all.length, data: all.slice(query.offset, query.offset + query.limit) };
  };
}
