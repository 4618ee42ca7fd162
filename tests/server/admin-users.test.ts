import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, seedDemoUsers } from '@server/seed/demo-users';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  companyId = await server.createCompany();
  [admin, customer] = await Promise.all([
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ companyIds: [companyId] }),
  ]);
  await server.createUser();
});
afterAll(() => server?.close());

describe('admin-only user reads (docs/security.md)', () => {
  it('answers 403 to a customer and 401 without a token', async () => {
    for (const path of ['/api/admin/users', `/api/admin/users/${customer.uid}`]) {
      const denied = await server.call(path, { token: customer.token });
      expect(denied.status).toBe(403);
      expect(denied.body.error.message).toBe('Acesso restrito à equipe contábil.');
      expect((await server.call(path)).status).toBe(401);
    }
  });

  it('lists users newest first with their companies, 10 per page by default', async () => {
    const { status, body } = await server.call('/api/admin/users', { token: admin.token });
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.data).toHaveLength(3);
    expect(body.data.find((u: { id: string }) => u.id === customer.uid)).toMatchObject({
      roles: ['company-admin'],
      companyIds: [companyId],
    });
  });

  it('filters by company and refuses a malformed company id in Portuguese', async () => {
    const { body } = await server.call(`/api/admin/users?companyId=${companyId}`, { token: admin.token });
    expect(body).toMatchObject({ total: 1, data: [{ id: customer.uid }] });
    const bad = await server.call('/api/admin/users?companyId=123', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ companyId: 'Empresa inválida.' });
  });

  it('reads one user, or 404', async () => {
    const { body } = await server.call(`/api/admin/users/${customer.uid}`, { token: admin.token });
    expect(body.data).toMatchObject({ id: customer.uid, email: customer.email, companyIds: [companyId] });
    const missing = await server.call('/api/admin/users/nobody', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Usuário não encontrado.');
  });
});

