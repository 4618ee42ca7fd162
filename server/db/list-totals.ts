import { LRUCache } from 'lru-cache';

/**
 * The totals of paged lists, remembered per version of what they count. The database bumps a version (a column
 * maintained by triggers, migration 0015) in the same transaction as any change that may alter a list, so a total
 * counted at version v is exact for as long as the version still reads v: a page then needs no count of the whole
 * account or company. Each process keeps its own; several servers on one database stay exact, since each reads the
 * version from the database on every request.
 */
export interface ListTotals {
  /** The total remembered for `key` at `version`, or undefined (never counted, or counted at another version). */
  get(key: string, version: number): number | undefined;
  set(key: string, version: number, total: number): void;
}

export function createListTotals(max = 10_000): ListTotals {
  const totals = new LRUCache<string, { version: number; total: number }>({ max });
  return {
    get(key, version) {
      const known = totals.get(key);
      return known && known.version === version ? known.total : undefined;
    },
    set(key, version, total) {
      totals.set(key, { version, total });
    },
  };
}

/** The process's totals: one cache, whichever database (tests open several, each with its own ids). */
export const listTotals = createListTotals();
