/**
 * The authentication and tenant middleware on a bare Hono app: a token verified once a request however many route
 * groups match its path, and the company a path names checked before any handler (404 for what cannot be an id, 403
 * for another company).
 */
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { describe, expect, it } from 'vitest';
import type { IdentityService, VerifiedIdentity } from '@server/auth/identity';
import { authenticate, companyInPath } from '@server/auth/middleware';
import { httpErrorOf } from '@server/http/errors';
import type { AppEnv } from '@server/http/types';

const MINE = '0b9f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70';
const THEIRS = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

function provider() {
  const calls: string[] = [];
  const identity = {
    async verifyIdToken(token: string): Promise<VerifiedIdentity> {
      calls.push(token);
      return { uid: 'ana', email: 'ana@demo.test', claims: { companies: [MINE] }, issuedAt: 0, expiresAt: 4_000_000_000 };
    },
  } as unknown as IdentityService;
  return { identity, calls };
}

function app(identity: IdentityService) {
  const first = new Hono<AppEnv>().use('/companies/*', authenticate(identity));
  const second = new Hono<AppEnv>().get(
    '/companies/:id',
    authenticate(identity),
    validator('param', (params: Record<string, string>, c) => ({ id: companyInPath(c, params.id) })),
    (c) => c.json({ id: c.req.valid('param').id }),
  );
  return new Hono<AppEnv>()
    .route('/', first)
    .route('/', second)
    .onError((error, c) => {
      const refusal = httpErrorOf(error);
      if (!refusal) throw error;
      return c.json(refusal.toBody(), refusal.status);
    });
}

const get = (identity: IdentityService, path: string) =>
  app(identity).request(path, { headers: { authorization: 'Bearer token-1' } });

describe('the authentication and tenant middleware', () => {
  it('verifies a token once a request when two route groups match its path', async () => {
    const { identity, calls } = provider();
    const answer = await get(identity, `/companies/${MINE}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: MINE });
    expect(calls).toEqual(['token-1']);
  });

  it('answers 404 for a path id that cannot exist and 403 for another company', async () => {
    const { identity } = provider();
    const bad = await get(identity, '/companies/not-an-id');
    expect(bad.status).toBe(404);
    expect((await bad.json()).error.message).toBe('Empresa não encontrada.');
    const theirs = await get(identity, `/companies/${THEIRS}`);
    expect(theirs.status).toBe(403);
    expect((await theirs.json()).error.message).toBe('Você não tem acesso a esta empresa.');
  });
});
