import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueScheduleMonths } from '@domain';
import { createFirebaseIdentity } from '@server/auth/firebase';
import type { OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { companies, companyMembers, nfsRequests, nfsSchedules, users } from '@server/db/schema';
import { s3Fake } from '@server/fakes/s3';
import { syncClaims } from '@server/services/claims';
import type { LocalServer } from '../services/local-server';
import { listen } from '../services/local-server';
import { engine } from '../support/server';
import type { RunningProcess } from '../support/processes';
import { freePort, runScript, waitForOk } from '../support/processes';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: started at the same moment on an empty database
 * (they take turns to migrate), they share the rate limits (the 21st sign-up of the hour from one address is refused,
 * whichever server gets it), the monthly schedules make one request per schedule and month however both run them,
 * and a file sent through one — straight to the S3-compatible store — is registered and downloaded through the other.
 */

const CREDENTIALS = { accessKeyId: 'AKIACONTABILFLEET', secretAccessKey: 'fleet-test-secret' };
const BUCKET = 'contabil-fleet';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';

let store: LocalServer;
let databaseName: string;
let databaseUrl: string;
let database: OpenDatabase;
const servers: { process: RunningProcess; url: string }[] = [];
const dirs: string[] = [];

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function startServer(name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `contabil-fleet-${name}-`));
  dirs.push(dataDir);
  const port = await freePort();
  const started = runScript('server/index.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: undefined,
    HOST: undefined,
    APP_ENV: 'test',
    SEED_DEMO: 'false',
    SERVE_SPA: '0',
    // Every server runs the schedules, often: they must still make each month once.
    SCHEDULER_INTERVAL_MS: '300',
    SCHEDULER_DISABLED: undefined,
    RATE_LIMIT_SIGNUP: undefined,
    TRUST_PROXY: undefined,
    // What every server of one deployment shares: the file links' key, and the bucket.
    FILES_SIGNING_SECRET: 'fleet-signing-secret',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: store.url,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
  const server = { process: started, url: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

beforeAll(async () => {
  if (engine !== 'postgres') return;
  store = await listen(s3Fake({ ...CREDENTIALS, buckets: [BUCKET] }));
  databaseName = `contabil_fleet_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // Both at once on the empty database.
  const [a, b] = await Promise.all([startServer('a'), startServer('b')]);
  await Promise.all([a, b].map((server) => waitForOk(`${server.url}/api/health/ready`, server.process, 180_000)));
  database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 3 });
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.process.stop()));
  await database?.close();
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await store?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const identity = () =>
  createFirebaseIdentity({ projectId: 'demo-contabil', apiKey: 'test', authDomain: 'test', authEmulatorHost: emulatorHost });

/** A customer of a new company, signed in (a token of the shared emulator). */
async function customer() {
  const [company] = await database.db
    .insert(companies)
    .values({ name: 'Frota Serviços Ltda', status: 'active', mainActivity: '6201501' })
    .returning({ id: companies.id });
  const email = `frota-${randomUUID().slice(0, 8)}@teste.com.br`;
  const auth = identity();
  const { uid } = await auth.createUser({ email, password: 'senha-segura-1', displayName: 'Pessoa da Frota' });
  await database.db.insert(users).values({ id: uid, email, name: 'Pessoa da Frota', roles: ['company-admin'] });
  await database.db.insert(companyMembers).values({ companyId: company.id, userId: uid });
  await syncClaims(database.db, auth, uid);
  const signIn = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'senha-segura-1', returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  return { companyId: company.id, token: idToken };
}

async function call(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe.runIf(engine === 'postgres')('two servers on one PostgreSQL', () => {
  it('share the sign-up limit: 20 an hour from one address across both, the 21st refused by either', async () => {
    const [a, b] = servers;
    const signUp = (server: { url: string }) =>
      call(`${server.url}/api/users`, {
        method: 'POST',
        body: {
          name: 'Pessoa Nova',
          email: `frota-cadastro-${randomUUID().slice(0, 10)}@teste.com.br`,
          password: 'senha-segura-1',
          trackId: 'create-company',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signUp(i % 2 ? b : a)).status);
    expect(statuses).toEqual(Array(20).fill(201));
    const refusedByA = await signUp(a);
    const refusedByB = await signUp(b);
    expect([refusedByA.status, refusedByB.status]).toEqual([429, 429]);
    expect(refusedByB.body.error.message).toMatch(
      /^Muitos cadastros feitos deste endereço em pouco tempo\. Tente novamente em (\d+ minutos?|1 hora)\.$/,
    );
  });

  it('make each schedule’s request once per month, however often both run them', { timeout: 90_000 }, async () => {
    const { companyId } = await customer();
    const activeSince = new Date(Date.now() - 90 * 86_400_000);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      companyId,
      emissionType: 'cnpj' as const,
      customerDocument: '11222333000181',
      customerName: 'Estúdio Aurora Design Ltda',
      description: `Mensalidade ${i}`,
      totalCents: 150_000,
      dayOfMonth: (i % 12) + 1,
      activeSince,
    }));
    const schedules = await database.db.insert(nfsSchedules).values(rows).returning();
    const now = new Date();
    const expected = new Map(
      schedules.map((schedule) => [
        schedule.id,
        dueScheduleMonths({ dayOfMonth: schedule.dayOfMonth, activeSince, lastMonth: null }, now),
      ]),
    );
    const total = [...expected.values()].reduce((sum, months) => sum + months.length, 0);
    expect(total).toBeGreaterThanOrEqual(60);

    const made = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(nfsRequests)
          .where(and(eq(nfsRequests.companyId, companyId), isNotNull(nfsRequests.scheduleId)))
      )[0].n;
    const until = Date.now() + 60_000;
    while ((await made()) < total && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    // Both keep running every 300 ms: a few more rounds add nothing.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const requests = await database.db
      .select({ scheduleId: nfsRequests.scheduleId, month: nfsRequests.scheduleMonth })
      .from(nfsRequests)
      .where(eq(nfsRequests.companyId, companyId));
    const byschedule = new Map<string, string[]>();
    for (const { scheduleId, month } of requests) byschedule.set(scheduleId!, [...(byschedule.get(scheduleId!) ?? []), month!]);
    for (const [scheduleId, months] of expected) expect(byschedule.get(scheduleId)?.sort(), scheduleId).toEqual(months);
    const changes = await database.db.execute(sql`
      select count(*)::int as n from nfs_request_status_changes c
      join nfs_requests r on r.id = c.request_id where r.company_id = ${companyId}`);
    expect((changes as unknown as { rows: { n: number }[] }).rows[0].n).toBe(total);
  });

  it('take a file sent through one (straight to the store) and hand it out through the other', async () => {
    const [a, b] = servers;
    const { companyId, token } = await customer();
    const link = await call(`${a.url}/api/upload/${encodeURIComponent('Contrato da frota.pdf')}?companyId=${companyId}`, {
      token,
    });
    expect(link.status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries(link.body.data.fields as Record<string, string>)) form.set(name, value);
    form.set(link.body.data.field, new File([PDF as Uint8Array<ArrayBuffer>], 'contrato.pdf'));
    expect((await fetch(link.body.data.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    const registered = await call(`${b.url}/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token,
      body: { uploadToken: link.body.data.token, type: 'outros' },
    });
    expect(registered.status).toBe(201);
    const download = await call(`${a.url}/api/download/${registered.body.data.id}?companyId=${companyId}`, { token });
    expect(download.status).toBe(200);
    const file = await fetch(download.body.data.url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // And the other way round.
    const again = await call(`${b.url}/api/download/${registered.body.data.id}?companyId=${companyId}`, { token });
    expect(new Uint8Array(await (await fetch(again.body.data.url)).arrayBuffer())).toEqual(PDF);
  });

  it('both came up on the empty database, one migrating and seeding while the other waited', () => {
    for (const server of servers) {
      expect(server.process.output()).not.toMatch(/already exists|duplicate key|^\s+at /m);
    }
  });
});
