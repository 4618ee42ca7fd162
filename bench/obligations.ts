/**
 * `npm run bench:obligations`: what the obligations cost (docs/taxes.md) on the path the API takes — the year of one
 * company with 10,000 issued invoices (`obligationsOfCompanies`, as `GET /api/obligations`), and the team's month over
 * 1,000 companies (`teamMonth`, as `GET /api/obligations/team`) — each beside a plain SQL sum of the same invoices by
 * month, the least any answer must do. Targets on this machine: ≤ 50 ms and ≤ 2 s. Median of 7 runs after 2 warm-ups.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { obligationsOfCompanies, teamMonth } from '@server/db/obligations';
import { companies, companyTaxProfiles, nfsRequests } from '@server/db/schema';
import { openBenchDatabase, printHeader } from './support';

const YEAR = 2026;
const NOW = new Date('2026-11-28T15:00:00Z');
const BIG_COMPANY_INVOICES = 10_000;
const TEAM_COMPANIES = 1_000;
const INVOICES_PER_TEAM_COMPANY = 24;

async function company(db: Database, i: number, size: 'MEI' | 'ME'): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: `Empresa ${i} Ltda`, alias: `Empresa ${i}`, status: 'active', size })
    .returning({ id: companies.id });
  if (size === 'ME') await db.insert(companyTaxProfiles).values({ companyId: row.id, annex: 'III', activityStart: '2020-01-01' });
  else await db.insert(companyTaxProfiles).values({ companyId: row.id, meiActivity: 'services', activityStart: '2020-01-01' });
  return row.id;
}

/** `count` issued invoices spread over the 24 months up to the year's end. */
async function invoices(db: Database, companyId: string, count: number) {
  for (let from = 0; from < count; from += 1_000) {
    await db.insert(nfsRequests).values(
      Array.from({ length: Math.min(1_000, count - from) }, (_, k) => {
        const i = from + k;
        const month = i % 24;
        const competence = `${YEAR - 1 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
        return {
          companyId,
          status: 'issued' as const,
          emissionType: 'cnpj' as const,
          customerDocument: '11222333000181',
          customerName: `Tomador ${i % 50}`,
          description: `Serviços prestados, parcela ${i}`,
          competence,
          totalCents: 50_000 + (i % 100) * 100,
        };
      }),
    );
  }
}

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[3];
}

/** The floor: the same invoices summed by company and month in one statement, nothing computed. */
const plainSum = (db: Database, companyIds: string[]) =>
  db.execute(sql`select company_id, competence, sum(total_cents) from nfs_requests
    where status = 'issued' and company_id in ${companyIds} and competence between ${`${YEAR - 1}-01`} and ${`${YEAR}-12`}
    group by company_id, competence`);

printHeader('Obligations: a year of one company, the team’s month');
const database = await openBenchDatabase();
try {
  const { db } = database;
  const big = await company(db, 0, 'ME');
  await invoices(db, big, BIG_COMPANY_INVOICES);
  const team: string[] = [big];
  for (let i = 1; i < TEAM_COMPANIES; i++) {
    const id = await company(db, i, i % 3 === 0 ? 'MEI' : 'ME');
    team.push(id);
  }
  // The team's companies' invoices in a few large inserts.
  for (let i = 1; i < TEAM_COMPANIES; i += 100) {
    await Promise.all(team.slice(i, i + 100).map((id) => invoices(db, id, INVOICES_PER_TEAM_COMPANY)));
  }
  await db.execute(sql`analyze`);
  const oneYear = await median(() => obligationsOfCompanies(db, [big], YEAR, NOW));
  const oneFloor = await median(() => plainSum(db, [big]));
  const month = await median(() => teamMonth(db, '2026-10', NOW));
  const monthFloor = await median(() => plainSum(db, team));
  console.log(`  ${database.label} · run ${randomUUID().slice(0, 8)}`);
  console.log('  what                                              product      floor (SQL sum)   target');
  console.log(
    `  a year of one company, ${BIG_COMPANY_INVOICES.toLocaleString('en')} invoices     ${oneYear.toFixed(1).padStart(8)} ms ${oneFloor.toFixed(1).padStart(10)} ms      ≤ 50 ms`,
  );
  console.log(
    `  the team's month, ${TEAM_COMPANIES.toLocaleString('en')} companies             ${month.toFixed(1).padStart(8)} ms ${monthFloor.toFixed(1).padStart(10)} ms      ≤ 2,000 ms`,
  );
} finally {
  await database.close();
}
