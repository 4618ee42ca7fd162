import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { listCompaniesJson, toCompanyDto } from '@server/db/companies';
import { companies, companyMembers, companySteps, subscriptions } from '@server/db/schema';
import { MAX_CLAIMS_LENGTH } from '@server/services/claims';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let customer: TestUser;
let otherCustomer: TestUser;
let admin: TestUser;
let ownId: string;
let foreignId: string;

beforeAll(async () => {
  server = await startTestServer();
  ownId = await server.createCompany({
    name: 'Padaria Pão Dourado Ltda',
    alias: 'Pão Dourado',
    cnpj: '27494746000155',
    status: 'active',
    trackId: 'create-company',
    trackStatus: 'done',
  });
  foreignId = await server.createCompany({ name: 'Clínica Sorriso Pleno Ltda', alias: 'Sorriso Pleno', cnpj: '76827687000103' });
  await server.db.insert(subscriptions).values({ companyId: ownId, planId: 'essencial', status: 'active', priceCents: 24900 });
  await server.db.insert(companySteps).values([
    { companyId: ownId, stepId: 'pre-registration', position: 0, status: 'done', payload: { size: 'ME' } },
    { companyId: ownId, stepId: 'partner-registration', position: 1, status: 'done', payload: { partners: [{ name: 'Ana' }] } },
  ]);
  [customer, otherCustomer, admin] = await Promise.all([
    server.createUser({ companyIds: [ownId] }),
    server.createUser({ companyIds: [foreignId] }),
    server.createUser({ roles: ['system-admin'] }),
  ]);
});
afterAll(() => server?.close());

describe('GET /api/companies/me', () => {
  it('answers the customer’s company in { data }', async () => {
    const { status, body } = await server.call('/api/companies/me', { token: customer.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: ownId,
      name: 'Padaria Pão Dourado Ltda',
      alias: 'Pão Dourado',
      cnpj: '27494746000155',
      status: 'active',
      trackId: 'create-company',
      currentSubscription: { planId: 'essencial', status: 'active' },
    });
  });

  it('is 401 without a token', async () => {
    const { status, body } = await server.call('/api/companies/me');
    expect(status).toBe(401);
    expect(body.error).toEqual({ code: 'unauthorized', message: 'Entre na sua conta para continuar.' });
  });

  it('is 404 with a pt-BR message for a user without a company', async () => {
    const { status, body } = await server.call('/api/companies/me', { token: admin.token });
    expect(status).toBe(404);
    expect(body.error.message).toBe('Você ainda não tem uma empresa cadastrada.');
  });
});

describe('GET /api/companies/{id} and /steps', () => {
  it('answers the company and its track in { data }', async () => {
    const company = await server.call(`/api/companies/${ownId}`, { token: customer.token });
    expect(company.status).toBe(200);
    expect(company.body.data.id).toBe(ownId);
    const steps = await server.call(`/api/companies/${ownId}/steps`, { token: customer.token });
    expect(steps.status).toBe(200);
    expect(steps.body.data).toEqual({
      trackId: 'create-company',
      status: 'done',
      steps: [
        { stepId: 'pre-registration', status: 'done', payload: { size: 'ME' } },
        { stepId: 'partner-registration', status: 'done', payload: { partners: [{ name: 'Ana' }] } },
      ],
    });
  });

  it('is 403 for another customer’s company, and leaks nothing', async () => {
    for (const path of [`/api/companies/${foreignId}`, `/api/companies/${foreignId}/steps`]) {
      const { status, body } = await server.call(path, { token: customer.token });
      expect(status).toBe(403);
      expect(body).toEqual({ error: { code: 'forbidden', message: 'Você não tem acesso a esta empresa.' } });
    }
    const mine = await server.call(`/api/companies/${foreignId}`, { token: otherCustomer.token });
    expect(mine.status).toBe(200);
  });

  it('lets a system admin read any company', async () => {
    const { status, body } = await server.call(`/api/companies/${foreignId}`, { token: admin.token });
    expect(status).toBe(200);
    expect(body.data.name).toBe('Clínica Sorriso Pleno Ltda');
  });

  it('is 404 for ids that do not exist or are not ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1'; drop table companies;--"]) {
      const { status, body } = await server.call(`/api/companies/${encodeURIComponent(id)}`, { token: admin.token });
      expect(status).toBe(404);
      expect(body.error.message).toBe('Empresa não encontrada.');
    }
  });

  it('answers a null track for a company that has none', async () => {
    const { body } = await server.call(`/api/companies/${foreignId}/steps`, { token: admin.token });
    expect(body).toEqual({ data: null });
  });
});

