import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, FUNCTIONS_API } from '@domain';
import { loadConfig } from '@server/config';
import { seedReferenceData } from '@server/seed/reference';
import { createLocalStorage } from '@server/services/storage';
import type { Fixtures, RouteSpec, SampleRequest } from '../support/route-table';
import { MIDDLEWARE_PATHS, ROUTES, apiRoutesOf, fixturesFor, routeKey } from '../support/route-table';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';
import { badAuthorizations, withPayload } from '../support/tokens';

/**
 * Who may call what, generated from the route table (tests/support/route-table.ts): every route is classified, every
 * protected one refuses a missing or bad token, and every company- or person-scoped one refuses another tenant —
 * leaving the database and the stored files exactly as they were — while the team is let through.
 */

let server: TestServer;
let filesDir: string;
let fixtures: Fixtures;
let team: TestUser;
let adminA: TestUser;
let personB: TestUser;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'contabil-access-'));
  // The flags are given by e-mail, known once the people exist.
  const coraEmails: string[] = [];
  const panelEmails: string[] = [];
  server = await startTestServer({
    site: {},
    coraEmails,
    panelEmails,
    storage: createLocalStorage(filesDir),
    security: { rateLimits: { signup: null, leads: null } },
  });
  companyA = await server.createCompany({ status: 'active', name: 'Empresa A Ltda', mainActivity: '6201501' });
  companyB = await server.createCompany({
    status: 'active',
    name: 'Empresa B Ltda',
    cnpj: '11222333000181',
    mainActivity: '6201501',
  });
  [team, adminA, personB] = await Promise.all([
    server.createUser({ roles: ['system-admin'], name: 'Equipe' }),
    server.createUser({ companyIds: [companyA], name: 'Admin da A' }),
    server.createUser({ companyIds: [companyB], name: 'Pessoa da B' }),
  ]);
  coraEmails.push(team.email.toLowerCase(), adminA.email.toLowerCase());
  panelEmails.push(team.email.toLowerCase());
  fixtures = fixturesFor(server, team);
  // The CNAE table and the cities: the activity step and the public searches read them.
  await seedReferenceData(server.db);
});
afterAll(async () => {
  await server?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** Reference data no request writes (the CNAE table, the cities): large, and no tenant's. */
const REFERENCE_TABLES = ['states', 'municipalities', 'cnaes', 'mei_occupations', 'tax_categories', '__drizzle_migrations'];

/** Every other table's rows (as one digest each) and every stored file with its size. */
async function snapshot(): Promise<Record<string, string>> {
  const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Record<string, string>[];
  const tables = rowsOf(
    await server.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )
    .map((row) => row.table_name)
    .filter((table) => !REFERENCE_TABLES.includes(table));
  const state: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf(
      await server.db.execute(
        sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`),
      ),
    );
    state[`table ${table}`] = row.digest;
  }
  for (const entry of await readdir(filesDir, { recursive: true })) {
    const info = await stat(join(filesDir, entry));
    if (info.isFile()) state[`file ${entry}`] = String(info.size);
  }
  return state;
}

async function send(sample: SampleRequest, method: string, headers: Record<string, string> = {}) {
  if (sample.form) {
    const response = await fetch(`${server.baseUrl}${sample.path}`, { method, headers, body: sample.form() });
    const text = await response.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a file
    }
    return { status: response.status, body };
  }
  return server.call(sample.path, { method, headers, body: sample.body });
}

const as = (user: TestUser | string) => ({ authorization: `Bearer ${typeof user === 'string' ? user : user.token}` });
const sampleFor = (route: RouteSpec, caller: TestUser) =>
  route.sample({ server, caller, team, companyId: companyB, person: personB, fixtures });

/** A path of the route's shape with made-up ids: authentication comes before any of it is looked at. */
function shapeOf(route: RouteSpec): string {
  return `${route.path
    .replace(':filename{.+}', 'nota.pdf')
    .replace(':type?', 'csv')
    .replace(':stepId', 'pre-registration')
    .replace(':track', 'create-company')
    .replace(':partnerId', 'duca')
    .replace(/:status/, 'archived')
    .replace(/:[a-zA-Z]+/g, randomUUID())}?companyId=${companyB}`;
}

/** A message a person can read: Portuguese, not a library's English. */
function expectPortuguese(message: unknown) {
  expect(typeof message).toBe('string');
  expect(message).toMatch(/[áéíóúâêôãõçÁÉÍÓÚÇ]|\b(a|o|de|do|da|em|para|não|um|uma|sua|seu)\b/i);
  expect(message).not.toMatch(/\b(invalid|expected|received|unauthorized|forbidden|not found|error)\b/i);
}

const protectedRoutes = ROUTES.filter((route) => !['public', 'signed-link', 'signed-webhook'].includes(route.access));
const scopedRoutes = ROUTES.filter((route) => ['company', 'person', 'admin', 'dev'].includes(route.access));

describe('the route table', () => {
  it('classifies every route the app registers under /api and /fn, and nothing it does not', () => {
    const registered = apiRoutesOf(server.routes);
    const handlers = registered.filter((route) => route.method !== 'ALL').map(routeKey);
    const middleware = registered.filter((route) => route.method === 'ALL').map((route) => route.path);
    const table = ROUTES.map(routeKey);
    expect(
      handlers.filter((key) => !table.includes(key)),
      'routes missing from tests/support/route-table.ts',
    ).toEqual([]);
    expect(
      table.filter((key) => !handlers.includes(key)),
      'routes the app no longer has',
    ).toEqual([]);
    expect(new Set(table).size).toBe(table.length);
    // A handler registered for every method would hide here: only known middleware prefixes may be ALL.
    expect(middleware.filter((path) => !MIDDLEWARE_PATHS.includes(path))).toEqual([]);
  });

  it('has one entry of the API contract (domain/api.ts) for every route under /api, and no other', () => {
    const registered = apiRoutesOf(server.routes)
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path.slice('/api'.length)}`);
    expect(
      registered.filter((key) => !(key in API)),
      'routes missing from the contract',
    ).toEqual([]);
    expect(
      Object.keys(API).filter((key) => !registered.includes(key)),
      'contract entries the app has no route for',
    ).toEqual([]);
  });

  it('has one entry of the functions contract (domain/functionsApi.ts) for every route under /fn, and no other', () => {
    const registered = apiRoutesOf(server.routes)
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/fn/'))
      .map((route) => `${route.method} ${route.path.slice('/fn'.length)}`);
    expect(registered.filter((key) => !(key in FUNCTIONS_API))).toEqual([]);
    expect(Object.keys(FUNCTIONS_API).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('says where the company or person travels for every scoped route', () => {
    const missing = ROUTES.filter((route) => ['company', 'person'].includes(route.access) && !route.scopeIn);
    expect(missing.map(routeKey)).toEqual([]);
  });
});

describe('authentication, for every protected route', () => {
  it.each(protectedRoutes.map((route) => [routeKey(route), route] as const))(
    '%s answers 401 in Portuguese without a valid token',
    async (_, route) => {
      for (const [what, headers] of badAuthorizations(adminA.token)) {
        const body = route.method === 'GET' ? undefined : {};
        const answer = await server.call(shapeOf(route), { method: route.method, headers, body });
        expect(answer.status, what).toBe(401);
        expect(answer.body.error.code, what).toBe('unauthorized');
        expectPortuguese(answer.body.error.message);
      }
    },
  );

  it('accepts the token those variations start from', async () => {
    expect((await server.call('/api/companies/me', { token: adminA.token })).status).toBe(200);
  });

  it('refuses to start in production with the Auth emulator, whose tokens carry no signature', () => {
    expect(() => loadConfig({ APP_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /Auth emulator cannot be used with APP_ENV=production/,
    );
    // A demo-* project means the emulator too.
    expect(() => loadConfig({ APP_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-contabil' })).toThrow(
      /Auth emulator cannot be used/,
    );
  });
});

describe('tenants, for every company-, person- and team-scoped route', () => {
  /**
   * The emulator does not check signatures, so a token whose claims say "system-admin of B" passes its checks; the
   * server reads roles and companies from its database, so such a token must still be refused.
   */
  const inflated = () =>
    withPayload(adminA.token, (p) => {
      p.roles = ['system-admin'];
      p.companies = [companyA, companyB];
      p.companyId = companyB;
    });

  it.each(scopedRoutes.map((route) => [routeKey(route), route] as const))(
    "%s: another company's admin gets 403 and changes nothing, even with inflated claims; the team gets its answer",
    async (_, route) => {
      const sample = await sampleFor(route, team);
      const before = await snapshot();
      for (const token of [adminA.token, inflated()]) {
        const refused = await send(sample, route.method, as(token));
        expect(refused.status, `${sample.path} ${JSON.stringify(refused.body)}`).toBe(403);
        expect(refused.body.error.code).toBe('forbidden');
        expectPortuguese(refused.body.error.message);
      }
      expect(await snapshot()).toEqual(before);

      const allowed = await send(sample, route.method, as(team));
      expect(allowed.status, `${sample.path} ${JSON.stringify(allowed.body)}`).toBe(route.status ?? 200);
    },
  );

  const withResourceInPath = ROUTES.filter(
    (route) => route.access === 'company' && route.scopeIn === 'query' && /:id|^\/api\/download\//.test(route.path),
  );
  it.each(withResourceInPath.map((route) => [routeKey(route), route] as const))(
    "%s: naming one's own company with another company's resource finds nothing and changes nothing",
    async (_, route) => {
      const sample = await sampleFor(route, team);
      const mixed = { ...sample, path: sample.path.replace(`companyId=${companyB}`, `companyId=${companyA}`) };
      expect(mixed.path).not.toBe(sample.path);
      const before = await snapshot();
      const answer = await send(mixed, route.method, as(adminA));
      expect(answer.status, `${mixed.path} ${JSON.stringify(answer.body)}`).toBe(404);
      expectPortuguese(answer.body.error.message);
      expect(await snapshot()).toEqual(before);
    },
  );

  const namingCompany = ROUTES.filter((route) => ['company', 'admin'].includes(route.access) && route.scopeIn === 'query');
  it.each(namingCompany.map((route) => [routeKey(route), route] as const))(
    '%s: the team naming a company that does not exist gets an answer, never a 5xx, and nothing is written',
    async (_, route) => {
      const sample = await sampleFor(route, team);
      const ghost = { ...sample, path: sample.path.replace(`companyId=${companyB}`, `companyId=${randomUUID()}`) };
      // The sample really names a company in its query, or this would only resend a working request.
      expect(ghost.path).not.toBe(sample.path);
      const before = await snapshot();
      const logged = server.errors.length;
      const answer = await send(ghost, route.method, as(team));
      expect(answer.status, `${ghost.path} ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      expect(server.errors.slice(logged)).toEqual([]);
      // A Cora authorization state is used up by any attempt to finish it (single use, against replays).
      const withoutStates = (state: Record<string, string>) =>
        Object.fromEntries(Object.entries(state).filter(([key]) => key !== 'table oauth_states'));
      expect(withoutStates(await snapshot())).toEqual(withoutStates(before));
    },
  );

  it("lists only the caller's companies", async () => {
    const mine = await server.call('/api/companies?limit=100', { token: adminA.token });
    expect(mine.body.data.map((company: { id: string }) => company.id)).toEqual([companyA]);
    const all = await server.call('/api/companies?limit=100', { token: team.token });
    expect(all.body.data.map((company: { id: string }) => company.id)).toEqual(expect.arrayContaining([companyA, companyB]));
  });
});

describe('the samples the fuzzing starts from', () => {
  const others = ROUTES.filter((route) => !scopedRoutes.includes(route));
  it.each(others.map((route) => [routeKey(route), route] as const))('%s answers its sample as documented', async (_, route) => {
    const sample = await sampleFor(route, team);
    const headers = route.access === 'authenticated' ? as(team) : {};
    const answer = await send(sample, route.method, headers);
    expect(answer.status, `${sample.path} ${JSON.stringify(answer.body)}`).toBe(route.status ?? 200);
  });
});
