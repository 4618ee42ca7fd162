/**
 * `npm run test:faults`: load and faults against the real server, on loopback, on a throwaway PostgreSQL database.
 * Not part of `npm test`: it kills servers and restarts PostgreSQL. Prints pass/fail per check with its figures and
 * exits non-zero on a failure; always drops the database and stops what it started.
 *
 * 1. Concurrent customers — each of their own company — create invoice requests and import OFX statements at the same
 *    time (the same file twice at once among them): afterwards exactly the rows that should exist.
 * 2. The server killed (SIGKILL) in the middle of a large OFX import: nothing of it is left; after a restart the
 *    same file imports whole, once.
 * 3. The server killed in the middle of the monthly scheduler's run over many due schedules: nothing half-written;
 *    two servers started at once then catch up every month due, each exactly once.
 * 4. The server's database connections terminated again and again (pg_terminate_backend, what a restart or a
 *    failover does to them), then PostgreSQL itself stopped and started, while requests keep coming: 503 with the
 *    pt-BR message during the gap, never a 500 or a hang, and success again afterwards from the same server process.
 *    The restart is skipped (with the reason) where PostgreSQL cannot be restarted from here: not root, not a local
 *    cluster, no pg_ctlcluster.
 * 5. NFS-e emissions through two servers on one PostgreSQL and one national stand-in (run by this script), one server
 *    killed (SIGKILL) again and again during them and started again: within 2 minutes of the last kill every request
 *    has its one NFS-e — 0 duplicates, 0 lost, 0 left "Solicitada"/processing — the dead server's runs taken over.
 *
 * Settings: LOAD_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) — a server where
 * a database may be created; FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9199; started when none answers);
 * LOAD_CUSTOMERS (20), LOAD_OFX_MOVEMENTS (50000), LOAD_SCHEDULES (10000), LOAD_NFSE_EMISSIONS (1000),
 * LOAD_NFSE_KILLS (4), LOAD_TIMEOUT_SECONDS (300, plus 360 with nfse-crash);
 * LOAD_CHECKS (concurrency,import,terminate,restart,scheduler,nfse-crash) to run some of the checks;
 * LOAD_PG_RESTART: the command that restarts PostgreSQL, when pg_ctlcluster is not the way; LOAD_SKIP_PG_RESTART=1
 * leaves that check out.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { UNAVAILABLE_MESSAGE, monthKey, saoPauloDate } from '@domain';
import { createFirebaseIdentity } from '@server/auth/firebase';
import type { OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { companies, companyMembers, nfsSchedules, users } from '@server/db/schema';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import { syncClaims } from '@server/services/claims';
import { machineLine } from '../bench/support';
import type { RunningEmulator } from './emulator';
import { ensureAuthEmulator } from './emulator';

const ADMIN_URL = process.env.LOAD_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9199';
const CUSTOMERS = Number(process.env.LOAD_CUSTOMERS ?? 20);
const OFX_MOVEMENTS = Number(process.env.LOAD_OFX_MOVEMENTS ?? 50_000);
const SCHEDULES = Number(process.env.LOAD_SCHEDULES ?? 10_000);
const NFSE_EMISSIONS = Number(process.env.LOAD_NFSE_EMISSIONS ?? 1_000);
const NFSE_KILLS = Number(process.env.LOAD_NFSE_KILLS ?? 4);
/** A request taking longer than this is a hang. */
const REQUEST_TIMEOUT_MS = 15_000;
const INVOICES_PER_CUSTOMER = 10;
const CHECKS = new Set(
  (process.env.LOAD_CHECKS ?? 'concurrency,import,terminate,restart,scheduler,nfse-crash').split(',').map((c) => c.trim()),
);
const TIMEOUT_SECONDS = Number(process.env.LOAD_TIMEOUT_SECONDS ?? 300 + (CHECKS.has('nfse-crash') ? 360 : 0));

// ——— Reporting ———

type Outcome = 'PASS' | 'FAIL' | 'SKIPPED';
const results: { name: string; outcome: Outcome }[] = [];

