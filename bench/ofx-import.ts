/**
 * `npm run bench:ofx`: a 50,000-movement OFX statement (≈ 10 MB, SGML with decimal commas, as Brazilian banks export)
 * parsed and imported (target ≤ 2 s on PGlite), then imported again (every movement a duplicate). Prints time and
 * peak memory; never asserts. PGlite in memory by default; with DATABASE_URL, a throwaway database on that server.
 */
import { importStatement } from '@server/db/bank-statements';
import { companies } from '@server/db/schema';
import { parseOfx } from '@server/services/ofx';
import { accountsFromOfx } from '@server/services/statement-import';
import { ofxStatement } from './bench-app';
import { openBenchDatabase, printHeader } from './support';

const COUNT = Number(process.env.BENCH_OFX_TRANSACTIONS ?? 50_000);

printHeader('Contábil OFX import benchmark');
let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
// Parsing blocks the event loop, so the timer alone would miss its peak: each phase samples when it ends too.
const sampler = setInterval(sample, 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const database = await openBenchDatabase();
try {
  const [company] = await database.db.insert(companies).values({ alias: 'Bench OFX', status: 'active' }).returning();
  const bytes = new TextEncoder().encode(ofxStatement(COUNT));
  const baseline = process.memoryUsage().rss;
  console.log(
    `OFX import — ${database.label}: ${COUNT.toLocaleString('en')} movements, ${mb(bytes.length)} file (target ≤ 2 s on PGlite)`,
  );

  for (const label of ['first import', 're-import (all duplicates)']) {
    peakRss = process.memoryUsage().rss;
    const started = performance.now();
    const parsed = parseOfx(bytes, { today: '2099-12-31' });
    sample();
    const parsedAt = performance.now();
    const summary = await importStatement(database.db, company.id, accountsFromOfx(parsed));
    sample();
    const ended = performance.now();
    console.log(
      `  ${label.padEnd(28)} total ${((ended - started) / 1000).toFixed(2)} s (parse ${((parsedAt - started) / 1000).toFixed(2)} s, database ${((ended - parsedAt) / 1000).toFixed(2)} s)` +
        `  added ${summary.added}, duplicates ${summary.duplicates}  peak RSS ${mb(peakRss)} (+${mb(peakRss - baseline)} over the open database)`,
    );
  }
  console.log(`  ${'process peak RSS (getrusage)'.padEnd(28)} ${mb(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  clearInterval(sampler);
  await database.close();
}
