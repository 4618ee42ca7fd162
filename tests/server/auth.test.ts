import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser({ companyIds: [await server.createCompany()] });
});
afterAll(() => server?.close());

/** An emulator token with its payload changed (the emulator signs nothing, so only the claims are checked). */
function withPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
  change(decoded);
  return [header, Buffer.from(JSON.stringify(decoded)).toString('base64url'), signature].join('.');
}

describe('authentication', () => {
  it('accepts a valid emulator ID token', async () => {
    expect((await server.call('/api/companies/me', { token: user.token })).status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a malformed header', 'Token abc'],
  ])('is 401 with %s', async (_, header) => {
    const { status, body } = await server.call('/api/companies', { headers: header ? { authorization: header } : {} });
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });

  it('is 401 for a token that is not a JWT', async () => {
    const { status, body } = await server.call('/api/companies', { token: 'not-a-token' });
    expect(status).toBe(401);
    expect(body.error.message).toBe('Sua sessão expirou ou é inválida. Entre novamente.');
  });

  it('is 401 for an expired token', async () => {
    const expired = withPayload(user.token, (p) => {
      p.iat = Math.floor(Date.now() / 1000) - 7200;
      p.exp = Math.floor(Date.now() / 1000) - 3600;
    });
    expect((await server.call('/api/companies', { token: expired })).status).toBe(401);
  });

  it('is 401 for a token of another Firebase project', async () => {
    const foreign = withPayload(user.token, (p) => {
      p.aud = 'another-project';
      p.iss = 'https://securetoken.google.com/another-project';
    });
    expect((await server.call('/api/companies', { token: foreign })).status).toBe(401);
  });

  it('reads roles and companies from the custom claims', () => {
    expect(user.claims).toMatchObject({
      roles: ['company-admin'],
      companies: [expect.any(String)],
      companyId: expect.any(String),
    });
  });
});