function report(name: string, outcome: Outcome, lines: string[]) {
  results.push({ name, outcome });
  console.log(`\n${outcome.padEnd(7)} ${name}`);
  for (const line of lines) console.log(`        ${line}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const latencyLine = (label: string, values: number[]) =>
  `${label}: ${values.length} requests, p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

// ——— What this run started, for the cleanup ———

const workDir = mkdtempSync(join(tmpdir(), 'contabil-faults-'));
const databaseName = `contabil_faults_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const servers = new Set<ServerProcess>();
let emulator: RunningEmulator | undefined;
let standIn: NfseStandIn | undefined;
let database: OpenDatabase | undefined;
let databaseCreated = false;
let crashed = false;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const server of servers) server.kill();
    await database?.close().catch(() => {});
    if (databaseCreated) {
      // PostgreSQL may be on its way back from the restart check.
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
          break;
        } catch (error) {
          if (attempt === 19) console.error(`Could not drop ${databaseName}: ${(error as Error).message}`);
          await sleep(500);
        }
      }
    }
    await emulator?.stop().catch(() => {});
    await standIn?.close().catch(() => {});
    // The servers' logs stay for a failed run.
    if (results.some((r) => r.outcome === 'FAIL') || crashed) console.log(`\nServer logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// ——— The server as a child process ———

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  name: string;
  child: ChildProcess;
  url: string;
  logFile: string;
  exited: boolean;
  kill(signal?: NodeJS.Signals): void;
  /** The end of its log, for a failure's report. */
  tail(lines?: number): string;
}

async function startServer(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const logFile = join(workDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, 'data'),
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      FIREBASE_PROJECT_ID: 'demo-contabil',
      SEED_DEMO: 'false',
      SERVE_SPA: '0',
      // No run of its own unless a check asks: the scheduler check starts its servers with a short interval.
      SCHEDULER_INTERVAL_MS: String(3_600_000),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const server: ServerProcess = {
    name,
    child,
    url: `http://127.0.0.1:${port}`,
    logFile,
    exited: false,
    kill(signal = 'SIGKILL') {
      if (!server.exited) child.kill(signal);
    },
    tail(lines = 15) {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    },
  };
  child.once('exit', () => {
    server.exited = true;
    servers.delete(server);
  });
  servers.add(server);
  return server;
}

async function waitUntilUp(server: ServerProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exited) throw new Error(`${server.name} exited while starting:\n${server.tail()}`);
    try {
      if ((await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${server.name} did not answer within ${seconds(timeoutMs)}:\n${server.tail()}`);
}

async function killAndWait(server: ServerProcess) {
  if (server.exited) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

// ——— Database helpers ———

async function query<T = Record<string, unknown>>(text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database!.db.execute(text)) as unknown as { rows: T[] }).rows;
}

async function countOf(text: ReturnType<typeof sql>): Promise<number> {
  const [row] = await query<{ n: string | number }>(text);
  return Number(row.n);
}

/** Connections of our servers to the throwaway database (this script's own excluded). */
async function serverBackends(): Promise<number> {
  return countOf(
    sql`select count(*) as n from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and application_name <> 'load-faults'`,
  );
}

/** After a SIGKILL, PostgreSQL rolls back the dead server's transaction once it sees the connection gone. */
async function waitForServerBackendsToGo(timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while ((await serverBackends()) > 0) {
    if (Date.now() > until) throw new Error('the killed server’s database connections did not go away');
    await sleep(50);
  }
}

/**
 * Polls for a statement of another backend matching `pattern` and answers once it has been seen running `times`
 * times (distinct query starts), or false when `timeoutMs` passes or the work is `over` first.
 */
async function waitForStatement(
  pattern: string,
  times: number,
  timeoutMs: number,
  over: () => boolean | Promise<boolean>,
): Promise<boolean> {
  const starts = new Set<string>();
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !(await over())) {
    const rows = await query<{ started: string }>(
      sql`select query_start::text as started from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query ilike ${pattern}`,
    );
    for (const row of rows) starts.add(row.started);
    if (starts.size >= times) return true;
    await sleep(5);
  }
  return false;
}

// ——— Customers ———

interface Customer {
  companyId: string;
  token: string;
}

const emulatorIdentity = () =>
  createFirebaseIdentity({
    projectId: 'demo-contabil',
    apiKey: 'load-faults',
    authDomain: 'load-faults',
    authEmulatorHost: EMULATOR_HOST,
  });

/** A person at the emulator and in the database, with these roles (and this company), signed in: their ID token. */
async function signedInUser(roles: ('company-admin' | 'system-admin')[], name: string, companyId?: string): Promise<string> {
  const identity = emulatorIdentity();
  const email = `carga-${randomUUID().slice(0, 12)}@faults.test`;
  const password = 'senha-de-carga-1';
  const { uid } = await identity.createUser({ email, password, displayName: name });
  await database!.db.insert(users).values({ id: uid, email, name, roles });
  if (companyId) await database!.db.insert(companyMembers).values({ companyId, userId: uid });
  await syncClaims(database!.db, identity, uid);
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=load-faults`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const { idToken } = (await response.json()) as { idToken?: string };
  if (!idToken) throw new Error(`could not sign in ${email} at the emulator`);
  return idToken;
}

async function createCustomers(count: number): Promise<Customer[]> {
  const one = async (n: number): Promise<Customer> => {
    const [company] = await database!.db
      .insert(companies)
      .values({ name: `Carga ${n} Ltda`, alias: `Carga ${n}`, status: 'active' })
      .returning({ id: companies.id });
    return { companyId: company.id, token: await signedInUser(['company-admin'], `Cliente ${n}`, company.id) };
  };
  return Promise.all(Array.from({ length: count }, (_, n) => one(n + 1)));
}

// ——— HTTP ———

interface Answer {
  status: number;
  body: any;
  ms: number;
  /** The request never got an answer: a refused connection, or no answer within REQUEST_TIMEOUT_MS. */
  error?: 'timeout' | 'connection';
  message?: string;
}

async function call(
  server: ServerProcess,
  path: string,
  init: { method?: string; token: string; json?: unknown; form?: FormData; timeoutMs?: number },
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${init.token}`,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      signal: AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the report.
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    const timeout = (error as Error).name === 'TimeoutError';
    return {
      status: 0,
      body: null,
      ms: performance.now() - started,
      error: timeout ? 'timeout' : 'connection',
      message: String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message),
    };
  }
}

const describeAnswer = (answer: Answer) =>
  answer.error
    ? `${answer.error} (${answer.message})`
    : `${answer.status} ${typeof answer.body === 'string' ? answer.body.slice(0, 120) : JSON.stringify(answer.body).slice(0, 160)}`;

function invoiceBody(n: number) {
  return {
    emissionType: 'cnpj',
    cnpj: '11.222.333/0001-81',
    totalValue: 100 + n,
    customerName: 'Estúdio Aurora Design Ltda',
    description: `Serviço de carga nº ${n}`,
    competence: '2026-10',
  };
}

/** An OFX statement as Brazilian banks export it (SGML, decimal commas) with movements `from` to `to - 1`. */
function ofx(account: string, from: number, to: number): Uint8Array<ArrayBuffer> {
  const lines: string[] = [];
  for (let i = from; i < to; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const cents = ((i * 7919) % 500_000) + 1;
    const amount = `${i % 3 === 0 ? '' : '-'}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    lines.push(
      `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${day}100000[-03:BRT]\n<TRNAMT>${amount}\n<FITID>${i}\n<MEMO>PIX ENVIADO ${i % 97}\n</STMTTRN>`,
    );
  }
  const text = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0001<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20251231\n${lines.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  return new TextEncoder().encode(text);
}

function uploadForm(bytes: Uint8Array<ArrayBuffer>, name: string): FormData {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'application/x-ofx' }));
  return form;
}

/**
 * Uploads a statement and, when the server answers 202 (a large file goes on after the answer), follows the import
 * as the screen does until it is done: the answer is then the summary, as a small file's 201 is, timed from the upload.
 */