describe('PUT /api/companies/{id}: the team completes a company’s record', () => {
  it('sets the razão social, size and legal nature, with the wizard’s rule for an MEI', async () => {
    const id = foreignId;
    const put = (body: unknown, token = admin.token) => server.call(`/api/companies/${id}`, { method: 'PUT', token, body });
    expect((await put({ name: 'Outra Ltda' }, customer.token)).status).toBe(403);
    const mei = await put({ name: 'Clínica Sorriso Pleno Ltda', size: 'MEI', type: 'limited_liability' });
    expect([mei.status, mei.body.error.fields]).toEqual([400, { type: 'O MEI é sempre um empresário individual.' }]);
    const saved = await put({ name: 'Clínica Sorriso Pleno Ltda', size: 'MEI', type: 'on_person' });
    expect(saved.body.data).toMatchObject({ name: 'Clínica Sorriso Pleno Ltda', size: 'MEI', type: 'on_person' });
    // Against what the company already is: an MEI cannot become an LTDA by its nature alone.
    const nature = await put({ type: 'limited_liability' });
    expect(nature.body.error.fields).toEqual({ type: 'O MEI é sempre um empresário individual.' });
  });
});

describe('GET /api/companies', () => {
  it('lists every company for the team, newest first, as { data, total }', async () => {
    const { status, body } = await server.call('/api/companies', { token: admin.token });
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([foreignId, ownId]);
  });

  it('lists only their own companies for a customer', async () => {
    const { body } = await server.call('/api/companies', { token: customer.token });
    expect(body).toMatchObject({ total: 1, data: [{ id: ownId }] });
  });

  it('searches names ignoring accents and case, and CNPJs with or without punctuation', async () => {
    for (const query of ['padaria pao', 'DOURADO', 'pão', '27.494.746/0001-55', '27494746']) {
      const { body } = await server.call(`/api/companies?query=${encodeURIComponent(query)}`, { token: admin.token });
      expect(
        body.data.map((c: { id: string }) => c.id),
        query,
      ).toEqual([ownId]);
    }
    const none = await server.call(`/api/companies?query=${encodeURIComponent('100%_')}`, { token: admin.token });
    expect(none.body).toEqual({ data: [], total: 0 });
  });

  it('searches only their own companies for a customer, and counts a page past the end', async () => {
    const own = await server.call(`/api/companies?query=${encodeURIComponent('pão')}`, { token: customer.token });
    expect(own.body).toMatchObject({ total: 1, data: [{ id: ownId }] });
    const foreign = await server.call('/api/companies', { token: admin.token });
    const foreignName = foreign.body.data.find((c: { id: string }) => c.id === foreignId).name as string;
    const hidden = await server.call(`/api/companies?query=${encodeURIComponent(foreignName)}`, { token: customer.token });
    expect(hidden.body).toEqual({ data: [], total: 0 });
    const past = await server.call('/api/companies?limit=1&offset=5', { token: admin.token });
    expect(past.body).toEqual({ data: [], total: 2 });
    // By CNPJ digits too, and a search's page past the end counts what the search finds.
    const ownByCnpj = await server.call('/api/companies?query=27494746', { token: customer.token });
    expect(ownByCnpj.body).toMatchObject({ total: 1, data: [{ id: ownId }] });
    const foreignByCnpj = await server.call('/api/companies?query=76.827.687', { token: customer.token });
    expect(foreignByCnpj.body).toEqual({ data: [], total: 0 });
    const searchPast = await server.call(`/api/companies?query=${encodeURIComponent('pão')}&limit=1&offset=5`, {
      token: admin.token,
    });
    expect(searchPast.body).toEqual({ data: [], total: 1 });
  });

  it('pages with limit and offset', async () => {
    const { body } = await server.call('/api/companies?limit=1&offset=1', { token: admin.token });
    expect(body.total).toBe(2);
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ownId]);
  });

  it('refuses a bad page with a pt-BR message per field', async () => {
    const { status, body } = await server.call('/api/companies?limit=abc&offset=-1', { token: admin.token });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      limit: 'O limite deve ser um número entre 1 e 100.',
      offset: 'O deslocamento deve ser um número inteiro não negativo.',
    });
  });
});

describe('a person in many companies', () => {
  it('still creates companies and gets claims that fit the provider, with the main company kept', async () => {
    const owner = await server.createUser();
    for (let i = 0; i < 30; i++) {
      await server.db.insert(companyMembers).values({ companyId: await server.createCompany(), userId: owner.uid });
    }
    const created = await server.call('/api/companies', {
      method: 'POST',
      token: owner.token,
      body: { trackId: 'create-company' },
    });
    expect(created.status).toBe(201);
    const token = await server.signIn(owner.email, owner.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const custom = { roles: claims.roles, companies: claims.companies, companyId: claims.companyId };
    expect(JSON.stringify(custom).length).toBeLessThanOrEqual(MAX_CLAIMS_LENGTH);
    expect(claims.companies.length).toBeGreaterThan(10);
    expect(claims.companies[0]).toBe(claims.companyId);
    // The server reads the companies from the database: the last one, not in the token, is still the owner's.
    const last = await server.call(`/api/companies/${created.body.data.id}`, { token });
    expect(last.status).toBe(200);
  });
});

describe('the error envelope', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await server.call('/api/nothing-here', { token: admin.token });
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'not_found', message: 'Recurso não encontrado.' } });
  });

  it('logged no server error in this file', () => {
    expect(server.errors).toEqual([]);
  });
});

