import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ roles: ['system-admin'] });
});
afterAll(() => server?.close());

const uniqueEmail = () => `pessoa.${Math.random().toString(36).slice(2, 10)}@empresa.com.br`;

describe('POST /api/users (signup)', () => {
  it('creates the account, stores phone, track and referral, and sets the claims', async () => {
    const email = uniqueEmail();
    const { status, body } = await server.call('/api/users', {
      method: 'POST',
      body: {
        name: '  Maria Souza ',
        email: email.toUpperCase(),
        password: 'segredo123',
        phone: '(11) 98765-4321',
        trackId: 'migrate-company',
        indicatedBy: 'abc123',
      },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      email,
      name: 'Maria Souza',
      phone: '11987654321',
      trackId: 'migrate-company',
      indicatedBy: 'abc123',
      roles: ['company-admin'],
    });
    const token = await server.signIn(email, 'segredo123');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ roles: ['company-admin'], trackId: 'migrate-company' });
    expect(claims.companies).toBeUndefined();
  });

  it('answers the exact messages of docs/rules.md', async () => {
    const { status, body } = await server.call('/api/users', {
      method: 'POST',
      body: { name: 'Ana', email: 'ana@empresa', password: '1234567' },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.fields).toEqual({ email: 'E-mail inválido', password: 'A senha deve conter no mínimo 8 caracteres' });
  });

  it('refuses an e-mail whose ending is longer than 4 letters, and a bad phone', async () => {
    const { body } = await server.call('/api/users', {
      method: 'POST',
      body: { name: 'Ana Lima', email: 'ana@empresa.online', password: 'segredo123', phone: '1234' },
    });
    expect(body.error.fields).toEqual({ email: 'E-mail inválido', phone: 'Celular inválido' });
  });

  it('refuses a taken e-mail with 409 and writes nothing', async () => {
    const email = uniqueEmail();
    const signup = { name: 'Bia Costa', email, password: 'segredo123' };
    expect((await server.call('/api/users', { method: 'POST', body: signup })).status).toBe(201);
    const again = await server.call('/api/users', { method: 'POST', body: signup });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.');
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each([
    ['malformed JSON', '{"email":', 'O corpo da requisição não é um JSON válido.'],
    ['an array', '[]', 'Os dados enviados devem ser um objeto JSON.'],
    ['null', 'null', 'Os dados enviados devem ser um objeto JSON.'],
    ['a string', '"texto"', 'Os dados enviados devem ser um objeto JSON.'],
  ])('answers 400 (never 500) for %s', async (_, raw, message) => {
    const { status, body } = await server.call('/api/users', { method: 'POST', body: raw });
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });

  it('answers 413 for a body over 1 MB', async () => {
    const { status, body } = await server.call('/api/users', {
      method: 'POST',
      body: { name: 'x'.repeat(1_100_000) },
      // The server answers before reading the whole body and drops the connection.
      headers: { connection: 'close' },
    });
    expect(status).toBe(413);
    expect(body.error.code).toBe('payload_too_large');
  });
});

describe('PATCH and DELETE /api/users/{id}', () => {
  it('lets a user edit their own profile, with the domain rules', async () => {
    const user = await server.createUser();
    const ok = await server.call(`/api/users/${user.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { name: 'Nome Novo', phone: '11912345678' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Nome Novo', phone: '11912345678' });
    const bad = await server.call(`/api/users/${user.uid}`, { method: 'PATCH', token: user.token, body: { phone: '12' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ phone: 'Telefone inválido' });
    const empty = await server.call(`/api/users/${user.uid}`, { method: 'PATCH', token: user.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Nada para atualizar.');
  });

  it('refuses changes to someone else’s account, except for the team', async () => {
    const [user, other] = await Promise.all([server.createUser(), server.createUser()]);
    const denied = await server.call(`/api/users/${other.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { name: 'Invasor' },
    });
    expect(denied.status).toBe(403);
    expect((await server.call(`/api/users/${other.uid}`, { method: 'DELETE', token: user.token })).status).toBe(403);
    const [row] = await server.db.select().from(users).where(eq(users.id, other.uid));
    expect(row.name).toBe('Pessoa de Teste');
    const allowed = await server.call(`/api/users/${other.uid}`, {
      method: 'PATCH',
      token: admin.token,
      body: { name: 'Corrigido' },
    });
    expect(allowed.status).toBe(200);
  });

  it('deletes the account from the database and the identity provider', async () => {
    const user = await server.createUser({ companyIds: [await server.createCompany()] });
    const { status } = await server.call(`/api/users/${user.uid}`, { method: 'DELETE', token: user.token });
    expect(status).toBe(200);
    expect(await server.db.select().from(users).where(eq(users.id, user.uid))).toEqual([]);
    expect(await server.identity.findUserByEmail(user.email)).toBeNull();
    expect((await server.call(`/api/users/${user.uid}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });
});
