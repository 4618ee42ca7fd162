import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { bankStatementImports, bankTransactions, nfseEmissions, payments, subscriptions } from '@server/db/schema';
import type { TestServer, TestUser } from './server';
import { BELO_HORIZONTE_ADDRESS } from './partners';

/**
 * Every route of the API (`/api`) and the functions API (`/fn`), classified by who may call it and with a request
 * that works. The security and fuzzing tests are generated from this table, and a test fails when `app.routes` has a
 * route the table does not know: a new route must be classified here before it ships.
 */

/** Who may call a route. */
export type Access =
  /** Anyone, without a token. */
  | 'public'
  /** Any signed-in person, on their own data only: no id of anyone else travels in the request. */
  | 'authenticated'
  /** A person's own data, named in the request (`scopeIn`): another person's → 403, the team's → allowed. */
  | 'person'
  /** A company's data, whose id travels in the request (`scopeIn`): another company's → 403, the team → allowed. */
  | 'company'
  /** The accounting team only (docs/security.md). */
  | 'admin'
  /** The team only, and never in production (the local outbox). */
  | 'dev'
  /** The signed token in the address is the whole authorisation (file links). */
  | 'signed-link'
  /** The provider's signature is the authorisation (payment notifications). */
  | 'signed-webhook';

/** Where the company or person a request acts on travels. `resource`: it is the owner of the id in the path. */
export type ScopeIn = 'query' | 'path' | 'body' | 'resource';

export interface SampleRequest {
  /** Path and query. */
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body, built fresh for each call. */
  form?: () => FormData;
}

/** What a sample is made for: the company and person it targets, and who will call it. */
export interface SampleContext {
  server: TestServer;
  /** The caller the sample's status is documented for (the team, unless the route is a person's own). */
  caller: TestUser;
  team: TestUser;
  /** The company a company-scoped sample targets. */
  companyId: string;
  /** The person a person-scoped sample targets (a member of `companyId`). */
  person: TestUser;
  fixtures: Fixtures;
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As `app.routes` spells it. */
  path: string;
  access: Access;
  scopeIn?: ScopeIn;
  /** A request that works; it may create what it acts on (a document to delete, a person to remove…). */
  sample: (ctx: SampleContext) => Promise<SampleRequest>;
  /** The status of the sample for its caller; 200 unless told. */
  status?: number;
  /** Why a status is not 2xx, or anything unusual. */
  note?: string;
}

/** Middleware the sub-apps register for every method under a prefix (authentication, body limits, catch-alls). */
export const MIDDLEWARE_PATHS = [
  '/api/*',
  '/api/users',
  '/api/leads',
  '/api/companies',
  '/api/companies/*',
  '/api/luca/*',
  '/api/admin/*',
  '/api/companies/orders/*',
  '/api/documents',
  '/api/documents/*',
  '/api/nfs/*',
  '/api/reports/*',
  '/api/obligations',
  '/api/obligations/*',
  '/api/bank-statements/*',
  '/api/bank-statements/connections',
  '/api/bank-statements/connections/*',
  '/api/features',
  '/api/features/*',
  '/api/upload/*',
  '/api/download/*',
  '/api/v1/ecommerce/*',
  '/api/referrals/*',
  '/api/dev/*',
  '/api/partners/*',
  '/fn/*',
];

export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const OFX = readFileSync('tests/fixtures/ofx/itau-checking-sgml102.ofx');
const CORA_CODE_PAGE = /class="approve" href="([^"]+)"/;

const invoice = {
  emissionType: 'cnpj',
  cnpj: '11.222.333/0001-81',
  totalValue: '1.500,50',
  customerName: 'Estúdio Aurora Design Ltda',
  customerEmail: 'financeiro@aurora.com.br',
  description: 'Desenvolvimento do aplicativo de agendamentos.',
  competence: '2026-10',
};
const schedule = { ...invoice, competence: undefined, dayOfMonth: 5 };
const address = BELO_HORIZONTE_ADDRESS;

const unique = (prefix: string) => `${prefix}.${randomUUID().slice(0, 10)}@teste.com.br`;
const file =
  (name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return form;
  };