describe('the companies list, as PostgreSQL writes its JSON', () => {
  it('answers every field exactly as toCompanyDto gives it, page by page, searched or not', async () => {
    // What JSON and timestamps make hard: quotes, backslashes, control characters, accents and emoji, nulls, nested
    // JSON (the address, the activities), microseconds that must be cut (not rounded) to the millisecond.
    const texts = ['aspas "duplas" e \\barra\\ Ltda', 'linha\nnova\ttab\u0001 Ltda', 'São João — ção 🧾 Ltda', '</script> Ltda'];
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) {
      ids.push(
        await server.createCompany({
          name: i % 5 === 4 ? null : `JSON ${texts[i % texts.length]} ${i}`,
          alias: i % 3 ? `Fantasia "${i}" ${texts[(i + 1) % texts.length]}` : null,
          cnpj: i % 4 ? `9${String(i).padStart(13, '0')}` : null,
          status: i % 2 ? 'active' : 'disabled',
          previousStatus: i % 2 ? null : 'active',
          size: i % 3 ? 'ME' : null,
          type: i % 3 ? 'private_limited' : null,
          address:
            i % 2
              ? {
                  zipCode: '01310100',
                  street: `Av. Paulista "${i}" \\ ${texts[i % texts.length]}`,
                  number: String(i),
                  ...(i % 4 ? {} : { complement: 'sala 🧾' }),
                  neighborhood: 'Bela Vista',
                  city: 'São Paulo',
                  state: 'SP',
                }
              : null,
          mainActivity: i % 3 ? '6201501' : null,
          secondaryActivities: i % 3 ? ['6202300', '6209100'] : [],
          trackId: i % 2 ? 'create-company' : null,
          createdAt: new Date(Date.UTC(2031, 0, 1, 23, 59, 59, 999) + i * 1000),
        }),
      );
      if (i % 3 === 1) {
        // Two subscriptions: the newest is the current one.
        await server.db.insert(subscriptions).values([
          {
            companyId: ids[i],
            planId: 'essencial',
            status: 'cancelled',
            priceCents: 100,
            createdAt: new Date(Date.UTC(2031, 0, 1)),
          },
          { companyId: ids[i], planId: 'completo', status: 'active', priceCents: 200, createdAt: new Date(Date.UTC(2031, 0, 2)) },
        ]);
      }
    }
    // Microseconds PostgreSQL keeps and a JavaScript date cannot: .999999 must read .999.
    await server.db.execute(
      sql`update companies set created_at = created_at + interval '999 microseconds' where name like 'JSON %' or name is null`,
    );
    const rows = await server.db.select().from(companies).orderBy(desc(companies.createdAt), asc(companies.id));
    const current = new Map<string, { id: string; planId: string; status: (typeof subscriptions.$inferSelect)['status'] }>();
    for (const row of await server.db.select().from(subscriptions).orderBy(asc(subscriptions.createdAt))) {
      current.set(row.companyId, { id: row.id, planId: row.planId, status: row.status });
    }
    const expected = rows.map((row) => toCompanyDto(row, current.get(row.id) ?? null));
    expect(expected.filter((company) => ids.includes(company.id))).toHaveLength(14);

    const list = async (query: string, token = admin.token) => {
      const response = await fetch(`${server.baseUrl}/api/companies?${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, query).toBe(200);
      expect(response.headers.get('content-type'), query).toMatch(/^application\/json/);
      return response.json();
    };
    const pages = [];
    for (let offset = 0; offset < expected.length + 5; offset += 5) pages.push(await list(`limit=5&offset=${offset}`));
    expect(pages.flatMap((page) => page.data)).toEqual(expected);
    expect(new Set(pages.map((page) => page.total))).toEqual(new Set([expected.length]));
    expect(pages[0].data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.999Z$/);

    const searched = await list(`query=${encodeURIComponent('sao joao')}&limit=100`);
    const wanted = expected.filter((company) => /São João/.test(`${company.name} ${company.alias}`));
    expect(wanted.length).toBeGreaterThan(0);
    expect(searched).toEqual({ data: wanted, total: wanted.length });
    const byCnpj = await list('query=90000000000001');
    expect(byCnpj).toEqual({ data: expected.filter((company) => company.cnpj === '90000000000001'), total: 1 });

    // A customer's own companies, one of them with the hard texts.
    const own = await server.createUser({ companyIds: [ids[1], ownId] });
    expect(await list('limit=100', own.token)).toEqual({
      data: expected.filter((company) => company.id === ids[1] || company.id === ownId),
      total: 2,
    });

    // Whatever time zone the connection runs in (São Paulo's here), a timestamp reads as toISOString writes it.
    const inSaoPaulo = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      return listCompaniesJson(tx, { limit: 100, offset: 0 });
    });
    expect(JSON.parse(inSaoPaulo)).toEqual({ data: expected, total: expected.length });
    expect((await server.db.select().from(companies).where(eq(companies.id, ids[0])))[0].createdAt.getUTCMilliseconds()).toBe(
      999,
    );
  });
});
