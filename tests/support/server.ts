import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import type { Claims, Role, AppEnvironment, PublicConfig } from '@domain';
import type { Logger } from '@server/logger';
import { createApp } from '@server/app';
import { createFirebaseIdentity } from '@server/auth/firebase';
import type { Database } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { companies, companyMembers, users } from '@server/db/schema';
import { LOCAL_TAG_MANAGER_SCRIPT, configScriptBody } from '@server/config';
import { mountSpa } from '@server/spa';
import type { ContentClient } from '@server/services/content';
import type { SiteAssets } from '@server/site/assets';
import { buildSite } from '@server/site/setup';
import { mountFakes } from '@server/fakes/mount';
import type { SecurityOptions } from '@server/http/security';
import { FIREBASE_AUTH_ORIGINS, defaultSecurityOptions } from '@server/http/security';
import { syncClaims } from '@server/services/claims';
import { createBrasilApiLookup } from '@server/services/cnpj-lookup';
import { createCoraClient } from '@server/services/cora';
import { createSandboxPayments } from '@server/services/payments';
import { createTokenSealer } from '@server/services/secrets';
import { createFeatureFlags } from '@server/services/features';
import type { FileStorage } from '@server/services/storage';
import type { NfseDeps } from '@server/services/nfse-emission';
import { createLocalStorage } from '@server/services/storage';

/** The site's pages in tests link a script of their own name; its contents do not matter to the server. */
export const TEST_SITE_ASSETS: SiteAssets = {
  inlineCss: 'body{margin:0}',
  stylesheets: [],
  deferredStylesheets: ['/assets/site-test.css'],
  scripts: ['/assets/site-test.js'],
  preloads: [],
};

export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh database for one test file, a copy of the one migrated database the run's global setup made: in-memory
 * PGlite (tests/support/pglite-template.ts), or a new PostgreSQL database dropped afterwards
 * (tests/support/postgres-template.ts).
 */