/** What the person does with the link the team hands over: choose a password (the provider's reset page). */
async function choosePassword(link: string, newPassword: string) {
  const oobCode = new URL(link).searchParams.get('oobCode');
  expect(oobCode).toBeTruthy();
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=test`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ oobCode, newPassword }) },
  );
  expect(response.status).toBe(200);
}

describe('POST /api/admin/users', () => {
  it('creates a customer of one company: they choose a password with the link and see only that company', async () => {
    const ownCompany = await server.createCompany({ name: 'Padaria Nova Ltda', alias: 'Padaria Nova' });
    const email = `novo.${Date.now()}@padaria.com.br`;
    const { status, body } = await server.call('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { email: email.toUpperCase(), name: 'Rita Nogueira', phone: '(31) 98888-7777', companyId: ownCompany },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      email,
      name: 'Rita Nogueira',
      phone: '31988887777',
      roles: ['company-admin'],
      companyIds: [ownCompany],
      companies: [{ id: ownCompany, alias: 'Padaria Nova', status: 'active' }],
    });
    expect(body.data.passwordLink).toMatch(/^http/);

    await choosePassword(body.data.passwordLink, 'senha-da-rita-1');
    const token = await server.signIn(email, 'senha-da-rita-1');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ roles: ['company-admin'], companies: [ownCompany], companyId: ownCompany });

    const list = await server.call('/api/companies', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([ownCompany]);
    const me = await server.call('/api/companies/me', { token });
    expect(me.body.data.id).toBe(ownCompany);
    expect((await server.call(`/api/companies/${companyId}`, { token })).status).toBe(403);
    expect((await server.call('/api/admin/users', { token })).status).toBe(403);

    const detail = await server.call(`/api/admin/users/${body.data.id}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({ id: body.data.id, companyIds: [ownCompany], account: { disabled: false } });
    expect(detail.body.data.account.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('creates a team member without a company', async () => {
    const { status, body } = await server.call('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { email: `equipe.${Date.now()}@contabil.com.br`, name: 'Bruno Contador', roles: ['system-admin'] },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ roles: ['system-admin'], companyIds: [], phone: null });
    const detail = await server.call(`/api/admin/users/${body.data.id}`, { token: admin.token });
    // The sign-in account exists, enabled (people recorded without a login answer null).
    expect(detail.body.data.account).toMatchObject({ disabled: false });
  });

  it('answers the spec’s messages: "Celular inválido", "E-mail inválido", and the name', async () => {
    const { status, body } = await server.call('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { email: 'sem-arroba', name: '', phone: '3199999999' },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ email: 'E-mail inválido', name: 'Informe seu nome.', phone: 'Celular inválido' });
    const letters = await server.call('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { email: 'a@b.com.br', name: 'Ana Lima', phone: 'abcdefghijkl' },
    });
    expect(letters.body.error.fields).toEqual({ phone: 'Celular inválido' });
  });

  it('refuses a bad role, an unknown or malformed company, a company for the team, and a taken e-mail', async () => {
    const base = { email: `x.${Date.now()}@empresa.com.br`, name: 'Pessoa Nova' };
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [{ ...base, roles: ['dono'] }, 400, { 'roles.0': 'Perfil inválido.' }],
      [{ ...base, roles: [] }, 400, { roles: 'Escolha ao menos um perfil.' }],
      [{ ...base, companyId: 'abc' }, 400, { companyId: 'Empresa inválida.' }],
      [{ ...base, companyId: '6f1c2a8e-3b7d-4c1a-9e2f-0a1b2c3d4e5f' }, 400, { companyId: 'Empresa não encontrada.' }],
      [
        { ...base, roles: ['system-admin'], companyId },
        400,
        { companyId: 'Só clientes são vinculados a uma empresa: deixe a empresa em branco para a equipe contábil.' },
      ],
      [{ ...base, email: customer.email }, 409, undefined],
    ];
    for (const [body, status, fields] of cases) {
      const answer = await server.call('/api/admin/users', { method: 'POST', token: admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (fields) expect(answer.body.error.fields).toEqual(fields);
      else expect(answer.body.error.message).toBe('Já existe uma conta com este e-mail.');
    }
    // Nothing of the refused ones was created, here or at the identity provider.
    expect(await server.identity.findUserByEmail(base.email)).toBeNull();
  });

  it('answers 403 to a customer and 401 without a token, and creates nothing', async () => {
    const email = `intruso.${Date.now()}@empresa.com.br`;
    const body = { email, name: 'Intruso', companyId };
    const denied = await server.call('/api/admin/users', { method: 'POST', token: customer.token, body });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Acesso restrito à equipe contábil.');
    expect((await server.call('/api/admin/users', { method: 'POST', body })).status).toBe(401);
    expect(await server.identity.findUserByEmail(email)).toBeNull();
  });
});

describe('GET /api/admin/users: search', () => {
  it('finds people by part of the name (accents ignored) or of the e-mail', async () => {
    await server.call('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { email: `joao.${Date.now()}@serralheria.com.br`, name: 'João Araújo' },
    });
    const byName = await server.call('/api/admin/users?q=araujo', { token: admin.token });
    expect(byName.body).toMatchObject({ total: 1, data: [{ name: 'João Araújo' }] });
    const byEmail = await server.call('/api/admin/users?q=SERRALHERIA', { token: admin.token });
    expect(byEmail.body.total).toBe(1);
    const none = await server.call('/api/admin/users?q=%25', { token: admin.token });
    expect(none.body.total).toBe(0);
    const page = await server.call('/api/admin/users?limit=1&offset=1', { token: admin.token });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBeGreaterThan(3);
  });
});

describe('the demo people (server/seed/demo-users.ts)', () => {
  it('adds team members and customers of the demo companies, without logins, that the team can read and correct', async () => {
    const aliases = [...new Set(DEMO_PEOPLE.flatMap((person) => person.companies))];
    const companyIds = new Map<string, string>();
    for (const alias of aliases) companyIds.set(alias, await server.createCompany({ name: `${alias} Ltda`, alias }));
    await server.db.transaction((tx) => seedDemoUsers(tx, { companyIds, now: new Date() }));

    const silva = await server.call(`/api/admin/users?companyId=${companyIds.get('Irmãos Silva')}`, { token: admin.token });
    expect(silva.body.total).toBe(2);
    expect(silva.body.data.map((u: { name: string }) => u.name).sort()).toEqual(['Paulo Silva', 'Sérgio Silva']);
    const team = await server.call('/api/admin/users?q=Leticia', { token: admin.token });
    expect(team.body.data).toMatchObject([{ name: 'Letícia Prado', roles: ['system-admin'], companyIds: [] }]);

    // No sign-in account: the detail says so, and a correction still works.
    const detail = await server.call('/api/admin/users/demo-user-marina-costa', { token: admin.token });
    expect(detail.body.data).toMatchObject({ account: null, companies: [{ alias: 'Marina Fotografia' }] });
    const fixed = await server.call('/api/users/demo-user-marina-costa', {
      method: 'PATCH',
      token: admin.token,
      body: { name: 'Marina Costa Lima' },
    });
    expect(fixed.status).toBe(200);
  });
});