/** What the samples act on, created through the API as the team (or the person) would, or in the database. */
export function fixturesFor(server: TestServer, team: TestUser) {
  const ok = async (answer: Promise<{ status: number; body: any }>, what: string) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const as = (user: TestUser, path: string, init: { method?: string; body?: unknown } = {}) =>
    server.call(path, { ...init, token: user.token });

  const fixtures = {
    /** A company apart from everyone's, active, with activities and a CNPJ the lookup knows. */
    company: (values: Parameters<TestServer['createCompany']>[0] = {}) =>
      server.createCompany({ status: 'active', mainActivity: '6201501', ...values }),
    /** A new customer of `companyId`. */
    person: (companyId: string) => server.createUser({ companyIds: [companyId] }),
    async uploadToken(companyId: string | null, user: TestUser = team, name = 'nota.pdf', bytes: Uint8Array = PDF) {
      const query = companyId ? `?companyId=${companyId}` : '';
      const link = await ok(as(user, `/api/upload/${encodeURIComponent(name)}${query}`), 'upload link');
      const form = file(name, bytes)();
      const sent = await fetch(`${server.baseUrl}${link.data.url}`, { method: 'POST', body: form });
      if (sent.status !== 201) throw new Error(`upload: ${sent.status}`);
      return { token: link.data.token as string, url: link.data.url as string };
    },
    async document(companyId: string, type = 'outros') {
      const form = file('contrato.pdf', PDF, { type })();
      const response = await fetch(`${server.baseUrl}/api/documents?companyId=${companyId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${team.token}` },
        body: form,
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`document: ${JSON.stringify(body)}`);
      return body.data.id as string;
    },
    async personalDocument(person: TestUser) {
      const { token } = await fixtures.uploadToken(null, person, 'rg.pdf');
      const body = await ok(
        as(person, '/api/documents/personal/register', { method: 'POST', body: { uploadToken: token, type: 'rg_cnh' } }),
        'personal document',
      );
      return body.data.id as string;
    },
    async nfsRequest(companyId: string) {
      const body = await ok(as(team, `/api/nfs/requests?companyId=${companyId}`, { method: 'POST', body: invoice }), 'nfs');
      return body.data.id as string;
    },
    /** A request sent to the national system and then cancelled: its signed DPS and cancellation request kept. */
    async sentNfsRequest(companyId: string) {
      const requestId = await fixtures.nfsRequest(companyId);
      const dpsNumber = 1 + Math.floor(Math.random() * 1e12);
      await server.db.insert(nfseEmissions).values({
        requestId,
        companyId,
        dpsId: `DPS${String(dpsNumber).padStart(42, '0')}`,
        dpsSeries: '1',
        dpsNumber,
        signedDpsXml: '<?xml version="1.0" encoding="UTF-8"?><DPS xmlns="http://www.sped.fazenda.gov.br/nfse"/>',
        cancellationRequestXml:
          '<?xml version="1.0" encoding="UTF-8"?><pedRegEvento xmlns="http://www.sped.fazenda.gov.br/nfse"/>',
      });
      return requestId;
    },
    async schedule(companyId: string) {
      const body = await ok(
        as(team, `/api/nfs/schedulers?companyId=${companyId}`, { method: 'POST', body: schedule }),
        'schedule',
      );
      return body.data.id as string;
    },
    async bankAccount(companyId: string) {
      const form = file('extrato.ofx', OFX)();
      const response = await fetch(`${server.baseUrl}/api/bank-statements/ofx/upload?companyId=${companyId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${team.token}` },
        body: form,
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`ofx: ${JSON.stringify(body)}`);
      const accountId = body.data.accounts[0].id as string;
      const rows = await server.db
        .select({ id: bankTransactions.id })
        .from(bankTransactions)
        .where(eq(bankTransactions.accountId, accountId));
      const [statementImport] = await server.db
        .select({ id: bankStatementImports.id })
        .from(bankStatementImports)
        .where(eq(bankStatementImports.companyId, companyId));
      return { accountId, transactionIds: rows.map((row) => row.id), importId: statementImport.id };
    },
    async rule(companyId: string) {
      const body = await ok(
        as(team, `/api/bank-statements/category-rules?companyId=${companyId}`, {
          method: 'POST',
          body: { contains: `tarifa ${randomUUID().slice(0, 6)}`, taxCategoryId: 'tarifas-bancarias' },
        }),
        'rule',
      );
      return body.data.id as string;
    },
    /** Cora's authorization as the team walks it on the sandbox: the code and state to finish it with. */
    async coraAuthorization(companyId: string) {
      const start = await ok(as(team, `/api/bank-statements/connections/oauth/cora?companyId=${companyId}`), 'cora');
      const page = await (await fetch(start.data.url)).text();
      const back = new URL(CORA_CODE_PAGE.exec(page)![1].replace(/&amp;/g, '&'));
      return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
    },
    async coraConnection(companyId: string) {
      const { code, state } = await fixtures.coraAuthorization(companyId);
      const body = await ok(
        as(
          team,
          `/api/bank-statements/connections/oauth/cora?companyId=${companyId}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
          { method: 'POST' },
        ),
        'cora connection',
      );
      return body.data.connection.id as string;
    },
    async subscription(companyId: string) {
      const [row] = await server.db
        .insert(subscriptions)
        .values({ companyId, planId: 'essencial', status: 'pending', priceCents: 24900 })
        .returning({ id: subscriptions.id });
      return row.id;
    },
    async paidPayment(companyId: string) {
      const subscriptionId = await fixtures.subscription(companyId);
      const [row] = await server.db
        .insert(payments)
        .values({
          subscriptionId,
          companyId,
          provider: 'sandbox',
          providerCheckoutId: `seed-${randomUUID()}`,
          checkoutUrl: 'https://pagamentos.invalid/checkout',
          amountCents: 24900,
          status: 'paid',
          method: 'pix',
          dueDate: new Date('2026-03-10T15:00:00Z'),
          paidAt: new Date('2026-03-09T15:00:00Z'),
        })
        .returning({ id: payments.id });
      return row.id;
    },
    async invitation(person: TestUser) {
      const body = await ok(
        as(person, '/api/referrals/invitations', { method: 'POST', body: { email: unique('convidado') } }),
        'invitation',
      );
      return body.data.id as string;
    },
    async photo(person: TestUser) {
      const form = file('foto.png', PNG)();
      const response = await fetch(`${server.baseUrl}/api/users/${person.uid}/photo`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${person.token}` },
        body: form,
      });
      if (response.status !== 200) throw new Error(`photo: ${response.status}`);
    },
    /** A company on a track, pending, owned by `person`, created by the team. */
    async pendingCompany(person: TestUser, trackId = 'create-company') {
      const body = await ok(
        as(team, '/api/companies', { method: 'POST', body: { userId: person.uid, trackId } }),
        'pending company',
      );
      return body.data.id as string;
    },
  };
  return fixtures;
}