async function upload(server: ServerProcess, customer: Customer, bytes: Uint8Array<ArrayBuffer>, name = 'extrato.ofx') {
  const started = performance.now();
  const answer = await call(server, `/api/bank-statements/ofx/upload?companyId=${customer.companyId}`, {
    method: 'POST',
    token: customer.token,
    form: uploadForm(bytes, name),
  });
  if (answer.status !== 202) return answer;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const progress = await call(server, `/api/bank-statements/imports/${answer.body.data.id}?companyId=${customer.companyId}`, {
      token: customer.token,
    });
    const data = progress.body?.data;
    if (progress.error || progress.status !== 200 || data.status === 'failed')
      return { ...progress, ms: performance.now() - started };
    if (data.status === 'done') return { status: 201, body: { data: data.summary }, ms: performance.now() - started };
  }
}

/** Rows of imports that are done or older than imports: what anyone can see (an unfinished import's are hidden). */
const visibleTo = (alias: string) =>
  sql.raw(`(${alias}.import_id is null or ${alias}.import_id in (select id from bank_statement_imports where status = 'done'))`);

// ——— Checks ———

/** 1. Invoice requests and imports at once, for every customer, the same statement twice at once among them. */
async function concurrentCustomers(server: ServerProcess, customers: Customer[]) {
  const name = `${customers.length} customers at once: invoice requests and OFX imports (the same file twice at once)`;
  // Statement A: movements 0–199; B: 150–299, so 50 of B are already in A.
  const fileA = ofx('12345-6', 0, 200);
  const fileB = ofx('12345-6', 150, 300);
  const expectedMovements = 300;
  const started = performance.now();
  const perCustomer = await Promise.all(
    customers.map(async (customer) => {
      const [invoices, imports] = await Promise.all([
        Promise.all(
          Array.from({ length: INVOICES_PER_CUSTOMER }, (_, n) =>
            call(server, `/api/nfs/requests?companyId=${customer.companyId}`, {
              method: 'POST',
              token: customer.token,
              json: invoiceBody(n),
            }),
          ),
        ),
        Promise.all([upload(server, customer, fileA), upload(server, customer, fileA), upload(server, customer, fileB)]),
      ]);
      return { customer, invoices, imports };
    }),
  );
  const elapsed = performance.now() - started;

  const problems: string[] = [];
  const answers = perCustomer.flatMap((c) => [...c.invoices, ...c.imports]);
  const unexpected = answers.filter((a) => a.status !== 201);
  if (unexpected.length) problems.push(`${unexpected.length} answers were not 201; first: ${describeAnswer(unexpected[0])}`);
  for (const { customer, imports } of perCustomer) {
    const ids = customer.companyId;
    const requests = await countOf(sql`select count(*) as n from nfs_requests where company_id = ${ids}`);
    const changes = await countOf(
      sql`select count(*) as n from nfs_request_status_changes c join nfs_requests r on r.id = c.request_id where r.company_id = ${ids}`,
    );
    const movements = await countOf(sql`select count(*) as n from bank_transactions where company_id = ${ids}`);
    const accounts = await countOf(sql`select count(*) as n from bank_accounts where company_id = ${ids}`);
    const added = imports.reduce((sum, a) => sum + Number(a.body?.data?.added ?? 0), 0);
    const sameFileAdded = imports.slice(0, 2).map((a) => Number(a.body?.data?.added ?? 0));
    const expected = {
      requests: INVOICES_PER_CUSTOMER,
      changes: INVOICES_PER_CUSTOMER,
      movements: expectedMovements,
      accounts: 1,
    };
    const found = { requests, changes, movements, accounts };
    for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
      if (found[key] !== expected[key])
        problems.push(`company ${ids.slice(0, 8)}: ${key} ${found[key]}, expected ${expected[key]}`);
    }
    if (added !== expectedMovements)
      problems.push(`company ${ids.slice(0, 8)}: the imports said ${added} added, expected ${expectedMovements}`);
    if (sameFileAdded[0] + sameFileAdded[1] > 200 || Math.min(...sameFileAdded) < 0)
      problems.push(`company ${ids.slice(0, 8)}: the same file twice at once added ${sameFileAdded.join(' + ')}`);
  }
  const invoiceMs = perCustomer.flatMap((c) => c.invoices.map((a) => a.ms));
  const importMs = perCustomer.flatMap((c) => c.imports.map((a) => a.ms));
  report(name, problems.length ? 'FAIL' : 'PASS', [
    `${answers.length} requests in ${seconds(elapsed)} (${(answers.length / (elapsed / 1000)).toFixed(0)} req/s)`,
    latencyLine('POST /api/nfs/requests', invoiceMs),
    latencyLine('POST /api/bank-statements/ofx/upload', importMs),
    `each company: ${INVOICES_PER_CUSTOMER} requests with one status change each, 1 account with ${expectedMovements} movements (200 + 150 lines, 50 shared, file A twice)`,
    ...problems.slice(0, 10),
  ]);
}

