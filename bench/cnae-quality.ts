/**
 * `npm run bench:cnae`: how well the activity search understands people. Businesses described in plain words, each
 * with the CNAE subclasses an accountant would accept as its main activity (tests/fixtures/cnae-descriptions: `dev`,
 * the set the ranking may be tuned on, and sets of 100 written blind, each by someone who saw neither the ranking nor
 * the other sets; which were read for causes and which only measured is told in docs/cnae-search-sets.md), asked of
 * every place that searches activities by words — luca's suggester (`POST /api/luca/cnaes/match`, the wizard's "Sugerir
 * atividades") and the public search (`GET /api/cnaes?search=`, `/tools/cnae` and the wizard's "busque pelo nome") —
 * and, beside them, a baseline that knows only the table's own words: subclasses ranked by how many of the
 * description's words (accents and case aside) their text, MEI occupations and hierarchy contain.
 * Prints top-1 and top-3 accuracy, how many descriptions have a code of a division none of their accepted codes is in
 * among the first three ("other div.": a rough sign of unrelated codes, since making, selling and repairing one thing
 * sit in different divisions), and p50/p95 latency per set (each description's median of three runs);
 * `CNAE_MISSES=dev` (or another set's name, or `all`) lists misses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allCnaesWithOccupations } from '@server/db/cnaes';
import type { Database } from '@server/db/client';
import { seedReferenceData } from '@server/seed/reference';
import { createCnaeSearch } from '@server/services/cnae-search';
import { createLocalLuca } from '@server/services/luca';
import { machineLine, openBenchDatabase } from './support';

export interface Described {
  description: string;
  accepted: string[];
}

const FIXTURES = join(import.meta.dirname, '../tests/fixtures/cnae-descriptions');
export const DESCRIPTION_SETS = [
  'dev',
  'holdout',
  'walk',
  'fresh',
  'fresh2',
  'holdout2',
  'holdout3',
  'holdout4',
  'fresh3',
  'holdout5',
  'fresh4',
  'holdout6',
  'fresh5',
  'fresh6',
  'fresh7',
  'fresh8',
  'fresh9',
  'fresh10',
  'holdout7',
  'fresh11',
  'fresh12',
  'holdout8',
  'holdout9',
  'holdout10',
  'holdout11',
  'holdout12',
  'holdout13',
  'holdout14',
  'holdout15',
  'holdout16',
  'holdout17',
  'holdout18',
  'holdout19',
  'holdout20',
  'holdout21',
  'holdout22',
  'holdout23',
] as const;

export function describedBusinesses(set: (typeof DESCRIPTION_SETS)[number]): Described[] {
  return JSON.parse(readFileSync(join(FIXTURES, `${set}.json`), 'utf8')) as Described[];
}

type Ranker = (text: string) => Promise<string[]>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function evaluate(rank: Ranker, items: Described[]) {
  const times: number[] = [];
  let top1 = 0;
  let top3 = 0;
  let otherDivision = 0;
  const misses: { item: Described; found: string[] }[] = [];
  for (const item of items) {
    // Each description is asked three times and its median kept: on a shared machine one pause of another process
    // would otherwise stand for the ranking's own cost.
    const runs: number[] = [];
    let found: string[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      found = await rank(item.description);
      runs.push(performance.now() - started);
    }
    times.push(runs.sort((a, b) => a - b)[1]);
    if (item.accepted.includes(found[0])) top1++;
    const divisions = new Set(item.accepted.map((code) => code.slice(0, 2)));
    if (found.slice(0, 3).some((code) => !divisions.has(code.slice(0, 2)))) otherDivision++;
    if (found.slice(0, 3).some((code) => item.accepted.includes(code))) top3++;
    else misses.push({ item, found: found.slice(0, 3) });
  }
  times.sort((a, b) => a - b);
  return {
    top1: top1 / items.length,
    top3: top3 / items.length,
    otherDivision,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    misses,
  };
}

/** The baseline: how many of the words (4 letters or more) a subclass's own words contain, best first. */
async function tableWordsRanker(db: Database): Promise<Ranker> {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const subclasses = (await allCnaesWithOccupations(db)).map(({ row, occupations }) => ({
    code: row.code,
    words: fold([row.text, ...occupations, row.hierarchy.class.text, row.hierarchy.group.text].join(' ')),
  }));
  return async (text) => {
    const words = [...new Set(fold(text).split(/[^a-z0-9]+/))].filter((word) => word.length >= 4);
    return subclasses
      .map(({ code, words: own }) => ({ code, found: words.filter((word) => own.includes(word)).length }))
      .filter((s) => s.found > 0)
      .sort((a, b) => b.found - a.found || a.code.localeCompare(b.code))
      .slice(0, 20)
      .map((s) => s.code);
  };
}

export async function benchCnaeQuality(db: Database) {
  const luca = createLocalLuca(db);
  const search = createCnaeSearch(db);
  const rankers: [string, Ranker][] = [
    ['suggester (luca)', async (text) => (await luca.matchCnaes(text, { limit: 10 })).map((row) => row.code)],
    [
      'public search (/api/cnaes)',
      async (text) => (await search({ search: text, limit: 20, offset: 0, isActive: true })).data.map((row) => row.code),
    ],
    ["baseline: the table's words", await tableWordsRanker(db)],
  ];
  const showMisses = process.env.CNAE_MISSES ?? '';
  console.log(
    `  ${'ranking'.padEnd(30)} ${'set'.padEnd(8)} ${'n'.padStart(4)} ${'top-1'.padStart(7)} ${'top-3'.padStart(7)} ${'other div.'.padStart(10)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}`,
  );
  for (const set of DESCRIPTION_SETS) {
    const items = describedBusinesses(set);
    for (const [name, rank] of rankers) {
      // A first pass warms the database's caches; the figures are the second.
      await evaluate(rank, items.slice(0, 20));
      const result = await evaluate(rank, items);
      const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
      console.log(
        `  ${name.padEnd(30)} ${set.padEnd(8)} ${String(items.length).padStart(4)} ${pct(result.top1).padStart(7)} ${pct(result.top3).padStart(7)} ${String(result.otherDivision).padStart(10)} ${`${result.p50.toFixed(1)} ms`.padStart(8)} ${`${result.p95.toFixed(1)} ms`.padStart(8)}`,
      );
      if ((showMisses === set || showMisses === 'all') && !name.startsWith('baseline')) {
        for (const { item, found } of result.misses) {
          console.log(`      miss ${JSON.stringify(item.description)} want ${item.accepted.join('/')} got ${found.join(', ')}`);
        }
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`CNAE search quality\n${machineLine()}\n`);
  const database = await openBenchDatabase();
  try {
    await seedReferenceData(database.db);
    console.log(`  ${database.label}\n`);
    await benchCnaeQuality(database.db);
  } finally {
    await database.close();
  }
}
