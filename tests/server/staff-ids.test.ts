import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '@server/db/schema';
import { seedReferenceData } from '@server/seed/reference';
import type { Fixtures, RouteSpec, SampleRequest } from '../support/route-table';
import { PDF, ROUTES, fixturesFor, routeKey } from '../support/route-table';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * No account id of the accounting team reaches a customer. The Auth emulator accepts unsigned tokens, so an id read
 * from an answer is enough to forge a token as that team member where the emulator is trusted; in production the ids
 * are still nobody's business. The team works on a customer's company in every way it can — status changes with a
 * note, published documents and guides, an invoice request it creates and moves on, a schedule, a rule, a bank
 * import, a Cora connection — and then every route a customer may call (the route table's public, own, person and
 * company routes) is called as that customer: no answer, headers included, may carry a team member's id.
 */

let server: TestServer;
let fixtures: Fixtures;
let team: TestUser;
let otherTeam: TestUser;
let customer: TestUser;
let companyId: string;
/** The invoice request the team moved on. */
let requestId: string;

const CUSTOMER_ACCESS = new Set(['public', 'authenticated', 'person', 'company', 'signed-link']);

async function send(sample: SampleRequest, method: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const init: RequestInit = { method, headers };
  if (sample.form) init.body = sample.form();
  else if (sample.body !== undefined) {
    init.body = JSON.stringify(sample.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(`${server.baseUrl}${sample.path}`, init);
  // Files too: an id may hide in a name or a header as well as in JSON.
  const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
  const head = [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
  return { status: response.status, text: `${head}\n\n${body}` };
}

beforeAll(async () => {
  // The flags are given by e-mail, known once the people exist.
  const coraEmails: string[] = [];
  server = await startTestServer({ coraEmails, security: { rateLimits: { signup: null, leads: null } } });
  await seedReferenceData(server.db);
  companyId = await server.createCompany({ status: 'active', name: 'Cliente Atendido Ltda', mainActivity: '6201501' });
  [team, otherTeam, customer] = await Promise.all([
    server.createUser({ roles: ['system-admin'], name: 'Marina Souza Contadora' }),
    server.createUser({ roles: ['system-admin'], name: 'Rafael Lima' }),
    server.createUser({ companyIds: [companyId], name: 'Cliente Atendido' }),
  ]);
  coraEmails.push(team.email.toLowerCase(), customer.email.toLowerCase());
  fixtures = fixturesFor(server, team);
  const asTeam = (path: string, init: { method?: string; body?: unknown } = {}) =>
    server.call(path, { ...init, token: team.token });

  // The team works on the company in every way that leaves its name behind.
  expect(
    (await asTeam(`/api/companies/${companyId}/status/overdue`, { method: 'PUT', body: { note: 'Em atraso.' } })).status,
  ).toBe(200);
  expect((await asTeam(`/api/companies/${companyId}/status/active`, { method: 'PUT', body: {} })).status).toBe(200);
  await fixtures.document(companyId);
  const { token: guide } = await fixtures.uploadToken(companyId, team, 'das.pdf', PDF);
  expect(
    (
      await asTeam(`/api/documents/publish?companyId=${companyId}`, {
        method: 'POST',
        body: { uploadToken: guide, type: 'guia_das', dueDate: '2026-05-20', amountCents: 7890 },
      })
    ).status,
  ).toBe(201);
  requestId = await fixtures.nfsRequest(companyId);
  const moved = await server.call(`/api/nfs/requests/${requestId}/status/processing`, {
    method: 'PUT',
    token: otherTeam.token,
    body: {},
  });
  expect(moved.status).toBe(200);
  await fixtures.schedule(companyId);
  await fixtures.rule(companyId);
  await fixtures.bankAccount(companyId);
  await fixtures.coraConnection(companyId);
  // A document a team member stored without saying the team published it (as the demo seed's invoices once did):
  // who uploaded it is still the team, whatever flag the writer forgot.
  await server.db.insert(documents).values({
    companyId,
    type: 'nota_fiscal',
    name: 'NFS-e sem publicador.pdf',
    contentType: 'application/pdf',
    size: 10,
    storageKey: `${companyId}/sem-publicador.pdf`,
    uploadedBy: otherTeam.uid,
  });
});
afterAll(async () => {
  await server?.close();
});

const customerRoutes = ROUTES.filter((route) => CUSTOMER_ACCESS.has(route.access));
const sampleFor = (route: RouteSpec) => route.sample({ server, caller: customer, team, companyId, person: customer, fixtures });

describe("the team's account ids never reach a customer", () => {
  it("the team's own answers do name who made each change (so the walk below looks for something real)", async () => {
    const history = await server.call(`/api/companies/${companyId}/status-history`, { token: team.token });
    expect(JSON.stringify(history.body)).toContain(team.uid);
  });

  it.each(customerRoutes.map((route) => [routeKey(route), route] as const))(
    '%s answers the customer without a team id',
    async (_, route) => {
      const sample = await sampleFor(route);
      const answer = await send(sample, route.method, customer.token);
      expect(answer.status, `${sample.path}: ${answer.text.slice(0, 500)}`).toBeLessThan(500);
      for (const uid of [team.uid, otherTeam.uid]) {
        expect(answer.text.includes(uid), `${sample.path} carries a team id: ${answer.text.slice(0, 2000)}`).toBe(false);
      }
    },
  );

  it('the status history says the team made a change, by name of the team, never by account', async () => {
    const history = await server.call(`/api/companies/${companyId}/status-history`, { token: customer.token });
    expect(history.status).toBe(200);
    const overdue = history.body.data.find((change: { toStatus: string }) => change.toStatus === 'overdue');
    expect(overdue.changedBy).toEqual({ name: 'Equipe contábil', team: true });
    expect(overdue.note).toBe('Em atraso.');
  });

  it("an invoice request's history names the team too; the team itself still sees who it was", async () => {
    const id = requestId;
    const seen = await server.call(`/api/nfs/requests/${id}`, { token: customer.token });
    const processing = seen.body.data.history.find((change: { toStatus: string }) => change.toStatus === 'processing');
    expect(processing.changedBy).toEqual({ name: 'Equipe contábil', team: true });
    const asTeam = await server.call(`/api/nfs/requests/${id}`, { token: team.token });
    const teamView = asTeam.body.data.history.find((change: { toStatus: string }) => change.toStatus === 'processing');
    expect(teamView.changedBy).toEqual({ id: otherTeam.uid, name: 'Rafael Lima', team: true });
  });

  it('a document the team published says so without naming the account', async () => {
    const list = await server.call(`/api/documents?companyId=${companyId}`, { token: customer.token });
    const published = list.body.data.filter((document: { publishedByTeam: boolean }) => document.publishedByTeam);
    expect(published.length).toBeGreaterThan(0);
    for (const document of published) {
      expect(document.publishedBy).toBeNull();
      expect(document.uploadedBy).toBeNull();
    }
  });

  it("a document a team member uploaded hides the member's account even when nobody marked it published", async () => {
    const list = await server.call(`/api/documents?companyId=${companyId}`, { token: customer.token });
    const stored = list.body.data.find((document: { name: string }) => document.name === 'NFS-e sem publicador.pdf');
    expect(stored).toMatchObject({ uploadedBy: null, publishedBy: null });
    const asTeam = await server.call(`/api/documents?companyId=${companyId}`, { token: team.token });
    const teamView = asTeam.body.data.find((document: { name: string }) => document.name === 'NFS-e sem publicador.pdf');
    expect(teamView.uploadedBy).toBe(otherTeam.uid);
  });

  it("a customer's own upload keeps the customer's id", async () => {
    const form = new FormData();
    form.set('file', new File([PDF as Uint8Array<ArrayBuffer>], 'extrato.pdf'));
    form.set('type', 'outros');
    const uploaded = await fetch(`${server.baseUrl}/api/documents?companyId=${companyId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const list = await server.call(`/api/documents?companyId=${companyId}`, { token: customer.token });
    const own = list.body.data.filter((document: { uploadedBy: string | null }) => document.uploadedBy === customer.uid);
    expect(own.length).toBeGreaterThan(0);
  });
});
