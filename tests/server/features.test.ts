import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let admin: TestUser;
let otherAdmin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  const panel: string[] = [];
  const cora: string[] = [];
  server = await startTestServer({ panelEmails: panel, coraEmails: cora });
  const companyId = await server.createCompany({ status: 'active' });
  [admin, otherAdmin, customer] = await Promise.all([
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ companyIds: [companyId] }),
  ]);
  panel.push(admin.email.toLowerCase());
  cora.push(customer.email.toLowerCase());
});
afterAll(() => server?.close());

describe('feature flags by account (docs/security.md)', () => {
  it('give each person their own flags', async () => {
    expect((await server.call('/api/features', { token: admin.token })).body.data).toEqual({ cora: false, panel: true });
    expect((await server.call('/api/features', { token: otherAdmin.token })).body.data).toEqual({ cora: false, panel: false });
    expect((await server.call('/api/features', { token: customer.token })).body.data).toEqual({ cora: true, panel: false });
  });

  it('open the feature panel only to the listed admin', async () => {
    const panel = await server.call('/api/features/audiences', { token: admin.token });
    expect(panel.status).toBe(200);
    expect(panel.body.data).toMatchObject({ source: 'config', audiences: { cora: [customer.email.toLowerCase()] } });
    const refused = await server.call('/api/features/audiences', { token: otherAdmin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('O painel de recursos não está disponível para sua conta.');
    expect((await server.call('/api/features/audiences')).status).toBe(401);
  });
});
