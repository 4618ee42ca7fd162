/**
 * `npm run bench:import-sharing`: does a large OFX import share the server? The app `createApp` builds is started on
 * loopback; other customers (in a worker thread, one client per path, each calling again 20 ms after its answer) call
 * the liveness and readiness checks and a small list — first with nothing else going on (the baseline), then while
 * one customer uploads a generated statement of BENCH_IMPORT_MOVEMENTS (200,000) movements and follows its progress
 * until done. Prints p50 / p99 / max of those calls in each phase and how long the import took; never asserts.
 * PGlite in memory by default; with DATABASE_URL, a throwaway database on that server (target: p99 ≤ 250 ms on both).
 * BENCH_DEBUG=1 also lists each call over 150 ms with when it started.
 */
import { Worker } from 'node:worker_threads';
import type { OfxImportProgress, OfxImportSummary } from '@domain';
import { importStatement } from '@server/db/bank-statements';
import type { Database } from '@server/db/client';
import { companies } from '@server/db/schema';
import { ofxStatement, serveBenchApp } from './bench-app';
import type { BenchIdentity } from './bench-identity';
import { benchCustomer, benchIdentity } from './bench-identity';
import type { SharingLoad, SharingSample } from './sharing-load-worker';
import { SECONDS, openBenchDatabase, printHeader } from './support';

const MOVEMENTS = Number(process.env.BENCH_IMPORT_MOVEMENTS ?? 200_000);

async function customerOf(db: Database, bench: BenchIdentity, alias: string) {
  const [company] = await db
    .insert(companies)
    .values({ name: `${alias} Ltda`, alias, status: 'active' })
    .returning();
  return { companyId: company.id, headers: (await benchCustomer(db, bench, company.id)).headers };
}

/** The other customers' calls, from `startedAt` until `stop()`. */
function otherCustomers(load: SharingLoad) {
  const file = new URL('./sharing-load-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`,
    { eval: true, workerData: load },
  );
  const done = new Promise<SharingSample[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const samples = await done;
      await worker.terminate();
      return samples;
    },
  };
}

const epoch = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
}

function line(label: string, samples: SharingSample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = samples.filter((s) => s.status < 200 || s.status >= 300).length;
  const f = (v: number) => `${v.toFixed(1).padStart(8)} ms`;
  return `    ${label.padEnd(44)} p50 ${f(percentile(ms, 50))}  p99 ${f(percentile(ms, 99))}  max ${f(ms.at(-1) ?? Number.NaN)}  ${String(ms.length).padStart(5)} calls${failed ? `  ${failed} FAILED` : ''}`;
}

printHeader('Contábil benchmark: a large OFX import beside other requests');
const bench = await benchIdentity();
const database = await openBenchDatabase();
try {
  const importer = await customerOf(database.db, bench, 'Bench Importa');
  const neighbour = await customerOf(database.db, bench, 'Bench Vizinho');
  await importStatement(database.db, neighbour.companyId, [
    {
      source: 'ofx',
      bankId: '0341',
      branchId: '0001',
      accountNumber: '11111-1',
      kind: 'checking',
      currency: 'BRL',
      skipped: 0,
      transactions: Array.from({ length: 500 }, (_, i) => ({
        externalId: String(i),
        postedOn: `2025-0${(i % 9) + 1}-1${i % 10}`,
        amountCents: -100 - i,
        description: `PIX ENVIADO ${i}`,
        memo: null,
        type: 'OTHER',
      })),
    },
  ]);
  const { server, origin } = await serveBenchApp(database.db, bench.identity);
  const load: SharingLoad = {
    origin,
    paths: [
      { path: '/api/health/live' },
      { path: '/api/health/ready' },
      { path: `/api/bank-statements/accounts?companyId=${neighbour.companyId}`, headers: neighbour.headers },
    ],
  };
  const labels: Record<string, string> = {
    '/api/health/live': 'GET /api/health/live',
    '/api/health/ready': 'GET /api/health/ready (a database round trip)',
    [load.paths[2].path]: 'GET /api/bank-statements/accounts (another company)',
  };
  const report = (samples: SharingSample[]) => {
    for (const { path } of load.paths)
      console.log(
        line(
          labels[path],
          samples.filter((s) => s.path === path),
        ),
      );
    console.log(line('all of them', samples));
  };

  try {
    const file = new TextEncoder().encode(ofxStatement(MOVEMENTS, '77777-7'));
    console.log(
      `Import sharing — ${database.label}: ${MOVEMENTS.toLocaleString('en')} movements, ${(file.length / 1024 / 1024).toFixed(1)} MB OFX; ` +
        'other customers: 3 clients, each calling 20 ms after its answer (target p99 ≤ 250 ms during the import)',
    );

    // Warm-up (first calls compile and cache), then the baseline.
    const warmUp = otherCustomers(load);
    await sleep(1000);
    await warmUp.stop();
    const quiet = otherCustomers(load);
    await sleep(SECONDS * 1000);
    console.log(`  no import (baseline, ${SECONDS} s)`);
    report(await quiet.stop());

    for (const label of ['first import', 're-import (all duplicates)']) {
      const busy = otherCustomers(load);
      await sleep(500);
      const started = epoch();
      const form = new FormData();
      form.set('file', new File([file], 'grande.ofx'));
      const response = await fetch(`${origin}/api/bank-statements/ofx/upload?companyId=${importer.companyId}`, {
        method: 'POST',
        headers: importer.headers,
        body: form,
      });
      const answeredAt = epoch();
      const body = (await response.json()) as { data: OfxImportSummary | OfxImportProgress };
      let summary: OfxImportSummary | null = null;
      let polls = 0;
      if (response.status === 201) summary = body.data as OfxImportSummary;
      else if (response.status === 202) {
        const id = (body.data as OfxImportProgress).id;
        for (;;) {
          await sleep(500);
          polls++;
          const progress = (await (
            await fetch(`${origin}/api/bank-statements/imports/${id}?companyId=${importer.companyId}`, {
              headers: importer.headers,
            })
          ).json()) as { data: OfxImportProgress };
          if (progress.data.status === 'done') {
            summary = progress.data.summary;
            break;
          }
          if (progress.data.status === 'failed') throw new Error(`import failed: ${progress.data.error}`);
        }
      } else throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
      const finished = epoch();
      const samples = (await busy.stop()).filter((s) => s.at >= started && s.at < finished);
      console.log(
        `  during the ${label}: ${((finished - started) / 1000).toFixed(1)} s (upload answered ${response.status} after ` +
          `${((answeredAt - started) / 1000).toFixed(2)} s${polls ? `, then ${polls} progress calls` : ''}); ` +
          `added ${summary?.added}, duplicates ${summary?.duplicates}`,
      );
      report(samples);
      if (process.env.BENCH_DEBUG) {
        for (const s of samples.filter((x) => x.ms > 150))
          console.log(`      slow ${s.path.slice(0, 30)} at ${((s.at - started) / 1000).toFixed(2)} s: ${s.ms.toFixed(0)} ms`);
      }
    }
  } finally {
    server.close();
  }
} finally {
  await database.close();
  await bench.stop();
}
