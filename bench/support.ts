/**
 * What the benchmarks share: the header naming the machine, the database they run on (PGlite in memory, or a
 * throwaway PostgreSQL database beside DATABASE_URL), and the two ways of measuring — HTTP load from autocannon in a
 * worker thread, and a direct call repeated at the same concurrency in this process. Figures only; nothing asserts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import type { LoadRequest, LoadResult } from './load-worker';

/** The CPU model as the kernel names it (`os.cpus()` may say less in containers). */
function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    // Not Linux: Node's own idea of it.
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

/** Date, cores, CPU model, memory and Node version: what a reader needs to weigh the figures. */
export function machineLine(): string {
  return `${new Date().toISOString()} · ${cpus().length} cores, ${cpuModel()} · ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM · Node ${process.version}`;
}

/** Prints the header unless a parent benchmark already did (`npm run bench` runs the others as children). */
export function printHeader(title: string) {
  if (process.env.BENCH_CHILD === '1') return;
  console.log(`${title}\n${machineLine()}\n`);
}

export function engineOf(database: Pick<OpenDatabase, 'engine'>): string {
  return database.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
}

export type BenchDatabase = OpenDatabase & { label: string };

/**
 * PGlite in memory by default. With DATABASE_URL, a new database on that server (`contabil_bench_…`), migrated, and
 * dropped by `close()`: the benchmarks write hundreds of thousands of rows and must not meet earlier runs' rows.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    return { ...database, label: engineOf(database) };
  }
  const name = `contabil_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0].server_version.split(' ')[0];
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await database.close().catch(() => {});
    await drop();
  };
  // Ctrl-C still drops the throwaway database.
  process.once('SIGINT', () => void close().finally(() => process.exit(130)));
  return { ...database, close, label: `PostgreSQL ${version} (throwaway database ${name} on ${target.host})` };
}

export interface Figures {
  p50: number;
  p95: number;
  rps: number;
  count: number;
  /** Answers other than 2xx, and connection errors: a figure with any is not a measurement of the endpoint. */
  failures: number;
  /**
   * Busy time of this process's main thread per answer, in µs (its event loop's utilisation over the run): the
   * server's own work for an API call — PGlite's too, which runs there — or the driver's for a direct call.
   */
  mainUs?: number;
  /** Busy time of the load generator's thread per answer, in µs: CPU the same cores give to the client, not the server. */
  loadUs?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function figuresOf(latencies: number[], seconds: number, failures: number): Figures {
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / seconds,
    count: latencies.length,
    failures,
  };
}

export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
/** Seconds each measurement runs (after a short warm-up that is not counted). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Math.min(1, SECONDS / 2);
/** How many times a list and its two floors are measured in turn (bench/api-lists.ts): the median run is printed. */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/**
 * HTTP load from autocannon, run in a worker thread so the client does not share the server's event loop, keeping
 * each response's exact latency (autocannon's own histogram rounds to whole milliseconds).
 */
export async function measureHttp(request: Omit<LoadRequest, 'seconds' | 'connections'>): Promise<Figures> {
  const run = (seconds: number) =>
    new Promise<LoadResult>((resolve, reject) => {
      const file = new URL('./load-worker.ts', import.meta.url).href;
      // tsx registers itself in the worker, which does not inherit the main thread's loader.
      const worker = new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`,
        { eval: true, workerData: { ...request, seconds, connections: CONCURRENCY } satisfies LoadRequest },
      );
      worker.once('message', (result: LoadResult) => {
        void worker.terminate();
        resolve(result);
      });
      worker.once('error', reject);
    });
  await run(WARMUP_SECONDS);
  const idle = performance.eventLoopUtilization();
  const result = await run(SECONDS);
  const busy = performance.eventLoopUtilization(idle).active;
  if (result.failures > 0) console.warn(`  ! ${result.failures} failed requests; first: ${result.firstFailure}`);
  const count = Math.max(1, result.latencies.length);
  return {
    ...figuresOf(result.latencies, result.seconds, result.failures),
    mainUs: (busy * 1000) / count,
    loadUs: (result.activeMs * 1000) / count,
  };
}

/** A direct call (the database query a handler makes) repeated by CONCURRENCY callers for SECONDS. */
export async function measureDirect(call: (i: number) => Promise<unknown>): Promise<Figures> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    let i = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          await call(i++);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, seconds: (performance.now() - started) / 1000 };
  };
  await run(WARMUP_SECONDS);
  const idle = performance.eventLoopUtilization();
  const { latencies, seconds } = await run(SECONDS);
  const busy = performance.eventLoopUtilization(idle).active;
  return { ...figuresOf(latencies, seconds, 0), mainUs: (busy * 1000) / Math.max(1, latencies.length) };
}

const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;

export function figuresLine(label: string, figures: Figures): string {
  const threads = [
    figures.mainUs === undefined ? '' : `   main thread ${figures.mainUs.toFixed(0).padStart(4)} µs`,
    figures.loadUs === undefined ? '' : `, load generator ${figures.loadUs.toFixed(0).padStart(4)} µs`,
  ].join('');
  return `  ${label.padEnd(58)} p50 ${ms(figures.p50)}   p95 ${ms(figures.p95)}   ${figures.rps.toFixed(0).padStart(6)} req/s${threads}${figures.failures ? `   ${figures.failures} FAILED` : ''}`;
}

/** The API beside the database calls it makes: the ratio of medians is the cost of HTTP, auth and validation. */
export function ratioLine(api: Figures, database: Figures, floor: Figures): string {
  return `  ${''.padEnd(58)} API / raw SQL ${(api.p50 / database.p50).toFixed(2)}×, API / bare handler ${(api.p50 / floor.p50).toFixed(2)}×`;
}

/**
 * The lowest ratio HTTP allows (a bare handler sending the same SQL and bytes, over raw SQL), and what the product adds
 * on top of that: its routing, token and access check, validation, query building and headers.
 */
export function httpFloorLine(api: Figures, http: Figures, database: Figures): string {
  return `  ${''.padEnd(58)} bare handler + SQL / raw SQL ${(http.p50 / database.p50).toFixed(2)}× (the floor of any HTTP API here), API / bare handler + SQL ${(api.p50 / http.p50).toFixed(2)}× (target ≤ 1.3×)`;
}

/** For work done in memory (no database call to compare with): what HTTP adds, beside the bare handler. */
export function overheadLine(api: Figures, direct: Figures, floor: Figures): string {
  return `  ${''.padEnd(58)} in memory: HTTP and JSON add ${(api.p50 - direct.p50).toFixed(2)} ms at p50; API / bare handler ${(api.p50 / floor.p50).toFixed(2)}×`;
}

export async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await run();
  console.log(`  ${label.padEnd(58)} ${((performance.now() - t0) / 1000).toFixed(2).padStart(7)} s`);
  return result;
}
