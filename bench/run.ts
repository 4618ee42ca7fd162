/**
 * `npm run bench`: figures for the foundation, printed, never asserted. PGlite by default; PostgreSQL when
 * DATABASE_URL is set (use a throwaway database: the benchmark writes to it).
 *
 * - start-up: opening the database with its migrations, loading reference data, seeding the demo;
 * - API: latency and throughput of an authenticated list (GET /api/companies?query=…) beside the database call it makes
 *   and beside a bare Hono handler (the framework floor). The ratio to the database call is the cost of HTTP, auth
 *   and validation.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { listCompanies } from '../server/db/companies';
import { users } from '../server/db/schema';
import { seedDemoData } from '../server/seed/demo';
import { seedReferenceData } from '../server/seed/reference';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrasilApiLookup } from '../server/services/cnpj-lookup';
import { createSandboxPayments } from '../server/services/payments';
import { createLocalStorage } from '../server/services/storage';
import { memoryIdentity } from './memory-identity';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, run: () => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        await run();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${percentile(latencies, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(latencies, 95).toFixed(2).padStart(7)} ms   ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s`,
  );
  return percentile(latencies, 50);
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await run();
  console.log(`${label.padEnd(44)} ${(performance.now() - t0).toFixed(0).padStart(6)} ms`);
  return result;
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
console.log(`Contábil benchmarks — ${engine}, ${new Date().toISOString()}, Node ${process.version}\n`);

const database = await timed('open database + migrations', () =>
  openDatabase(process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' }),
);
await timed('reference data (CNAE, municipalities…)', () => seedReferenceData(database.db));
const identity = memoryIdentity();
await timed('demo seed (3 logins, 29 companies)', () => seedDemoData(database.db, identity));
console.log(
  `resident memory after seeding                ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0).padStart(6)} MB\n`,
);

const [admin] = await database.db
  .select()
  .from(users)
  .where(sql`${users.roles} @> '{system-admin}'`);
const token = identity.tokenOf(admin.id);
const app = createApp({
  db: database.db,
  identity,
  // The list benchmark calls no outside service: these are never reached.
  cnpjLookup: createBrasilApiLookup({ baseUrl: 'http://127.0.0.1:9' }),
  payments: createSandboxPayments({ baseUrl: 'http://127.0.0.1:9', apiKey: 'bench', webhookSecret: 'bench' }),
  storage: createLocalStorage(join(tmpdir(), 'contabil-bench-files')),
  config: { environment: 'test', publicUrl: 'http://127.0.0.1' },
  logger: { info() {}, error: console.error },
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const bare = new Hono().get('/ping', (c) => c.json({ data: [] }));
const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => bareServer.once('listening', resolve));
const bareBase = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

console.log(`${REQUESTS} requests, ${CONCURRENCY} at a time, loopback`);
const floor = await measure('bare Hono handler', () => fetch(`${bareBase}/ping`).then((r) => r.text()));
const rawSql = await measure('the database call the handler makes', () =>
  listCompanies(database.db, { query: 'a', limit: 25, offset: 0 }),
);
const api = await measure('GET /api/companies?query=a (authenticated)', () =>
  fetch(`${base}/api/companies?query=a`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text()),
);
console.log(
  `\nAPI / database call (p50): ${(api / rawSql).toFixed(2)}×   API / bare handler (p50): ${(api / floor).toFixed(2)}×`,
);

server.close();
bareServer.close();
await database.close();
