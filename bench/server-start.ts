/**
 * `npm run bench:start`: what running the product costs the machine, printed, never asserted.
 *
 * - Start to first 200 (`GET /api/health`) of `npm start` when nothing needs building: the first start (migrations,
 *   reference data, demo seed into an empty data folder) and a restart on the same folder (target ≤ 10 s).
 * - Resident memory of the running server (VmRSS of its process) after it served a round of pages and API calls —
 *   the site, city pages, the CNAE search, an authenticated list — and its peak meanwhile (target ≤ 700 MB on
 *   PGlite, ≤ 300 MB with DATABASE_URL), beside two floors measured the same way in the same run: a bare Node process
 *   serving Hono, and PGlite alone with the product's migrations.
 *
 * The build is brought up to date first (outside the timings). Runs on PGlite in a throwaway folder; with
 * DATABASE_URL also against a throwaway database on that server. BENCH_PORT (3450) and the next one are used.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildIfChanged } from '../scripts/build-once';
import { machineLine } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3450);
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';

const rssMb = (pid: number) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

async function waitFor200(url: string, child: ChildProcess, timeoutMs = 240_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer 200 in ${timeoutMs / 1000} s`);
}

function startProduct(env: NodeJS.ProcessEnv): ChildProcess {
  // The server runs in this very process (tsx's loader in it), so its pid is the one measured.
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, ...env, PORT: String(PORT), FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, SKIP_BUILD: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A round of what visitors and customers ask, sampling the server's memory meanwhile. */
async function exercise(pid: number): Promise<{ after: number; peak: number }> {
  let peak = rssMb(pid);
  const sample = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const base = `http://127.0.0.1:${PORT}`;
  const paths = [
    '/',
    '/abrir-empresa',
    '/blog',
    '/blog/posts/como-abrir-mei',
    '/tools/cnae',
    '/app/login',
    '/sitemap.xml',
    ...['sao-paulo-sp', 'rio-de-janeiro-rj', 'belo-horizonte-mg', 'curitiba-pr', 'recife-pe'].map(
      (c) => `/contabilidade-em/${c}`,
    ),
    ...['salão de beleza', 'vendo bolo de pote', 'contabil', '6201'].map((q) => `/api/cnaes?search=${encodeURIComponent(q)}`),
    '/api/city-search?q=sao',
  ];
  for (let round = 0; round < 5; round++) for (const path of paths) await (await fetch(base + path)).arrayBuffer();
  clearInterval(sample);
  return { after: rssMb(pid), peak: Math.max(peak, rssMb(pid)) };
}

async function measureProduct(label: string, env: NodeJS.ProcessEnv) {
  const health = `http://127.0.0.1:${PORT}/api/health`;
  const first = startProduct(env);
  try {
    const firstMs = await waitFor200(health, first);
    const memory = await exercise(first.pid!);
    await stop(first);
    const again = startProduct(env);
    try {
      const restartMs = await waitFor200(health, again);
      console.log(
        `  ${label.padEnd(34)} first start ${(firstMs / 1000).toFixed(1).padStart(5)} s   restart ${(restartMs / 1000).toFixed(1).padStart(5)} s   resident ${memory.after.toFixed(0).padStart(5)} MB (peak ${memory.peak.toFixed(0)} MB)`,
      );
    } finally {
      await stop(again);
    }
  } finally {
    await stop(first);
  }
}

/** A floor measured the same way: a script started as a process, its memory once it answers. */
async function measureFloor(label: string, source: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    env: { ...process.env, PORT: String(PORT + 1) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const ms = await waitFor200(`http://127.0.0.1:${PORT + 1}/`, child);
    console.log(
      `  ${label.padEnd(34)} start ${(ms / 1000).toFixed(1).padStart(5)} s   resident ${rssMb(child.pid!).toFixed(0).padStart(5)} MB`,
    );
  } finally {
    await stop(child);
  }
}

if (!process.env.BENCH_CHILD) console.log(`Start and memory\n${machineLine()}\n`);
buildIfChanged(process.cwd(), join(process.cwd(), 'dist'));

await measureFloor(
  'floor: Node serving Hono',
  `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
   serve({ fetch: new Hono().get('/', (c) => c.text('ok')).fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });`,
);
await measureFloor(
  'floor: PGlite alone, migrated',
  `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
   import { openDatabase } from '${join(process.cwd(), 'server/db/client.ts')}';
   await openDatabase({ kind: 'pglite' });
   serve({ fetch: new Hono().get('/', (c) => c.text('ok')).fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'contabil-bench-start-'));
try {
  await measureProduct('product on PGlite, demo data', { DATA_DIR: dataDir, DATABASE_URL: '' });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const url = process.env.DATABASE_URL;
if (url) {
  const name = `contabil_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const folder = mkdtempSync(join(tmpdir(), 'contabil-bench-start-'));
  try {
    await measureProduct('product on PostgreSQL, demo data', { DATA_DIR: folder, DATABASE_URL: target.toString() });
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
