/**
 * `npm run bench`: every benchmark, printed, never asserted. PGlite in memory by default; with DATABASE_URL, a
 * throwaway PostgreSQL database on that server (created and dropped here).
 *
 * 1. Start-up: opening the database with its migrations, loading reference data, seeding the demo.
 * 2. API: latency (p50/p95) and requests/s from autocannon on loopback against the real HTTP server `createApp`
 *    builds, for authenticated lists — companies, the movements of a 100,000-movement account, 10,000 invoice
 *    requests (first page, deep offset, filtered) — each beside the database calls its handler makes, timed directly at
 *    the same concurrency, and beside a bare Hono handler sending that SQL (target: API ≤ 1.3× it). Signed in as a
 *    person is: a real ID token from the Auth emulator, through the product's identity stack (bench/bench-identity.ts).
 * 3. CNAE search and luca's activity match over lists of realistic queries; their quality on plain-language descriptions
 *    (bench/cnae-quality.ts, also `npm run bench:cnae`).
 * 4. Start to first 200 and the running server's memory (bench/server-start.ts), the OFX import of 50,000 movements
 *    and its re-import (bench/ofx-import.ts, in its own process for an honest peak memory), other requests' latency
 *    during a 200,000-movement import (bench/import-sharing.ts), then the public site (bench/public-site.ts).
 * 5. The national NFS-e: building, validating and signing one DPS (bench/nfse-dps.ts), and emissions per second
 *    against the stand-in through the real client with mutual TLS (bench/nfse-emission.ts, also `npm run bench:nfse`).
 *    BENCH_SKIP=lists,cnae,start,bundles,ofx,sharing,site,nfse leaves sections out.
 *
 * BENCH_SECONDS (5) per measurement, BENCH_CONCURRENCY (10) connections or callers at a time, BENCH_ROUNDS (3) runs of
 * each list and its floors in turn (the median printed).
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { listCompaniesJson } from '@server/db/companies';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from '@server/seed/demo';
import { seedReferenceData } from '@server/seed/reference';
import { benchLists, compareWithRawSql, serveBareReplay } from './api-lists';
import { serveBenchApp, serveOnLoopback } from './bench-app';
import { benchCnaeAndLuca } from './cnae-luca';
import { benchCnaeQuality } from './cnae-quality';
import { benchIdentity } from './bench-identity';
import { CONCURRENCY, SECONDS, figuresLine, machineLine, measureHttp, openBenchDatabase, timed } from './support';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));

console.log(`Contábil benchmarks\n${machineLine()}\n`);

// Signed-in calls carry real ID tokens from the Auth emulator and go through the product's identity stack.
const bench = await benchIdentity();
const opening = performance.now();
const database = await openBenchDatabase();
const engine = database.label;
try {
  console.log(`Start-up — ${engine}`);
  console.log(`  ${'open database + migrations'.padEnd(58)} ${((performance.now() - opening) / 1000).toFixed(2).padStart(7)} s`);
  await timed('reference data (CNAE, municipalities…)', () => seedReferenceData(database.db));
  await timed('demo seed (3 logins, 29 companies)', () => seedDemoData(database.db, bench.identity));
  console.log(
    `  ${'resident memory after seeding'.padEnd(58)} ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0).padStart(7)} MB\n`,
  );
  if (database.engine === 'postgres') await database.db.execute(sql`analyze`);

  const admin = await bench.bearer(DEMO_LOGINS.find((login) => login.roles.includes('system-admin'))!.email, DEMO_PASSWORD);
  const { server, origin } = await serveBenchApp(database.db, bench.identity);
  const { server: bareServer, origin: bareOrigin } = await serveOnLoopback(new Hono().get('/ping', (c) => c.json({ data: [] })));
  const bareReplay = await serveBareReplay();
  try {
    console.log(
      `API — ${engine}; autocannon in a worker thread, ${CONCURRENCY} connections, ${SECONDS} s each after a warm-up, loopback`,
    );
    if (database.engine === 'pglite') {
      console.log(
        '  (PGlite runs one statement at a time, in this process: with several callers each waits for the others, so\n' +
          '   latency grows with BENCH_CONCURRENCY and req/s is the figure to compare; BENCH_CONCURRENCY=1 gives one call)',
      );
    }
    const floor = await measureHttp({ origin: bareOrigin, paths: ['/ping'] });
    console.log(figuresLine('bare Hono handler (the framework floor)', floor));
    const servers = { origin, floor, bare: bareReplay };
    await compareWithRawSql(
      database.db,
      {
        label: '/api/companies?query=a (team)',
        path: '/api/companies?query=a',
        headers: admin,
        direct: () => listCompaniesJson(database.db, { query: 'a', limit: 25, offset: 0 }),
      },
      servers,
    );

    if (!skip.has('lists')) await benchLists({ db: database.db, bench, ...servers });

    if (!skip.has('cnae')) {
      console.log(`\nCNAE search and luca — ${engine}`);
      await benchCnaeAndLuca({ db: database.db, origin, headers: admin, floor });
      console.log(`\nCNAE search quality: plain-language descriptions (tests/fixtures/cnae-descriptions) — ${engine}`);
      await benchCnaeQuality(database.db);
    }
  } finally {
    server.close();
    bareServer.close();
    bareReplay.server.close();
  }
} finally {
  await database.close();
}

/** The other benchmarks, each in its own process (their memory figures are their own). */
function child(script: string, env: NodeJS.ProcessEnv, label?: string) {
  console.log(label ? `\n${label}` : '');
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    stdio: 'inherit',
    env: { ...env, BENCH_CHILD: '1' },
  });
  if (result.status !== 0) console.log(`${script} ended with status ${result.status ?? result.signal}`);
}
if (!skip.has('start')) child('bench/server-start.ts', process.env, 'Start and memory (npm start, nothing to build)');
if (!skip.has('bundles')) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  child('bench/app-bundles.ts', env, 'App bundles — the JavaScript each page of the app loads');
}
if (!skip.has('ofx')) child('bench/ofx-import.ts', process.env);
if (!skip.has('sharing')) child('bench/import-sharing.ts', process.env);
if (!skip.has('site')) {
  // The site's figures are the browser's; it runs the product on PGlite in a throwaway folder whatever DATABASE_URL says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  child('bench/public-site.ts', env, 'Public site — PGlite (the product started in a throwaway folder)');
}
if (!skip.has('nfse')) {
  child('bench/nfse-dps.ts', process.env, 'NFS-e nacional — one DPS built, validated against the XSD and signed');
  child('bench/nfse-emission.ts', process.env, 'NFS-e nacional — emissions against the stand-in');
}
await bench.stop();