async function openTestDatabase() {
  if (engine === 'pglite') {
    const template = process.env.PGLITE_TEMPLATE;
    return openDatabase({ kind: 'pglite', loadDataDir: template ? new Blob([await readFile(template)]) : undefined });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  const name = `contabil_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // A copy of the run's migrated database when the global setup made one (tests/support/postgres-template.ts).
  const template = process.env.POSTGRES_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), maxConnections: 5 });
  return {
    ...database,
    url: target.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
  claims: Claims;
}

/** The API on a real HTTP port, with a real database and the Firebase Auth emulator. */
export async function startTestServer(
  options: {
    environment?: AppEnvironment;
    coraEmails?: string[];
    panelEmails?: string[];
    /** Where files live; a temporary folder on disk unless told. */
    storage?: FileStorage;
    /**
     * Serve the public site too, from the project's content folder unless another content source is given, with the
     * test's stand-in assets unless others are given (the site's real CSS, say).
     */
    site?: { client?: ContentClient; assets?: SiteAssets };
    /** Security headers, proxies and rate limits (the defaults of a deployment at this address otherwise). */
    security?: Partial<SecurityOptions>;
    /** Serve a built SPA from this folder (an index.html with the configuration placeholder, assets/…). */
    spa?: { distDir: string };
    /**
     * The national NFS-e system (a stand-in started by the test file). Unless given, an address nothing answers on:
     * every call that reaches the national system is uncertain, and what is refused before it (no fiscal profile,
     * nothing issued to cancel, a file that is no certificate) answers as in production.
     */
    nfse?: NfseDeps;
  } = {},
) {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the global setup starts the emulator');
  const database = await openTestDatabase();
  const identity = createFirebaseIdentity({
    projectId: 'demo-contabil',
    apiKey: 'test',
    authDomain: 'test',
    authEmulatorHost: emulatorHost,
  });
  const errors: unknown[] = [];
  const logger: Logger = { info: () => {}, error: (message, ...details) => errors.push([message, ...details]) };
  // The app needs its own address (payment return and notification URLs), known only once it listens.
  let app: ReturnType<typeof createApp> | undefined;
  // The Node bindings travel with the request: the rate limits read the caller's address from them.
  const server = serve({ fetch: (request, env) => app!.fetch(request, env), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const filesDir = await mkdtemp(join(tmpdir(), 'contabil-files-'));
  const services = {
    viaCepUrl: null,
    cnpjApiUrl: null,
    payments: { url: null, apiKey: 'test-api-key', webhookSecret: 'test-webhook-secret' },
  };
  const publicConfig: PublicConfig = {
    environment: options.environment ?? 'test',
    apiUrl: '/api',
    functionsUrl: '/fn',
    firebase: { apiKey: 'test', authDomain: 'test', projectId: 'demo-contabil' },
    authEmulatorUrl: `http://${emulatorHost}`,
    allowedExternalHosts: [],
    viaCepUrl: '/fakes/viacep',
  };
  const siteConfig = {
    contentDir: resolve('content'),
    storyblok: null,
    contentCacheSeconds: 0,
    tagManager: { id: 'GTM-TEST1', scriptUrl: LOCAL_TAG_MANAGER_SCRIPT },
  };
  app = createApp({
    site: options.site
      ? buildSite({
          db: database.db,
          config: { site: siteConfig, publicUrl: baseUrl, publicApiUrl: '/api' },
          assets: options.site.assets ?? TEST_SITE_ASSETS,
          logger,
          client: options.site.client,
        })
      : undefined,
    db: database.db,
    identity,
    cnpjLookup: createBrasilApiLookup({ baseUrl: `${baseUrl}/fakes/brasilapi` }),
    payments: createSandboxPayments({ baseUrl: `${baseUrl}/fakes/payments`, ...services.payments }),
    storage: options.storage ?? createLocalStorage(filesDir),
    config: { environment: options.environment ?? 'test', publicUrl: baseUrl },
    logger,
    bank: {
      cora: createCoraClient({
        baseUrl: `${baseUrl}/fakes/cora`,
        clientId: 'contabil-sandbox',
        clientSecret: 'sandbox-cora-secret',
        redirectUri: `${baseUrl}/app/auth/cora/callback`,
      }),
      tokens: createTokenSealer('test-token-key'),
    },
    security: {
      content: {
        ...defaultSecurityOptions(baseUrl).content,
        appInlineScripts: [configScriptBody(publicConfig)],
        appConnect: [...FIREBASE_AUTH_ORIGINS, `http://${emulatorHost}`],
        siteInlineStyles: TEST_SITE_ASSETS.inlineCss === null ? null : [TEST_SITE_ASSETS.inlineCss],
      },
      ...options.security,
    },
    nfse: options.nfse ?? {
      baseUrl: 'https://127.0.0.1:9/SefinNacional',
      environment: 'homologation',
      sealer: createTokenSealer('test-token-key'),
      timeoutMs: 1_000,
      lookupTimeoutMs: 1_000,
      checkDelayMs: 10,
    },
    // The lists are read at each call: a test may add people after creating them.
    features: createFeatureFlags({ defaults: { cora: options.coraEmails ?? [], panel: options.panelEmails ?? [] } }),
  });
  mountFakes(app, { services, site: siteConfig });
  if (options.spa) mountSpa(app, options.spa.distDir, publicConfig);

  async function signIn(email: string, password: string): Promise<string> {
    const response = await fetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      },
    );
    const body = (await response.json()) as { idToken?: string };
    if (!body.idToken) throw new Error(`Sign-in failed for ${email}: ${JSON.stringify(body)}`);
    return body.idToken;
  }

  return {
    baseUrl,
    /** Every route the app registered (method and path), as Hono lists them. */
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    db: database.db as Database,
    /** The PostgreSQL database of this file, for a second connection to it; undefined on PGlite (one process only). */
    databaseUrl: 'url' in database ? database.url : undefined,
    identity,
    /** Errors the API logged (a 500 leaves one here). */
    errors,
    signIn,
    /** Calls the API; a JSON body is sent as JSON. */
    async call(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (init.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      }
      const response = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
      const text = await response.text();
      let json: any;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: response.status, body: json };
    },
    /** A signed-in user with the given roles and companies (database rows, emulator account, claims). */
    async createUser(options: { roles?: Role[]; companyIds?: string[]; name?: string } = {}): Promise<TestUser> {
      const email = `user-${randomUUID().slice(0, 12)}@teste.com.br`;
      const password = 'senha-segura-1';
      const { uid } = await identity.createUser({ email, password, displayName: options.name ?? 'Pessoa de Teste' });
      await database.db
        .insert(users)
        .values({ id: uid, email, name: options.name ?? 'Pessoa de Teste', roles: options.roles ?? ['company-admin'] });
      for (const companyId of options.companyIds ?? [])
        await database.db.insert(companyMembers).values({ companyId, userId: uid });
      await syncClaims(database.db, identity, uid);
      const token = await signIn(email, password);
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Claims;
      return { uid, email, password, token, claims };
    },
    async createCompany(values: Partial<typeof companies.$inferInsert> = {}): Promise<string> {
      const [row] = await database.db
        .insert(companies)
        .values({ name: 'Empresa de Teste Ltda', status: 'active', ...values })
        .returning({ id: companies.id });
      return row.id;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

type CompanyValues = Partial<typeof companies.$inferInsert>;

/**
 * Where most company tests start: two companies, the team, a customer and a partner of the first, and a customer of
 * the other (the one every scoping test points at the first company).
 */
export async function twoCompanies(server: TestServer, company: CompanyValues = {}, otherCompany: CompanyValues = {}) {
  const [companyId, otherCompanyId] = [await server.createCompany(company), await server.createCompany(otherCompany)];
  const [admin, customer, partner, other] = await Promise.all([
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ companyIds: [companyId] }),
    server.createUser({ companyIds: [companyId] }),
    server.createUser({ companyIds: [otherCompanyId] }),
  ]);
  return { companyId, otherCompanyId, admin, customer, partner, other };
}
