/**
 * `npm run bench:start`: what running the product costs the machine, product and floor side by side in one run,
 * printed, never asserted (docs/performance.md, "Start and memory").
 *
 * - Start to first 200 (`GET /api/health`) of the server `npm start` runs (`node dist-server/start.js`, built ahead of
 *   time) with the Auth emulator already up: the first start (migrations, reference data, demo seed into an empty
 *   folder or database) and a restart on the same data (targets: ≤ 3 s on PostgreSQL, ≤ 8 s on PGlite), each with the
 *   CPU time the server's process used until it answered — on a busy machine the wall time says how busy it was, the
 *   CPU time what the start costs.
 * - Resident memory (VmRSS) of the restarted server after BENCH_LOAD_SECONDS (60) of mixed load — public pages, city
 *   pages, CNAE searches, the sitemap, and signed-in calls with a real emulator token (the customer's companies, one
 *   company, its invoice requests and documents; the team's companies) — and its peak meanwhile (targets: ≤ 150 MB on PostgreSQL, ≤ 550 MB on
 *   PGlite).
 * - The floor, measured the same way in the same run: plain `node` serving a bare Hono app whose one route runs a
 *   statement through pg (PostgreSQL) or PGlite (migrated, as the product's), under the same minute of load.
 *
 * The product runs with `npm start`'s node flags (SERVER_NODE_ARGS); BENCH_NODE_ARGS="--flag …" tries others.
 * The build is brought up to date first (outside the timings). Runs on PGlite in a throwaway folder (BENCH_SKIP_PGLITE=1:
 * not); with DATABASE_URL also against a throwaway database on that server. BENCH_PORT (3450) and the next one are used; the Auth
 * emulator is FIREBASE_AUTH_EMULATOR_HOST's (started here if none answers).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildIfChanged } from '../scripts/build-once';
import { SERVER_DIST, SERVER_NODE_ARGS, buildServerIfChanged } from '../scripts/build-server';
import { ensureAuthEmulator } from '../scripts/emulator';
import { machineLine } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3450);
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** The node flags the product runs with: `npm start`'s, or BENCH_NODE_ARGS (space-separated) to try others. */
const NODE_ARGS =
  process.env.BENCH_NODE_ARGS === undefined ? SERVER_NODE_ARGS : process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean);

const rssMb = (pid: number) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** User + system CPU time of a process so far, in seconds (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s). */
const cpuSeconds = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

interface Started {
  child: ChildProcess;
  seconds: number;
  cpu: number;
}

async function startAndWait(args: string[], env: NodeJS.ProcessEnv, url: string, timeoutMs = 300_000): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).status === 200) {
        return { child, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid!) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer 200 in ${timeoutMs / 1000} s`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A demo login's ID token from the emulator, as the browser gets it. */
async function signIn(email: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo12345', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

const PUBLIC_PATHS = [
  '/',
  '/abrir-empresa',
  '/blog',
  '/blog/posts/como-abrir-mei',
  '/tools/cnae',
  '/app/login',
  '/sitemap.xml',
  ...['sao-paulo-sp', 'rio-de-janeiro-rj', 'belo-horizonte-mg', 'curitiba-pr', 'recife-pe'].map((c) => `/contabilidade-em/${c}`),
  ...['salão de beleza', 'vendo bolo de pote', 'contabil', '6201'].map((q) => `/api/cnaes?search=${encodeURIComponent(q)}`),
  '/api/city-search?q=sao',
];

/**
 * `seconds` of requests from 4 callers at once, each going through `requests` in turn, sampling the process's memory
 * every 100 ms. Answers the resident memory at the end, the peak, and how many requests were answered.
 */
async function load(pid: number, seconds: number, requests: { url: string; headers?: Record<string, string> }[]) {
  let peak = rssMb(pid);
  const sample = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const until = performance.now() + seconds * 1000;
  let answered = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, caller) => {
      for (let i = caller; performance.now() < until; i++) {
        const request = requests[i % requests.length]!;
        try {
          const response = await fetch(request.url, { headers: request.headers });
          await response.arrayBuffer();
          if (response.ok) answered++;
          else failed++;
        } catch {
          // A kept-alive connection the server closed as the request left: counted, not fatal.
          failed++;
        }
      }
    }),
  );
  clearInterval(sample);
  return {
    after: rssMb(pid),
    peak: Math.max(peak, rssMb(pid)),
    answered: failed ? `${answered} answers, ${failed} failed` : `${answered} answers`,
  };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(6);

async function measureProduct(label: string, env: NodeJS.ProcessEnv) {
  const base = `http://127.0.0.1:${PORT}`;
  const productEnv = { ...env, PORT: String(PORT), FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, SCHEDULER_DISABLED: '1' };
  const first = await startAndWait([...NODE_ARGS, join(SERVER_DIST, 'start.js')], productEnv, `${base}/api/health`);
  await stop(first.child);
  const again = await startAndWait([...NODE_ARGS, join(SERVER_DIST, 'start.js')], productEnv, `${base}/api/health`);
  try {
    const idle = rssMb(again.child.pid!);
    const customer = { authorization: `Bearer ${await signIn('cliente@demo.test')}` };
    const team = { authorization: `Bearer ${await signIn('admin@demo.test')}` };
    const [company] = ((await (await fetch(`${base}/api/companies`, { headers: customer })).json()) as { data: { id: string }[] })
      .data;
    const requests = [
      ...PUBLIC_PATHS.map((path) => ({ url: base + path })),
      { url: `${base}/api/companies`, headers: customer },
      { url: `${base}/api/companies/${company!.id}`, headers: customer },
      { url: `${base}/api/nfs/requests?companyId=${company!.id}`, headers: customer },
      { url: `${base}/api/documents?companyId=${company!.id}`, headers: customer },
      { url: `${base}/api/companies?query=a`, headers: team },
    ];
    const memory = await load(again.child.pid!, LOAD_SECONDS, requests);
    console.log(
      `  ${label.padEnd(30)} first start ${fmt(first.seconds)} s (cpu ${fmt(first.cpu)} s)   restart ${fmt(again.seconds)} s (cpu ${fmt(again.cpu)} s)   resident idle ${fmt(idle, 0)} MB, after ${LOAD_SECONDS} s of load ${fmt(memory.after, 0)} MB (peak ${memory.peak.toFixed(0)}, ${memory.answered})   load avg ${loadAverage()}`,
    );
  } finally {
    await stop(again.child);
  }
}

