import type { CnaeRow, Page } from '@domain';
import type { CnaeSearch } from '../db/cnaes';
import { isCodeSearch, searchCnaesByCode } from '../db/cnaes';
import type { Database } from '../db/client';
import { activityCatalog } from './activity-catalog';

export type CnaeSearchService = (query: CnaeSearch) => Promise<Page<CnaeRow>>;

/**
 * The CNAE search people use (docs/api.md `GET /cnaes`, the site's CNAE tool, the wizard's "busque pelo nome"): a code
 * (or its beginning) is searched as a code; words — the table's ("comércio varejista de calçados") or everyday ones
 * ("vendo bolo de pote pela internet", "salão de beleza") — by the same ranking as luca's suggester, the last word read
 * as still being typed; without a search, every subclass by code.
 */
export function createCnaeSearch(db: Database): CnaeSearchService {
  return async (query) => {
    const text = query.search?.trim() ?? '';
    if (!text || isCodeSearch(text)) return searchCnaesByCode(db, query);
    return (await activityCatalog(db)).search(text, query);
  };
}