/** 2. SIGKILL during a large import: all or nothing, then the same file imports whole after a restart. */
async function killDuringImport(server: ServerProcess, customer: Customer): Promise<ServerProcess> {
  const name = `server killed (SIGKILL) during an OFX import of ${OFX_MOVEMENTS.toLocaleString('en')} movements`;
  const file = ofx('99999-9', 0, OFX_MOVEMENTS);
  const problems: string[] = [];
  const lines: string[] = [`file of ${(file.length / 1024 / 1024).toFixed(1)} MB`];
  let answered = false;
  const pending = upload(server, customer, file, 'grande.ofx').finally(() => (answered = true));
  // Two batches of the import seen running: some movements are written, uncommitted, when the kill lands.
  const caught = await waitForStatement('%insert into "bank_transactions"%', 2, 60_000, () => answered);
  const killedAt = performance.now();
  await killAndWait(server);
  const answer = await pending;
  lines.push(
    caught
      ? 'killed while its second batch of movements was being written'
      : 'the import was not caught writing (it answered first, or took over 60 s); killed anyway',
  );
  if (!caught) problems.push('could not catch the import in the middle');
  if (!answer.error) lines.push(`the upload got an answer before the kill: ${describeAnswer(answer)}`);
  await waitForServerBackendsToGo();
  lines.push(`PostgreSQL rolled back the dead server's transaction ${seconds(performance.now() - killedAt)} after the kill`);
  const accountsLeft = await countOf(
    sql`select count(*) as n from bank_accounts a where company_id = ${customer.companyId} and account_number = '99999-9' and ${visibleTo('a')}`,
  );
  const movementsLeft = await countOf(
    sql`select count(*) as n from bank_transactions t join bank_accounts a on a.id = t.account_id where a.company_id = ${customer.companyId} and a.account_number = '99999-9' and ${visibleTo('t')}`,
  );
  lines.push(`after the kill: ${accountsLeft} account, ${movementsLeft} movements of that file to be seen`);
  if (answer.status === 201) {
    if (movementsLeft !== OFX_MOVEMENTS) problems.push(`answered 201 but ${movementsLeft} movements are stored`);
  } else if (accountsLeft !== 0 || movementsLeft !== 0) {
    problems.push('half an import is stored');
  }

  const restarted = await startServer('server-2');
  const restartStarted = performance.now();
  await waitUntilUp(restarted);
  lines.push(`restarted in ${seconds(performance.now() - restartStarted)}`);
  const again = await upload(restarted, customer, file, 'grande.ofx');
  const twice = await upload(restarted, customer, file, 'grande.ofx');
  const stored = await countOf(
    sql`select count(*) as n from bank_transactions t join bank_accounts a on a.id = t.account_id where a.company_id = ${customer.companyId} and a.account_number = '99999-9'`,
  );
  lines.push(
    `imported again: ${describeAnswerShort(again)} in ${seconds(again.ms)}; once more: ${describeAnswerShort(twice)} in ${seconds(twice.ms)}; ${stored} stored`,
  );
  const expectedAdded = answer.status === 201 ? 0 : OFX_MOVEMENTS;
  if (again.status !== 201 || again.body?.data?.added !== expectedAdded) problems.push(`re-import: ${describeAnswer(again)}`);
  if (twice.status !== 201 || twice.body?.data?.duplicates !== OFX_MOVEMENTS)
    problems.push(`third import: ${describeAnswer(twice)}`);
  if (stored !== OFX_MOVEMENTS) problems.push(`${stored} movements stored, expected ${OFX_MOVEMENTS}`);
  report(name, problems.length ? 'FAIL' : 'PASS', [...lines, ...problems]);
  return restarted;
}

function describeAnswerShort(answer: Answer): string {
  if (answer.status !== 201) return describeAnswer(answer);
  return `added ${answer.body.data.added}, duplicates ${answer.body.data.duplicates}`;
}

/** 3. SIGKILL during the scheduler's run, then two servers at once catch up exactly once. */
async function killDuringScheduler(customers: Customer[]) {
  const name = `server killed (SIGKILL) during the monthly scheduler's run over ${SCHEDULES.toLocaleString('en')} due schedules; two servers then catch up`;
  const problems: string[] = [];
  const lines: string[] = [];
  // Made three months ago, so this month's day (when it has come) and last month's are both due.
  const createdAt = new Date(Date.now() - 90 * 86_400_000);
  const today = saoPauloDate(new Date());
  const thisMonth = monthKey(today.year, today.month);
  let expected = 0;
  const rows = Array.from({ length: SCHEDULES }, (_, i) => {
    const dayOfMonth = (i % 12) + 1;
    expected += 1 + (dayOfMonth <= today.day ? 1 : 0);
    return {
      companyId: customers[i % customers.length].companyId,
      emissionType: 'cnpj' as const,
      customerDocument: '11222333000181',
      customerName: 'Estúdio Aurora Design Ltda',
      description: `Mensalidade ${i}`,
      totalCents: 150_000,
      dayOfMonth,
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) await database!.db.insert(nfsSchedules).values(rows.slice(i, i + 1_000));
  const scheduled = sql`select count(*) as n from nfs_requests where schedule_id is not null`;
  lines.push(`${SCHEDULES} schedules due: ${expected} requests expected (months ${thisMonth} and the one before)`);

  // The runner runs once as the server starts.
  const victim = await startServer('scheduler-1');
  const caught = await waitForStatement('%insert into nfs_requests%', 1, 120_000, async () => (await countOf(scheduled)) > 0);
  const killedAt = performance.now();
  await killAndWait(victim);
  if (!caught) problems.push('the scheduler was not seen running within 120 s');
  await waitForServerBackendsToGo();
  const afterKill = await countOf(scheduled);
  lines.push(
    `${caught ? 'killed while its statement ran' : 'killed'}; PostgreSQL rolled back ${seconds(performance.now() - killedAt)} after: ${afterKill} requests stored`,
  );
  if (afterKill !== 0 && afterKill !== expected) problems.push(`half a run is stored: ${afterKill} of ${expected}`);
  if (afterKill === expected)
    lines.push('(the run had committed before the kill landed: raise LOAD_SCHEDULES to catch it in the act)');

  const catchUpStarted = performance.now();
  const [first, second] = await Promise.all([
    startServer('scheduler-2', { SCHEDULER_INTERVAL_MS: '1000' }),
    startServer('scheduler-3', { SCHEDULER_INTERVAL_MS: '1000' }),
  ]);
  let stored = afterKill;
  const until = Date.now() + 120_000;
  while (stored < expected && Date.now() < until) {
    await sleep(250);
    stored = await countOf(scheduled);
  }
  const caughtUpIn = performance.now() - catchUpStarted;
  // A few more runs of both: none may add anything.
  await sleep(3_500);
  stored = await countOf(scheduled);
  const doubled = await countOf(
    sql`select count(*) as n from (select 1 from nfs_requests where schedule_id is not null group by schedule_id, schedule_month having count(*) > 1) d`,
  );
  const withoutOneChange = await countOf(
    sql`select count(*) as n from nfs_requests r where r.schedule_id is not null
        and (select count(*) from nfs_request_status_changes c where c.request_id = r.id) <> 1`,
  );
  const runs = [first, second].map(
    (s) => (readFileSync(s.logFile, 'utf8').match(/Invoice schedules: (\d+) request/g) ?? []).length,
  );
  lines.push(
    `two servers started at once with SCHEDULER_INTERVAL_MS=1000: ${stored} requests ${seconds(caughtUpIn)} after starting (runs that created something: ${runs.join(' and ')})`,
    `schedule-months stored twice: ${doubled}; requests without exactly one status change: ${withoutOneChange}`,
  );
  if (stored !== expected) problems.push(`${stored} requests stored, expected ${expected}`);
  if (doubled || withoutOneChange) problems.push('doubled requests or status changes');
  await Promise.all([killAndWait(first), killAndWait(second)]);
  report(name, problems.length ? 'FAIL' : 'PASS', [...lines, ...problems]);
}

/**
 * How this machine restarts the PostgreSQL the database lives on — stopped, left down for PG_DOWN_MS so requests meet
 * the gap, started — or why it cannot.
 */
function restartSteps(): { steps: string[][] } | { skip: string } {
  if (process.env.LOAD_SKIP_PG_RESTART === '1') return { skip: 'LOAD_SKIP_PG_RESTART=1' };
  if (process.env.LOAD_PG_RESTART) return { steps: [process.env.LOAD_PG_RESTART.split(/\s+/)] };
  const url = new URL(ADMIN_URL);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname))
    return { skip: `PostgreSQL at ${url.hostname} is not on this machine (set LOAD_PG_RESTART)` };
  if (process.getuid?.() !== 0) return { skip: 'not root: pg_ctlcluster needs it (or set LOAD_PG_RESTART)' };
  let clusters: string;
  try {
    clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  } catch {
    return { skip: 'no pg_lsclusters/pg_ctlcluster here (set LOAD_PG_RESTART)' };
  }
  const port = url.port || '5432';
  const cluster = clusters
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  if (!cluster) return { skip: `no local cluster on port ${port} in pg_lsclusters` };
  const step = (action: string) => ['pg_ctlcluster', '--skip-systemctl-redirect', cluster[0], cluster[1], action];
  return { steps: [step('stop'), step('start')] };
}