export type Fixtures = ReturnType<typeof fixturesFor>;

const q = (companyId: string) => `companyId=${companyId}`;

export const ROUTES: RouteSpec[] = [
  /* ------------------------------------------------------------------ public */
  { method: 'GET', path: '/api/health', access: 'public', sample: async () => ({ path: '/api/health' }) },
  { method: 'GET', path: '/api/health/live', access: 'public', sample: async () => ({ path: '/api/health/live' }) },
  { method: 'GET', path: '/api/health/ready', access: 'public', sample: async () => ({ path: '/api/health/ready' }) },
  {
    method: 'POST',
    path: '/api/users',
    access: 'public',
    status: 201,
    sample: async () => ({
      path: '/api/users',
      body: { name: 'Pessoa Nova', email: unique('cadastro'), password: 'senha-segura-1', trackId: 'create-company' },
    }),
  },
  { method: 'GET', path: '/api/cnaes', access: 'public', sample: async () => ({ path: '/api/cnaes?search=software&limit=5' }) },
  {
    method: 'GET',
    path: '/api/municipalities',
    access: 'public',
    sample: async () => ({ path: '/api/municipalities?state=AC' }),
  },
  {
    method: 'GET',
    path: '/api/tools/simples-nacional',
    access: 'public',
    sample: async () => ({ path: '/api/tools/simples-nacional?annex=III&rbt12Cents=50000000&revenueCents=1000000' }),
  },
  {
    method: 'GET',
    path: '/api/cnpj-exists',
    access: 'public',
    sample: async () => ({ path: '/api/cnpj-exists?cnpj=11.222.333/0001-81' }),
  },
  {
    method: 'GET',
    path: '/api/city-search',
    access: 'public',
    sample: async () => ({ path: '/api/city-search?q=belo&limit=5' }),
  },
  {
    method: 'POST',
    path: '/api/leads',
    access: 'public',
    status: 201,
    sample: async () => ({
      path: '/api/leads',
      body: { name: 'Ana Lima', email: unique('lead'), phone: '+55 (11) 98765-4321', planId: 'essencial', source: '/' },
    }),
  },
  { method: 'GET', path: '/fn/areas/:slug', access: 'public', sample: async () => ({ path: '/fn/areas/advogados' }) },
  { method: 'GET', path: '/fn/links/:alias', access: 'public', sample: async () => ({ path: '/fn/links/irpf' }) },

  /* ------------------------------------------------------------------ signed */
  {
    method: 'POST',
    path: '/api/files/:token',
    access: 'signed-link',
    status: 201,
    sample: async ({ fixtures, companyId, team }) => {
      const { url } = await fixtures.uploadToken(companyId, team);
      return { path: url, form: file('nota.pdf', PDF) };
    },
  },
  {
    method: 'PUT',
    path: '/api/files/:token',
    access: 'signed-link',
    status: 201,
    sample: async ({ fixtures, companyId, team }) => {
      const { url } = await fixtures.uploadToken(companyId, team);
      return { path: url, form: file('nota.pdf', PDF) };
    },
  },
  {
    method: 'GET',
    path: '/api/files/:token',
    access: 'signed-link',
    sample: async ({ fixtures, companyId, server, team }) => {
      const id = await fixtures.document(companyId);
      const link = await server.call(`/api/download/${id}?${q(companyId)}`, { token: team.token });
      return { path: link.body.data.url };
    },
  },
  {
    method: 'POST',
    path: '/api/webhooks/payments/:provider',
    access: 'signed-webhook',
    status: 401,
    note: 'an unsigned notification: the sandbox signs with HMAC-SHA256 (tests/server/onboarding.test.ts pays for real)',
    sample: async () => ({ path: '/api/webhooks/payments/sandbox', body: { reference: randomUUID(), status: 'paid' } }),
  },

  /* ------------------------------------------------------------------ the person's own */
  {
    method: 'GET',
    path: '/api/users/:id',
    access: 'person',
    scopeIn: 'path',
    sample: async ({ person }) => ({ path: `/api/users/${person.uid}` }),
  },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    access: 'person',
    scopeIn: 'path',
    sample: async ({ person }) => ({
      path: `/api/users/${person.uid}`,
      body: { name: 'Nome Trocado', phone: '(11) 98765-4321' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/users/:id/photo',
    access: 'person',
    scopeIn: 'path',
    sample: async ({ person }) => ({ path: `/api/users/${person.uid}/photo`, form: file('foto.png', PNG) }),
  },
  {
    method: 'DELETE',
    path: '/api/users/:id/photo',
    access: 'person',
    scopeIn: 'path',
    sample: async ({ person, fixtures }) => {
      await fixtures.photo(person);
      return { path: `/api/users/${person.uid}/photo` };
    },
  },
  {
    method: 'GET',
    path: '/api/users/:id/photo',
    access: 'person',
    scopeIn: 'path',
    note: 'without ?v= (with its unguessable version the photo is public, like any image)',
    sample: async ({ person, fixtures }) => {
      await fixtures.photo(person);
      return { path: `/api/users/${person.uid}/photo` };
    },
  },
  {
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'person',
    scopeIn: 'path',
    note: 'a person of their own, created for the sample',
    sample: async ({ fixtures, companyId }) => ({ path: `/api/users/${(await fixtures.person(companyId)).uid}` }),
  },
  {
    method: 'POST',
    path: '/api/companies',
    access: 'person',
    scopeIn: 'body',
    status: 201,
    note: 'the owner (userId) travels in the body; a customer creates companies only for themselves',
    sample: async ({ person }) => ({ path: '/api/companies', body: { userId: person.uid, trackId: 'create-company' } }),
  },
  {
    method: 'GET',
    path: '/api/documents/personal',
    access: 'person',
    scopeIn: 'query',
    sample: async ({ person }) => ({ path: `/api/documents/personal?userId=${person.uid}` }),
  },
  {
    method: 'DELETE',
    path: '/api/documents/personal/:id',
    access: 'person',
    scopeIn: 'resource',
    sample: async ({ person, fixtures }) => ({ path: `/api/documents/personal/${await fixtures.personalDocument(person)}` }),
  },
  {
    method: 'POST',
    path: '/api/referrals/invitations/:id/resend',
    access: 'person',
    scopeIn: 'resource',
    status: 403,
    note: "an invitation is its sender's alone: the team cannot resend someone else's either",
    sample: async ({ person, fixtures }) => ({
      path: `/api/referrals/invitations/${await fixtures.invitation(person)}/resend`,
      body: {},
    }),
  },

  /* ------------------------------------------------------------------ any signed-in person, on themselves */
  { method: 'GET', path: '/api/companies', access: 'authenticated', sample: async () => ({ path: '/api/companies?query=a' }) },
  {
    method: 'GET',
    path: '/api/companies/me',
    access: 'authenticated',
    status: 404,
    note: 'the team has no company of its own',
    sample: async () => ({ path: '/api/companies/me' }),
  },
  {
    method: 'POST',
    path: '/api/luca/cnaes/match',
    access: 'authenticated',
    sample: async () => ({ path: '/api/luca/cnaes/match', body: { intent: 'salão de beleza e manicure' } }),
  },
  {
    method: 'POST',
    path: '/api/luca/companies/alias-suggest',
    access: 'authenticated',
    sample: async () => ({
      path: '/api/luca/companies/alias-suggest',
      body: { intent: 'doces caseiros por encomenda', activity: '1091-1/02', ownerName: 'Juliana Rocha' },
    }),
  },
  {
    method: 'POST',
    path: '/api/documents/personal/register',
    access: 'authenticated',
    status: 201,
    sample: async ({ fixtures, caller }) => ({
      path: '/api/documents/personal/register',
      body: { uploadToken: (await fixtures.uploadToken(null, caller, 'cpf.pdf')).token, type: 'cpf' },
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/tax-categories',
    access: 'authenticated',
    sample: async () => ({ path: '/api/bank-statements/tax-categories' }),
  },
  { method: 'GET', path: '/api/features', access: 'authenticated', sample: async () => ({ path: '/api/features' }) },
  {
    method: 'GET',
    path: '/api/features/audiences',
    access: 'authenticated',
    note: "for the account the `panel` flag names (the team's here)",
    sample: async () => ({ path: '/api/features/audiences' }),
  },
  { method: 'GET', path: '/api/referrals/me', access: 'authenticated', sample: async () => ({ path: '/api/referrals/me' }) },
  {
    method: 'GET',
    path: '/api/referrals/me/referred',
    access: 'authenticated',
    sample: async () => ({ path: '/api/referrals/me/referred?limit=5&offset=0' }),
  },
  {
    method: 'GET',
    path: '/api/referrals/invitations',
    access: 'authenticated',
    sample: async () => ({ path: '/api/referrals/invitations?limit=5' }),
  },
  {
    method: 'POST',
    path: '/api/referrals/invitations',
    access: 'authenticated',
    status: 201,
    sample: async () => ({ path: '/api/referrals/invitations', body: { email: unique('convite'), name: 'Amiga' } }),
  },
  {
    method: 'GET',
    path: '/api/partners/:partnerId/attribution',
    access: 'authenticated',
    sample: async () => ({ path: '/api/partners/duca/attribution' }),
  },
  {
    method: 'POST',
    path: '/api/partners/:partnerId/attribution',
    access: 'authenticated',
    sample: async () => ({ path: '/api/partners/duca/attribution', body: { trackId: 'create-company' } }),
  },

  /* ------------------------------------------------------------------ the team only */
  {
    method: 'GET',
    path: '/api/obligations/team',
    access: 'admin',
    sample: async () => ({ path: '/api/obligations/team?competence=2026-05' }),
  },
  {
    method: 'PUT',
    path: '/api/obligations/tax-profile',
    access: 'admin',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/obligations/tax-profile?${q(companyId)}`, body: { annex: 'III' } }),
  },
  {
    method: 'PUT',
    path: '/api/obligations/figures',
    access: 'admin',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({
      path: `/api/obligations/figures?${q(companyId)}`,
      body: { competence: '2026-04', payrollCents: 300_000 },
    }),
  },
  {
    method: 'PUT',
    path: '/api/obligations/payments',
    access: 'admin',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({
      path: `/api/obligations/payments?${q(companyId)}`,
      body: { kind: 'das', competence: '2026-04', paidOn: '2026-05-20' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/companies/:id',
    access: 'admin',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}`, body: { alias: 'Nome Fantasia Novo' } }),
  },
  {
    method: 'PUT',
    path: '/api/companies/:id/status/:status',
    access: 'admin',
    scopeIn: 'path',
    sample: async ({ fixtures }) => ({
      path: `/api/companies/${await fixtures.company()}/status/overdue`,
      body: { note: 'Mensalidade em atraso.' },
    }),
  },
  { method: 'GET', path: '/api/admin/users', access: 'admin', sample: async () => ({ path: '/api/admin/users?limit=5' }) },
  { method: 'GET', path: '/api/admin/leads', access: 'admin', sample: async () => ({ path: '/api/admin/leads?q=ana&limit=5' }) },
  {
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    status: 201,
    sample: async ({ companyId }) => ({
      path: '/api/admin/users',
      body: { email: unique('equipe-criou'), name: 'Rita Nogueira', phone: '(31) 98888-7777', companyId },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id',
    access: 'admin',
    sample: async ({ person }) => ({ path: `/api/admin/users/${person.uid}` }),
  },
  {
    method: 'GET',
    path: '/api/companies/orders/opening-requests',
    access: 'admin',
    sample: async () => ({ path: '/api/companies/orders/opening-requests?limit=5' }),
  },
  {
    method: 'GET',
    path: '/api/companies/orders/migration-requests',
    access: 'admin',
    sample: async () => ({ path: '/api/companies/orders/migration-requests?status=pending' }),
  },
  {
    method: 'POST',
    path: '/api/documents/publish',
    access: 'admin',
    scopeIn: 'query',
    status: 201,
    sample: async ({ fixtures, companyId, team }) => ({
      path: `/api/documents/publish?${q(companyId)}`,
      body: {
        uploadToken: (await fixtures.uploadToken(companyId, team, 'das.pdf')).token,
        type: 'guia_das',
        dueDate: '2026-05-20',
        amountCents: 7890,
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/nfs/requests/search',
    access: 'admin',
    sample: async () => ({ path: '/api/nfs/requests/search?status=requested&limit=5' }),
  },
  {
    method: 'PUT',
    path: '/api/nfs/requests/:id/status/:status',
    access: 'admin',
    scopeIn: 'resource',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}/status/processing`,
      body: {},
    }),
  },
  {
    method: 'PATCH',
    path: '/api/nfs/requests/:id',
    access: 'admin',
    scopeIn: 'resource',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}`,
      body: { serviceCode: '', description: 'Serviço corrigido pela equipe.', totalValue: 150, competence: '2026-05' },
    }),
  },
  {
    method: 'GET',
    path: '/api/nfs/schedulers/active',
    access: 'admin',
    sample: async () => ({ path: '/api/nfs/schedulers/active' }),
  },
  {
    method: 'GET',
    path: '/api/nfs/requests/:id/emission',
    access: 'admin',
    scopeIn: 'resource',
    note: 'the preview of the DPS: what stops it (here, no fiscal profile) is part of the answer',
    sample: async ({ fixtures, companyId }) => ({ path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}/emission` }),
  },
  {
    method: 'POST',
    path: '/api/nfs/requests/:id/emission',
    access: 'admin',
    scopeIn: 'resource',
    status: 409,
    note: 'the company has no fiscal profile: refused before anything is built or sent (tests/server/nfse-emission.test.ts emits)',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}/emission`,
      body: {},
    }),
  },
  {
    method: 'GET',
    path: '/api/nfs/requests/:id/emission/dps.xml',
    access: 'admin',
    scopeIn: 'resource',
    note: 'the signed DPS as sent, a file (tests/server/nfse-emission.test.ts downloads a real one)',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.sentNfsRequest(companyId)}/emission/dps.xml`,
    }),
  },
  {
    method: 'GET',
    path: '/api/nfs/requests/:id/emission/cancellation.xml',
    access: 'admin',
    scopeIn: 'resource',
    note: 'the signed cancellation request as sent, a file (tests/server/nfse-emission.test.ts downloads a real one)',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.sentNfsRequest(companyId)}/emission/cancellation.xml`,
    }),
  },
  {
    method: 'POST',
    path: '/api/nfs/requests/:id/cancellation',
    access: 'admin',
    scopeIn: 'resource',
    status: 409,
    note: 'nothing was issued through the national system to cancel (tests/server/nfse-emission.test.ts cancels)',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}/cancellation`,
      body: { reason: 'Serviço não foi prestado ao tomador.' },
    }),
  },
  {
    method: 'POST',
    path: '/api/nfs/requests/:id/substitution',
    access: 'admin',
    scopeIn: 'resource',
    status: 409,
    note: 'nothing was issued through the national system to substitute (tests/server/nfse-substitution.test.ts substitutes)',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}/substitution`,
      body: { reasonCode: '99', reason: 'Valor do serviço informado errado.', totalCents: 120000 },
    }),
  },
  {
    method: 'PUT',
    path: '/api/companies/:companyId/fiscal-profile',
    access: 'admin',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({
      path: `/api/companies/${companyId}/fiscal-profile`,
      body: {
        cityIbgeCode: '3550308',
        taxRegime: 'simples',
        serviceCode: '010101',
        issRate: 2,
        simplesTaxRate: 6,
        dpsSeries: '1',
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/companies/:companyId/fiscal-profile/certificate',
    access: 'admin',
    scopeIn: 'path',
    status: 400,
    note: 'a file that is no PKCS#12: refused in Portuguese (tests/server/nfse-emission.test.ts sends real ones)',
    sample: async ({ companyId }) => ({
      path: `/api/companies/${companyId}/fiscal-profile/certificate`,
      form: file('certificado.pfx', PDF, { password: 'senha-do-certificado' }),
    }),
  },
  {
    method: 'DELETE',
    path: '/api/companies/:companyId/fiscal-profile/certificate',
    access: 'admin',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}/fiscal-profile/certificate` }),
  },
  { method: 'GET', path: '/api/dev/outbox', access: 'dev', sample: async () => ({ path: '/api/dev/outbox?limit=5' }) },

  /* ------------------------------------------------------------------ a company's data, id in the path */
  {
    method: 'GET',
    path: '/api/companies/:id',
    access: 'company',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}` }),
  },
  {
    method: 'GET',
    path: '/api/companies/:companyId/fiscal-profile',
    access: 'company',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}/fiscal-profile` }),
  },
  {
    method: 'GET',
    path: '/api/companies/:id/steps',
    access: 'company',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}/steps` }),
  },
  {
    method: 'PUT',
    path: '/api/companies/:id/track/:track',
    access: 'company',
    scopeIn: 'path',
    note: 'a pending company of the target person, no step done yet',
    sample: async ({ fixtures, person }) => ({
      path: `/api/companies/${await fixtures.pendingCompany(person)}/track/migrate-company`,
      body: {},
    }),
  },
  {
    method: 'GET',
    path: '/api/companies/:id/status-history',
    access: 'company',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}/status-history` }),
  },
  {
    method: 'GET',
    path: '/api/companies/:id/registration',
    access: 'company',
    scopeIn: 'path',
    sample: async ({ companyId }) => ({ path: `/api/companies/${companyId}/registration` }),
  },
  {
    method: 'POST',
    path: '/api/companies/:id/steps/:stepId',
    access: 'company',
    scopeIn: 'path',
    note: 'the first step of an opening, on a pending company of the target person',
    sample: async ({ fixtures, person }) => ({
      path: `/api/companies/${await fixtures.pendingCompany(person)}/steps/pre-registration`,
      body: {
        type: 'on_person',
        size: 'MEI',
        mainActivity: '1091102',
        secondaryActivities: ['5620104'],
        alias: 'Rocha Doces',
        address,
      },
    }),
  },

  /* ------------------------------------------------------------------ a company's data, id in the query */
  {
    method: 'GET',
    path: '/api/documents',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/documents?${q(companyId)}&type=outros&type=guia_das` }),
  },
  {
    method: 'POST',
    path: '/api/documents',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ companyId }) => ({
      path: `/api/documents?${q(companyId)}`,
      form: file('contrato.pdf', PDF, { type: 'outros' }),
    }),
  },
  {
    method: 'POST',
    path: '/api/documents/register',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ fixtures, companyId, team }) => ({
      path: `/api/documents/register?${q(companyId)}`,
      body: { uploadToken: (await fixtures.uploadToken(companyId, team)).token, type: 'outros', description: 'Contrato' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/documents/:id/status/:status',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/documents/${await fixtures.document(companyId)}/status/archived?${q(companyId)}`,
      body: {},
    }),
  },
  {
    method: 'DELETE',
    path: '/api/documents/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({ path: `/api/documents/${await fixtures.document(companyId)}?${q(companyId)}` }),
  },
  {
    method: 'GET',
    path: '/api/documents/:id/file',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/documents/${await fixtures.document(companyId)}/file?${q(companyId)}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/upload/:filename{.+}',
    access: 'company',
    scopeIn: 'query',
    note: 'without companyId the link is for a personal document of the caller',
    sample: async ({ companyId }) => ({ path: `/api/upload/Nota%20fiscal%20mar%C3%A7o.pdf?${q(companyId)}&size=1024` }),
  },
  {
    method: 'GET',
    path: '/api/download/:filename{.+}',
    access: 'company',
    scopeIn: 'query',
    note: 'without companyId: a personal document of the caller',
    sample: async ({ fixtures, companyId }) => ({ path: `/api/download/${await fixtures.document(companyId)}?${q(companyId)}` }),
  },
  {
    method: 'GET',
    path: '/api/nfs/requests',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/nfs/requests?${q(companyId)}&status=requested&limit=5` }),
  },
  {
    method: 'POST',
    path: '/api/nfs/requests',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ companyId }) => ({ path: `/api/nfs/requests?${q(companyId)}`, body: invoice }),
  },
  {
    method: 'DELETE',
    path: '/api/nfs/requests/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}?${q(companyId)}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/nfs/customers',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/nfs/customers?${q(companyId)}&query=aurora` }),
  },
  {
    method: 'GET',
    path: '/api/nfs/schedulers',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/nfs/schedulers?${q(companyId)}` }),
  },
  {
    method: 'POST',
    path: '/api/nfs/schedulers',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ companyId }) => ({ path: `/api/nfs/schedulers?${q(companyId)}`, body: schedule }),
  },
  {
    method: 'PUT',
    path: '/api/nfs/schedulers/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/schedulers/${await fixtures.schedule(companyId)}?${q(companyId)}`,
      body: { ...schedule, dayOfMonth: 10, active: false },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/nfs/schedulers/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/schedulers/${await fixtures.schedule(companyId)}?${q(companyId)}`,
    }),
  },
  {
    method: 'POST',
    path: '/api/nfs/schedulers/:id/generate',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/nfs/schedulers/${await fixtures.schedule(companyId)}/generate?${q(companyId)}`,
      body: {},
    }),
  },
  {
    method: 'GET',
    path: '/api/reports/anual-billing-by-company',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/reports/anual-billing-by-company?${q(companyId)}&year=2026` }),
  },
  {
    method: 'GET',
    path: '/api/obligations',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/obligations?${q(companyId)}&year=2026` }),
  },
  {
    method: 'GET',
    path: '/api/reports/billing-by-category',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/reports/billing-by-category?${q(companyId)}&period=2026-T1` }),
  },
  {
    method: 'POST',
    path: '/api/bank-statements/ofx/upload',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ companyId }) => ({
      path: `/api/bank-statements/ofx/upload?${q(companyId)}`,
      form: file('extrato.ofx', OFX),
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/imports/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/imports/${(await fixtures.bankAccount(companyId)).importId}?${q(companyId)}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/accounts',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/bank-statements/accounts?${q(companyId)}&limit=5` }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/accounts/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/accounts/${(await fixtures.bankAccount(companyId)).accountId}?${q(companyId)}`,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/bank-statements/accounts/:id',
    access: 'company',
    scopeIn: 'query',
    note: 'the next import of the same statement creates the account again',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/accounts/${(await fixtures.bankAccount(companyId)).accountId}?${q(companyId)}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/accounts/:id/export-summary',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/accounts/${(await fixtures.bankAccount(companyId)).accountId}/export-summary?${q(companyId)}&date=2026-03`,
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/accounts/:id/exports/:type?',
    access: 'company',
    scopeIn: 'query',
    note: 'a month with movements without category answers 409 unless `uncategorised` says include or omit',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/accounts/${(await fixtures.bankAccount(companyId)).accountId}/exports/csv?${q(companyId)}&date=2026-03&uncategorised=include`,
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/transactions',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/transactions?${q(companyId)}&accountId=${(await fixtures.bankAccount(companyId)).accountId}&withoutTaxCategory=true`,
    }),
  },
  {
    method: 'POST',
    path: '/api/bank-statements/transactions/tax-category',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/transactions/tax-category?${q(companyId)}`,
      body: { ids: (await fixtures.bankAccount(companyId)).transactionIds.slice(0, 2), taxCategoryId: 'tarifas-bancarias' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/bank-statements/transactions/:id/tax-category',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/transactions/${(await fixtures.bankAccount(companyId)).transactionIds[0]}/tax-category?${q(companyId)}`,
      body: { taxCategoryId: 'receita-servicos' },
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/category-rules',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/bank-statements/category-rules?${q(companyId)}` }),
  },
  {
    method: 'POST',
    path: '/api/bank-statements/category-rules/apply',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/bank-statements/category-rules/apply?${q(companyId)}`, body: {} }),
  },
  {
    method: 'POST',
    path: '/api/bank-statements/category-rules',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    sample: async ({ companyId }) => ({
      path: `/api/bank-statements/category-rules?${q(companyId)}`,
      body: { contains: `aluguel ${randomUUID().slice(0, 6)}`, direction: 'out', taxCategoryId: 'aluguel', applyNow: true },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/bank-statements/category-rules/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/category-rules/${await fixtures.rule(companyId)}?${q(companyId)}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/connections/oauth/cora',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/bank-statements/connections/oauth/cora?${q(companyId)}` }),
  },
  {
    method: 'POST',
    path: '/api/bank-statements/connections/oauth/cora',
    access: 'company',
    scopeIn: 'query',
    status: 201,
    note: "the team's own authorization on the Cora sandbox",
    sample: async ({ fixtures, companyId }) => {
      const { code, state } = await fixtures.coraAuthorization(companyId);
      return {
        path: `/api/bank-statements/connections/oauth/cora?${q(companyId)}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        body: {},
      };
    },
  },
  {
    method: 'GET',
    path: '/api/bank-statements/connections',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/bank-statements/connections?${q(companyId)}` }),
  },
  {
    method: 'GET',
    path: '/api/bank-statements/connections/:id',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/connections/${await fixtures.coraConnection(companyId)}?${q(companyId)}`,
    }),
  },
  {
    method: 'POST',
    path: '/api/bank-statements/connections/:id/sync',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/bank-statements/connections/${await fixtures.coraConnection(companyId)}/sync?${q(companyId)}`,
      body: {},
    }),
  },
  {
    method: 'GET',
    path: '/api/v1/ecommerce/payments',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/v1/ecommerce/payments?${q(companyId)}&status=paid` }),
  },
  {
    method: 'GET',
    path: '/api/v1/ecommerce/subscription',
    access: 'company',
    scopeIn: 'query',
    sample: async ({ companyId }) => ({ path: `/api/v1/ecommerce/subscription?${q(companyId)}` }),
  },

  /* ------------------------------------------------------------------ a company's data, through a resource of it */
  {
    method: 'GET',
    path: '/api/nfs/requests/:id',
    access: 'company',
    scopeIn: 'resource',
    sample: async ({ fixtures, companyId }) => ({ path: `/api/nfs/requests/${await fixtures.nfsRequest(companyId)}` }),
  },
  {
    method: 'POST',
    path: '/api/subscriptions/:id',
    access: 'company',
    scopeIn: 'resource',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/subscriptions/${await fixtures.subscription(companyId)}`,
      body: { returnPath: '/app/user/my-billing' },
    }),
  },
  {
    method: 'GET',
    path: '/api/v1/ecommerce/payments/:id/receipt',
    access: 'company',
    scopeIn: 'resource',
    sample: async ({ fixtures, companyId }) => ({
      path: `/api/v1/ecommerce/payments/${await fixtures.paidPayment(companyId)}/receipt`,
    }),
  },
];

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The routes of `app.routes` under /api and /fn, each once (Hono lists a route once per handler). */
export function apiRoutesOf(routes: { method: string; path: string }[]) {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of routes) {
    if (/^\/(api|fn)(\/|$)/.test(route.path)) seen.set(routeKey(route), route);
  }
  return [...seen.values()];
}
