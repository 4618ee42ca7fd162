import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claims } from '@domain';
import { withDatabaseClaims } from '@server/auth/database-claims';
import type { VerifiedIdentity } from '@server/auth/identity';
import { companyMembers } from '@server/db/schema';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * Claims that disagree with the database heal. Access is read from the database on every request, so the server is
 * right either way; but the browser picks its company from the token's claims, and claims gone stale (a company
 * removed, a database restored, an emulator's accounts mixed up) had it ask for a company it may not see, forever.
 * The server now mirrors the database's claims into the account when a token's differ, so the next token is right.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Claims;

describe('claims that went stale', () => {
  it('are mirrored again from the database when a token carries them; the next token is right', async () => {
    const before = await server.createCompany({ name: 'Empresa Antiga Ltda' });
    const now = await server.createCompany({ name: 'Empresa Atual Ltda' });
    const person = await server.createUser({ companyIds: [before] });
    expect(claimsOf(person.token).companies).toEqual([before]);
    // The database changes behind the claims' back (a restore, a change made elsewhere): no mirror is made.
    await server.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.userId, person.uid), eq(companyMembers.companyId, before)));
    await server.db.insert(companyMembers).values({ companyId: now, userId: person.uid });

    // The stale token still works for what the database allows, and is refused what it no longer does.
    const refused = await server.call(`/api/companies/${before}`, { token: person.token });
    expect(refused.status).toBe(403);
    const mine = await server.call('/api/companies/me', { token: person.token });
    expect(mine.body.data.id).toBe(now);

    const fresh = await server.signIn(person.email, person.password);
    expect(claimsOf(fresh)).toMatchObject({ roles: ['company-admin'], companies: [now], companyId: now });
    expect(server.errors).toEqual([]);
  });

  it('are mirrored again when the database changes under a token already found to agree', async () => {
    const before = await server.createCompany({ name: 'Empresa Concordante Ltda' });
    const now = await server.createCompany({ name: 'Empresa Nova Ltda' });
    const person = await server.createUser({ companyIds: [before] });
    // As in production, behind the verified-token cache: one verified object for the token on every call.
    const verified: VerifiedIdentity = { uid: person.uid, email: person.email, claims: claimsOf(person.token) };
    const mirrored: Claims[] = [];
    const identity = withDatabaseClaims(
      { ...server.identity, verifyIdToken: async () => verified, setClaims: async (_uid, claims) => void mirrored.push(claims) },
      server.db,
      { cacheMs: 0 },
    );
    await identity.verifyIdToken('token');
    await identity.verifyIdToken('token');
    expect(mirrored).toEqual([]);
    await server.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.userId, person.uid), eq(companyMembers.companyId, before)));
    await server.db.insert(companyMembers).values({ companyId: now, userId: person.uid });
    expect((await identity.verifyIdToken('token')).claims.companies).toEqual([now]);
    expect(mirrored).toEqual([expect.objectContaining({ companies: [now], companyId: now })]);
  });

  it('leave claims that agree alone', async () => {
    const company = await server.createCompany();
    const person = await server.createUser({ companyIds: [company] });
    const calls: unknown[] = [];
    const setClaims = server.identity.setClaims.bind(server.identity);
    server.identity.setClaims = async (...args) => {
      calls.push(args);
      return setClaims(...args);
    };
    try {
      for (let i = 0; i < 3; i++)
        expect((await server.call(`/api/companies/${company}`, { token: person.token })).status).toBe(200);
    } finally {
      server.identity.setClaims = setClaims;
    }
    expect(calls).toEqual([]);
  });
});