/** How long PostgreSQL stays down between stop and start. */
const PG_DOWN_MS = Number(process.env.LOAD_PG_DOWN_SECONDS ?? 2) * 1000;

async function run(command: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', () => resolve(-1));
  });
  return { code, output: output.trim() };
}

/**
 * Requests from several customers in a loop — lists and creations — while `disrupt` runs: answers are 2xx or the 503
 * with the pt-BR message, never a 500 or a hang, the same server process answers throughout, success comes back
 * once the database does, and every creation answered 201 is stored.
 */
async function underLoad(
  name: string,
  server: ServerProcess,
  customers: Customer[],
  disrupt: () => Promise<{ lines: string[]; problems: string[] }>,
) {
  const problems: string[] = [];
  const clients = customers.slice(0, 8);
  const before = new Map<string, number>();
  for (const customer of clients)
    before.set(
      customer.companyId,
      await countOf(sql`select count(*) as n from nfs_requests where company_id = ${customer.companyId}`),
    );

  type Event = Answer & { at: number; kind: 'GET' | 'POST' };
  const events: Event[] = [];
  let stop = false;
  const t0 = performance.now();
  const loops = clients.map(async (customer, c) => {
    for (let n = 0; !stop; n++) {
      const kind = (n + c) % 2 === 0 ? 'GET' : 'POST';
      const answer =
        kind === 'GET'
          ? await call(server, `/api/nfs/requests?companyId=${customer.companyId}&limit=5`, { token: customer.token })
          : await call(server, `/api/nfs/requests?companyId=${customer.companyId}`, {
              method: 'POST',
              token: customer.token,
              json: invoiceBody(1000 + n),
            });
      events.push({ ...answer, at: performance.now() - t0, kind });
      await sleep(10);
    }
  });

  await sleep(2_000);
  const disruptedAt = performance.now() - t0;
  const disruption = await disrupt();
  problems.push(...disruption.problems);
  const backAt = performance.now() - t0;
  const good = (e: Event) => e.status >= 200 && e.status < 300;
  const lastBadAfter = (from: number) => [...events].reverse().find((e) => e.at > from && !good(e));
  // On until five seconds in a row have gone well after the disruption, 60 s at most.
  while (performance.now() - t0 < backAt + 60_000) {
    await sleep(250);
    if (performance.now() - t0 - Math.max(backAt, lastBadAfter(disruptedAt)?.at ?? 0) > 5_000) break;
  }
  stop = true;
  await Promise.all(loops);

  const unavailable = (e: Event) => e.status === 503 && e.body?.error?.message === UNAVAILABLE_MESSAGE;
  const bad = events.filter((e) => !good(e) && !unavailable(e));
  const hangs = events.filter((e) => e.error === 'timeout');
  const refused = events.filter((e) => e.error === 'connection');
  const gap = events.filter(unavailable);
  const lastBad = lastBadAfter(disruptedAt);
  const firstGood = events.find((e) => e.at > (lastBad?.at ?? disruptedAt) && good(e));
  const tail = events.filter((e) => e.at > (lastBad?.at ?? disruptedAt));
  const created = events.filter((e) => e.kind === 'POST' && e.status === 201);
  let stored = 0;
  for (const customer of clients)
    stored +=
      (await countOf(sql`select count(*) as n from nfs_requests where company_id = ${customer.companyId}`)) -
      before.get(customer.companyId)!;

  if (bad.length) {
    const byKind = new Map<string, number>();
    for (const e of bad) {
      const key = e.error ? e.error : String(e.status);
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    problems.push(
      `${bad.length} answers neither 2xx nor the 503 (${[...byKind].map(([k, n]) => `${k}: ${n}`).join(', ')}); first: ${describeAnswer(bad[0])}`,
    );
  }
  if (hangs.length) problems.push(`${hangs.length} requests hung past ${seconds(REQUEST_TIMEOUT_MS)}`);
  if (refused.length) problems.push(`${refused.length} requests could not reach our server`);
  if (server.exited) problems.push('our server exited');
  if (!firstGood || tail.length === 0 || !tail.every(good)) problems.push('requests did not succeed again afterwards');
  if (stored < created.length) problems.push(`${created.length} requests answered 201 but only ${stored} are stored`);
  if (gap.length === 0) problems.push('no request met the disruption');
  report(name, problems.length ? 'FAIL' : 'PASS', [
    ...disruption.lines,
    `${events.length} requests from ${clients.length} customers (lists and creations): ${events.filter(good).length} succeeded, ${gap.length} answered 503 "${UNAVAILABLE_MESSAGE}"`,
    gap.length
      ? `503s from ${seconds(gap[0].at - disruptedAt)} to ${seconds(gap[gap.length - 1].at - disruptedAt)} after it began; slowest answer ${Math.max(...events.map((e) => e.ms)).toFixed(0)} ms`
      : 'no 503 seen',
    firstGood
      ? `succeeding again ${seconds(firstGood.at - disruptedAt)} after it began (over at ${seconds(backAt - disruptedAt)}), same server process (pid ${server.child.pid})`
      : 'never succeeded again',
    `creations: ${created.length} answered 201, ${stored} stored${stored > created.length ? ` (${stored - created.length} committed as the connection went, answered 503: the client cannot know)` : ''}`,
    ...problems,
  ]);
  if (problems.length) console.log(`        server log:\n${server.tail(10).replace(/^/gm, '          ')}`);
}

/** 4a. The server's connections terminated by PostgreSQL (as a restart or failover does), again and again. */
async function terminateConnections(server: ServerProcess, customers: Customer[]) {
  await underLoad(
    'the server’s database connections terminated (pg_terminate_backend) under load',
    server,
    customers,
    async () => {
      let terminated = 0;
      const until = performance.now() + 3_000;
      while (performance.now() < until) {
        terminated += await countOf(
          sql`select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend' and application_name <> 'load-faults'`,
        );
        await sleep(100);
      }
      return { lines: [`${terminated} connections terminated over 3 s, every 100 ms`], problems: [] };
    },
  );
}

/** 4b. PostgreSQL itself stopped and started. */
async function restartPostgres(server: ServerProcess, customers: Customer[]) {
  const name = 'PostgreSQL restarted while requests keep coming';
  const how = restartSteps();
  if ('skip' in how) {
    report(name, 'SKIPPED', [how.skip]);
    return;
  }
  await underLoad(name, server, customers, async () => {
    const timings: string[] = [];
    const problems: string[] = [];
    for (const [i, step] of how.steps.entries()) {
      if (i > 0) await sleep(PG_DOWN_MS);
      const stepStarted = performance.now();
      const { code, output } = await run(step);
      timings.push(`${step.join(' ')}: ${seconds(performance.now() - stepStarted)}`);
      if (code !== 0) problems.push(`${step.join(' ')} failed (${code}): ${output}`);
    }
    return { lines: [`${timings.join('; ')}${how.steps.length > 1 ? ` (down ${seconds(PG_DOWN_MS)} between)` : ''}`], problems };
  });
}

/** Providers of the NFS-e check: companies with a CNPJ of their own, each with its fiscal profile and A1 certificate. */
const NFSE_PROVIDERS = [
  { cnpj: '11444777000161', name: 'Mendes Tech Ltda' },
  { cnpj: '61802511000111', name: 'Aurora Sistemas Ltda' },
  { cnpj: '76827687000103', name: 'Sorriso Serviços Ltda' },
];
/** Emissions asked at once, spread over the servers up. */
const NFSE_PARALLEL = 16;
/** What item 8 of the issue allows between a server's death and every emission it left being resolved. */
const NFSE_RECOVERY_LIMIT_MS = 120_000;

/** Runs `work(i)` for i in 0…count-1, `parallel` at a time. */
async function pool(parallel: number, count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** 5. NFS-e emissions through two servers, one killed again and again: each request issued once, none left waiting. */
async function killDuringEmissions() {
  const name = `${NFSE_EMISSIONS} NFS-e emissions through two servers on one PostgreSQL, one killed (SIGKILL) ${NFSE_KILLS} times during them`;
  const problems: string[] = [];
  const lines: string[] = [];
  // One national system both servers talk to: this script's stand-in, never killed, so its records need no file. A
  // third of its answers come 1.5 s late (committed first): kills find DPS issued whose answer was on its way.
  standIn = await startNfseNacionalStandIn({ faults: { slow: 0.3, slowMs: 1_500, seed: 8 } });
  const caFile = join(workDir, 'nfse-stand-in-ca.pem');
  writeFileSync(caFile, standIn.caCertificatePem);
  // The servers reach it as they would the real one (NFSE_NACIONAL_URL), trusting its local CA as an extra CA.
  const env = { NFSE_NACIONAL_URL: standIn.url, NODE_EXTRA_CA_CERTS: caFile };
  const startUp = async (label: string) => {
    const started = await startServer(label, env);
    await waitUntilUp(started);
    return started;
  };
  let victim = await startUp('nfse-a-1');
  const survivor = await startUp('nfse-b');
  const up = new Set([victim, survivor]);
  const team = await signedInUser(['system-admin'], 'Equipe contábil');

  const providerIds: string[] = [];
  for (const provider of NFSE_PROVIDERS) {
    const [company] = await database!.db
      .insert(companies)
      .values({ name: provider.name, alias: provider.name, status: 'active', cnpj: provider.cnpj })
      .returning({ id: companies.id });
    const profile = await call(victim, `/api/companies/${company.id}/fiscal-profile`, {
      method: 'PUT',
      token: team,
      json: {
        municipalRegistration: '1234567',
        cityIbgeCode: '3550308',
        taxRegime: 'simples',
        serviceCode: '01.01.01',
        issRate: '2,5',
        simplesTaxRate: '6',
        dpsSeries: '1',
      },
    });
    const a1 = standIn.issueCompanyCertificate({ cnpj: provider.cnpj, companyName: provider.name, password: 'senha-do-a1' });
    const form = new FormData();
    form.set('file', new File([Buffer.from(a1.pfx)], 'empresa.pfx'));
    form.set('password', 'senha-do-a1');
    const certificate = await call(victim, `/api/companies/${company.id}/fiscal-profile/certificate`, {
      method: 'PUT',
      token: team,
      form,
    });
    if (profile.status !== 200 || certificate.status !== 200) {
      throw new Error(
        `the fiscal profile or certificate was refused: ${describeAnswer(profile)} / ${describeAnswer(certificate)}`,
      );
    }
    providerIds.push(company.id);
  }
  const today = saoPauloDate(new Date());
  const requestIds: string[] = [];
  await pool(NFSE_PARALLEL, NFSE_EMISSIONS, async (i) => {
    const answer = await call(victim, `/api/nfs/requests?companyId=${providerIds[i % providerIds.length]}`, {
      method: 'POST',
      token: team,
      json: { ...invoiceBody(i), competence: monthKey(today.year, today.month) },
    });
    if (answer.status !== 201) throw new Error(`a request was refused: ${describeAnswer(answer)}`);
    requestIds.push(answer.body.data.id);
  });
  const ofProviders = sql.join(
    providerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

  // The emissions, each asked once of a server that is up, while the killer kills one at set points of the run.
  const answers = new Map<string, Answer>();
  const kills: number[] = [];
  let asked = 0;
  const emitting = performance.now();
  const emissions = pool(NFSE_PARALLEL, requestIds.length, async (i) => {
    let servers = [...up];
    while (!servers.length) {
      await sleep(100);
      servers = [...up];
    }
    asked += 1;
    // A second call for a request waits up to a minute for the run in progress: no hang before that.
    answers.set(
      requestIds[i],
      await call(servers[i % servers.length], `/api/nfs/requests/${requestIds[i]}/emission`, {
        method: 'POST',
        token: team,
        timeoutMs: 90_000,
      }),
    );
  });
  const killer = (async () => {
    for (let k = 1; k <= NFSE_KILLS; k++) {
      while (asked < (k / (NFSE_KILLS + 1)) * requestIds.length) await sleep(20);
      up.delete(victim);
      await killAndWait(victim);
      kills.push(performance.now());
      victim = await startUp(`nfse-a-${k + 1}`);
      up.add(victim);
    }
  })();
  await Promise.all([emissions, killer]);
  const emitted = performance.now();
  const lastKill = kills[kills.length - 1] ?? emitted;

  // A call the kill cut before the server recorded anything left no trace to resume: its client, without an answer,
  // asks again (the call is idempotent). Every other cut call is the recovery's.
  const cut = [...answers].filter(([, answer]) => answer.error).map(([id]) => id);
  const unrecorded = cut.length
    ? await query<{ id: string }>(
        sql`select r.id from nfs_requests r where r.id in (${sql.join(
          cut.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and not exists (select 1 from nfse_emissions e where e.request_id = r.id)`,
      )
    : [];
  for (const { id } of unrecorded)
    await call(survivor, `/api/nfs/requests/${id}/emission`, { method: 'POST', token: team, timeoutMs: 90_000 });

  // Then nobody acts: the servers alone must resolve every emission within the limit.
  const waiting = sql`select count(*) as n from nfs_requests where company_id in (${ofProviders}) and status not in ('issued', 'rejected')`;
  let left = await countOf(waiting);
  const leftAtEnd = left;
  while (left > 0 && performance.now() - lastKill < NFSE_RECOVERY_LIMIT_MS) {
    await sleep(500);
    left = await countOf(waiting);
  }
  const resolvedAt = performance.now();

  const requests = await query<{
    id: string;
    status: string;
    access_key: string | null;
    dps_id: string | null;
    state: string | null;
    lease_token: string | null;
  }>(
    sql`select r.id, r.status, r.access_key, e.dps_id, e.state, e.lease_token
        from nfs_requests r left join nfse_emissions e on e.request_id = r.id
        where r.company_id in (${ofProviders})`,
  );
  const national = standIn.nfses();
  const nationalByDps = new Map<string, number>();
  for (const nfse of national) nationalByDps.set(nfse.dpsId, (nationalByDps.get(nfse.dpsId) ?? 0) + 1);
  const keyOfDps = new Map(national.map((nfse) => [nfse.dpsId, nfse.accessKey]));
  const recordedKeys = new Map<string, number>();
  for (const r of requests) if (r.access_key) recordedKeys.set(r.access_key, (recordedKeys.get(r.access_key) ?? 0) + 1);
  const issuedLines = await countOf(
    sql`select count(*) as n from (select c.request_id from nfs_request_status_changes c join nfs_requests r on r.id = c.request_id
        where r.company_id in (${ofProviders}) and c.to_status = 'issued' group by c.request_id having count(*) > 1) d`,
  );
  const invoiceFiles = await countOf(
    sql`select count(*) as n from documents where company_id in (${ofProviders}) and type = 'nota_fiscal'`,
  );
  const issued = requests.filter((r) => r.status === 'issued');
  const duplicates =
    [...nationalByDps.values()].filter((n) => n > 1).length +
    Math.max(0, national.length - requests.length) +
    [...recordedKeys.values()].filter((n) => n > 1).length +
    issuedLines +
    Math.abs(invoiceFiles - 2 * issued.length);
  const unresolved = requests.filter((r) => r.status === 'requested' || r.status === 'processing');
  const refused = requests.filter((r) => r.status === 'rejected');
  // Lost: an NFS-e issued nationally that no request records, a request recording another NFS-e than its DPS's, or a
  // request with no NFS-e that nothing will resume (no emission, or one no run holds nor will take).
  const lost =
    national.filter((nfse) => !recordedKeys.has(nfse.accessKey)).length +
    issued.filter((r) => !r.dps_id || keyOfDps.get(r.dps_id) !== r.access_key).length +
    unresolved.filter((r) => !r.state || (r.state === 'ready' && !r.lease_token)).length;
  const resumed = [...readdirSafe(workDir)]
    .filter((file) => file.startsWith('nfse-') && file.endsWith('.log'))
    .map((file) => readFileSync(join(workDir, file), 'utf8'))
    .reduce(
      (sum, log) => sum + [...log.matchAll(/NFS-e: (\d+) emission\(s\) resumed/g)].reduce((n, m) => n + Number(m[1]), 0),
      0,
    );
  const takenOverInCalls = [...readdirSafe(workDir)]
    .filter((file) => file.startsWith('nfse-') && file.endsWith('.log'))
    .reduce(
      (sum, file) => sum + (readFileSync(join(workDir, file), 'utf8').match(/was taken over by another run/g) ?? []).length,
      0,
    );
  const stats = standIn.stats();
  const ok = answers.size - cut.length;

  lines.push(
    `${requestIds.length} requests asked for emission by the team in ${seconds(emitted - emitting)} (${NFSE_PARALLEL} at once over the servers up): ${ok} answered, ${cut.length} calls cut by a kill (${unrecorded.length} of them before the server recorded anything: asked again)`,
    `kills at ${kills.map((at) => seconds(at - emitting)).join(', ')}; each time started again (${NFSE_KILLS} restarts)`,
    `the stand-in: ${stats.emissions} POST /nfse, ${stats.issued} NFS-e issued, ${stats.repeated} answered with an NFS-e issued before, ${stats.lookups} lookups, ${stats.slow} answered 1.5 s late`,
    `after the last kill: ${leftAtEnd} requests not yet issued when the calls ended; ${left} ${left ? 'still' : 'left'} ${seconds(resolvedAt - lastKill)} after the last kill (limit ${seconds(NFSE_RECOVERY_LIMIT_MS)})`,
    `runs resumed by the servers' recovery sweeps: ${resumed}; calls that found their run taken over: ${takenOverInCalls}`,
    `duplicates: ${duplicates} (NFS-e per DPS > 1: ${[...nationalByDps.values()].filter((n) => n > 1).length}; national NFS-e ${national.length} for ${requests.length} requests; access keys on two requests: ${[...recordedKeys.values()].filter((n) => n > 1).length}; requests issued twice in their history: ${issuedLines}; invoice files ${invoiceFiles} for ${issued.length} issued)`,
    `lost: ${lost}; unresolved (still "Solicitada" or processing): ${unresolved.length}; refused: ${refused.length}; issued: ${issued.length}`,
  );
  if (requests.length < NFSE_EMISSIONS) problems.push(`${requests.length} requests, expected ${NFSE_EMISSIONS}`);
  if (kills.length < NFSE_KILLS) problems.push(`${kills.length} kills, expected ${NFSE_KILLS}`);
  if (duplicates) problems.push(`${duplicates} duplicates`);
  if (lost) problems.push(`${lost} lost`);
  if (unresolved.length) problems.push(`${unresolved.length} left unresolved after ${seconds(NFSE_RECOVERY_LIMIT_MS)}`);
  // Every DPS here is valid: a refusal would be a second DPS with a used number (E0008).
  if (refused.length) problems.push(`${refused.length} refused`);
  if (!resumed) problems.push('no run was left for the recovery: the kills did not land during emissions');
  await Promise.all([...up].map((server) => killAndWait(server)));
  await standIn.close();
  standIn = undefined;
  report(name, problems.length ? 'FAIL' : 'PASS', [...lines, ...problems]);
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// ——— The run ———

async function main() {
  console.log(`Contábil load and faults\n${machineLine()}`);
  console.log(`PostgreSQL ${new URL(ADMIN_URL).host}, throwaway database ${databaseName}; Auth emulator ${EMULATOR_HOST}`);
  emulator = await ensureAuthEmulator({ host: EMULATOR_HOST, projectId: 'demo-contabil' });
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  databaseCreated = true;

  let server = await startServer('server-1');
  const startedAt = performance.now();
  await waitUntilUp(server);
  console.log(`server up in ${seconds(performance.now() - startedAt)} (migrations, reference data)`);
  const ownUrl = new URL(databaseUrl);
  // Told apart from the servers' connections in pg_stat_activity.
  ownUrl.searchParams.set('application_name', 'load-faults');
  database = await openDatabase({ kind: 'postgres', url: ownUrl.toString(), maxConnections: 4 });
  const needsCustomers = ['concurrency', 'import', 'terminate', 'restart', 'scheduler'].some((check) => CHECKS.has(check));
  const customers = needsCustomers ? await createCustomers(CUSTOMERS + 1) : [];
  const importer = customers.pop()!;
  if (needsCustomers) console.log(`${customers.length} customers, each with their own company, signed in at the emulator`);

  if (CHECKS.has('concurrency')) await concurrentCustomers(server, customers);
  if (CHECKS.has('import')) server = await killDuringImport(server, importer);
  if (CHECKS.has('terminate')) await terminateConnections(server, customers);
  if (CHECKS.has('restart')) await restartPostgres(server, customers);
  await killAndWait(server);
  if (CHECKS.has('scheduler')) await killDuringScheduler(customers);
  if (CHECKS.has('nfse-crash')) await killDuringEmissions();
}

const deadline = setTimeout(() => {
  console.error(`\nFAIL    did not finish within ${TIMEOUT_SECONDS} s`);
  void cleanup().finally(() => process.exit(1));
}, TIMEOUT_SECONDS * 1000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

try {
  await main();
} catch (error) {
  crashed = true;
  console.error(`\nFAIL    the run stopped: ${(error as Error).stack ?? error}`);
} finally {
  clearTimeout(deadline);
  await cleanup();
}
const failed = results.filter((r) => r.outcome === 'FAIL').length;
console.log(
  `\n${results.filter((r) => r.outcome === 'PASS').length} passed, ${failed} failed, ${results.filter((r) => r.outcome === 'SKIPPED').length} skipped`,
);
process.exit(failed || crashed ? 1 : 0);
