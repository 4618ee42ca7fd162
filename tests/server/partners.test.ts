import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claims } from '@domain';
import { newTrack } from '@domain';
import { startTrack } from '@server/db/companies';
import { companySteps, users } from '@server/db/schema';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const attribute = (token: string, body: unknown, partner = 'duca') =>
  server.call(`/api/partners/${partner}/attribution`, { method: 'POST', token, body });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Claims;
const userRow = async (uid: string) => (await server.db.select().from(users).where(eq(users.id, uid)))[0];

async function companyOnTrack(status: 'pending' | 'active', trackId: 'create-company' | 'migrate-company') {
  const companyId = await server.createCompany({ status });
  await startTrack(server.db, companyId, newTrack(trackId));
  return companyId;
}

describe('POST /partners/duca/attribution', () => {
  it('asks for a session, a known partner and a track', async () => {
    expect((await server.call('/api/partners/duca/attribution', { method: 'POST', body: {} })).status).toBe(401);
    const person = await server.createUser();
    const unknown = await attribute(person.token, { trackId: 'create-company' }, 'acme');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Parceiro não encontrado.');
    const noTrack = await attribute(person.token, { trackId: 'abrir' });
    expect(noTrack.status).toBe(400);
    expect(noTrack.body.error.fields).toEqual({ trackId: 'Escolha entre abrir uma empresa ou trocar de contador.' });
    expect((await userRow(person.uid)).partnerId).toBeNull();
  });

  it('credits Duca to someone without a company and keeps the chosen track on them, in their claims too', async () => {
    const person = await server.createUser();
    const { status, body } = await attribute(person.token, { trackId: 'migrate-company' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      partnerId: 'duca',
      partnerName: 'Duca',
      trackId: 'migrate-company',
      companyId: null,
      next: '/app/wizard/company-migration',
    });
    const row = await userRow(person.uid);
    expect(row).toMatchObject({ partnerId: 'duca', trackId: 'migrate-company' });
    expect(row.partnerAttributedAt?.toISOString()).toBe(body.data.partnerAttributedAt);
    // The guards send a person without a company to the track of their claims.
    expect(claimsOf(await server.signIn(person.email, person.password)).trackId).toBe('migrate-company');

    // Confirming again (another track) keeps the first attribution's date.
    const again = await attribute(person.token, { trackId: 'create-company' });
    expect(again.body.data.partnerAttributedAt).toBe(body.data.partnerAttributedAt);
    expect(again.body.data.next).toBe('/app/wizard/company-opening');
    const read = await server.call('/api/partners/duca/attribution', { token: person.token });
    expect(read.body.data).toEqual({ partnerId: 'duca', partnerAttributedAt: body.data.partnerAttributedAt });
  });

  it('moves a company that has not started to the chosen track, and refuses once a step is done', async () => {
    const companyId = await companyOnTrack('pending', 'create-company');
    const person = await server.createUser({ companyIds: [companyId] });
    const moved = await attribute(person.token, { trackId: 'migrate-company' });
    expect(moved.body.data).toMatchObject({ companyId, trackId: 'migrate-company', next: '/app/wizard/company-migration' });
    const steps = await server.call(`/api/companies/${companyId}/steps`, { token: person.token });
    expect(steps.body.data.trackId).toBe('migrate-company');

    await server.db
      .update(companySteps)
      .set({ status: 'done' })
      .where(and(eq(companySteps.companyId, companyId), eq(companySteps.stepId, 'pre-registration')));
    const refused = await attribute(person.token, { trackId: 'create-company' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Sua empresa já está na troca de contador: continue por lá. Para mudar, fale com a nossa equipe.',
    );
    expect((await server.call(`/api/companies/${companyId}/steps`, { token: person.token })).body.data.trackId).toBe(
      'migrate-company',
    );
    // The same track is fine: the attribution is what is recorded.
    expect((await attribute(person.token, { trackId: 'migrate-company' })).status).toBe(200);
  });

  it('only credits the partner for a company already operating, which goes on to the panel', async () => {
    const companyId = await companyOnTrack('active', 'create-company');
    const person = await server.createUser({ companyIds: [companyId] });
    const { body } = await attribute(person.token, { trackId: 'migrate-company' });
    expect(body.data).toMatchObject({ partnerId: 'duca', companyId, trackId: 'create-company', next: '/app/panel' });
    expect((await server.call(`/api/companies/${companyId}/steps`, { token: person.token })).body.data.trackId).toBe(
      'create-company',
    );
  });

  it('does not take a customer another partner brought', async () => {
    const person = await server.createUser();
    await server.db.update(users).set({ partnerId: 'outro', partnerAttributedAt: new Date() }).where(eq(users.id, person.uid));
    const refused = await attribute(person.token, { trackId: 'create-company' });
    expect(refused.status).toBe(409);
    expect((await userRow(person.uid)).partnerId).toBe('outro');
  });
});