/** The floor: plain node, a bare Hono app whose one route runs `select 1` on the given engine, loaded the same way. */
async function measureFloor(label: string, engine: { databaseUrl: string } | { pgliteDir: string }) {
  const database =
    'databaseUrl' in engine
      ? `const { default: pg } = await import('pg');
         const pool = new pg.Pool({ connectionString: ${JSON.stringify(engine.databaseUrl)}, max: 10 });
         const query = () => pool.query('select 1 as one');`
      : `const { PGlite } = await import('@electric-sql/pglite');
         const db = await PGlite.create(${JSON.stringify(engine.pgliteDir)});
         const query = () => db.query('select 1 as one');`;
  const source = `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
    ${database}
    const app = new Hono().get('/', async (c) => c.json({ data: (await query()).rows }));
    serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });`;
  const url = `http://127.0.0.1:${PORT + 1}/`;
  // Twice: the second start is the restart (PGlite's folder exists by then), as for the product.
  const first = await startAndWait(['--input-type=module', '-e', source], { PORT: String(PORT + 1) }, url);
  await stop(first.child);
  const again = await startAndWait(['--input-type=module', '-e', source], { PORT: String(PORT + 1) }, url);
  try {
    const idle = rssMb(again.child.pid!);
    const memory = await load(again.child.pid!, LOAD_SECONDS, [{ url }]);
    console.log(
      `  ${label.padEnd(30)} first start ${fmt(first.seconds)} s (cpu ${fmt(first.cpu)} s)   restart ${fmt(again.seconds)} s (cpu ${fmt(again.cpu)} s)   resident idle ${fmt(idle, 0)} MB, after ${LOAD_SECONDS} s of load ${fmt(memory.after, 0)} MB (peak ${memory.peak.toFixed(0)}, ${memory.answered})   load avg ${loadAverage()}`,
    );
  } finally {
    await stop(again.child);
  }
}

if (!process.env.BENCH_CHILD) console.log(`Start and memory\n${machineLine()}\n`);
buildIfChanged(process.cwd(), join(process.cwd(), 'dist'));
await buildServerIfChanged(process.cwd());
const emulator = await ensureAuthEmulator({ host: EMULATOR, projectId: 'demo-contabil' });

try {
  // BENCH_SKIP_PGLITE=1: PostgreSQL only (its PGlite half takes minutes).
  if (!process.env.BENCH_SKIP_PGLITE) {
    const folder = mkdtempSync(join(tmpdir(), 'contabil-bench-start-'));
    try {
      await measureFloor('floor: Hono + PGlite', { pgliteDir: join(folder, 'floor') });
      await measureProduct('product on PGlite, demo data', { DATA_DIR: join(folder, 'product'), DATABASE_URL: '' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
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
      await measureFloor('floor: Hono + pg', { databaseUrl: target.toString() });
      await measureProduct('product on PostgreSQL, demo data', { DATA_DIR: folder, DATABASE_URL: target.toString() });
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  await emulator.stop();
}
