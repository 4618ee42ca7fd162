import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('admin-only user reads (spec §6)', () => {
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
