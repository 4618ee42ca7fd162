import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cnaes,
  companies,
  documents,
  meiOccupations,
  municipalities,
  obligationReminders,
  outboxMessages,
  states,
  users,
} from '@server/db/schema';
import { claimsOfUser } from '@server/db/users';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from '@server/seed/demo';
import { seedReferenceData } from '@server/seed/reference';
import { createLocalStorage } from '@server/services/storage';
import type { TestServer } from '../support/server';
import { engine, startTestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('reference data', () => {
  it('loads CNAE 2.3, MEI occupations, states and municipalities once', async () => {
    expect(await seedReferenceData(server.db)).toBe(true);
    expect(await seedReferenceData(server.db)).toBe(false);
    const [[c], [m], [s], [o], [mei]] = await Promise.all([
      server.db.select({ n: count() }).from(cnaes),
      server.db.select({ n: count() }).from(municipalities),
      server.db.select({ n: count() }).from(states),
      server.db.select({ n: count() }).from(meiOccupations),
      server.db.select({ n: count() }).from(cnaes).where(eq(cnaes.isAllowedMei, true)),
    ]);
    expect([c.n, m.n, s.n, o.n, mei.n]).toEqual([1331, 5571, 27, 466, 349]);
    const [hairdresser] = await server.db.select().from(cnaes).where(eq(cnaes.code, '9602501'));
    expect(hairdresser).toMatchObject({ formatted: '9602-5/01', sectionCode: 'S', isAllowedMei: true });
  });
});

describe(`demo data (${engine})`, () => {
  it('seeds the demo logins and companies into an empty database', async () => {
    expect(await isDatabaseEmpty(server.db)).toBe(true);
    // With somewhere to keep files, as `npm start` seeds: the documents and the invoices' PDFs too.
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'contabil-seed-')));
    await seedDemoData(server.db, server.identity, { storage });
    expect(await isDatabaseEmpty(server.db)).toBe(false);
    const [{ n }] = await server.db.select({ n: count() }).from(companies);
    expect(n).toBeGreaterThan(25);

    const token = await server.signIn('cliente@demo.test', DEMO_PASSWORD);
    const me = await server.call('/api/companies/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ alias: 'Mendes Tech', status: 'active', currentSubscription: { status: 'active' } });
    const steps = await server.call(`/api/companies/${me.body.data.id}/steps`, { token });
    expect(steps.body.data.status).toBe('done');

    // Invoices in every status over the last twelve months; the MEI photography business past 80 % of its limit in
    // the year it opened (this one, or last year early in the year).
    const year = new Date().getUTCFullYear();
    const billingOf = async (companyId: string, y: number) =>
      (await server.call(`/api/reports/anual-billing-by-company?companyId=${companyId}&year=${y}`, { token })).body.data;
    const billing = [await billingOf(me.body.data.id, year), await billingOf(me.body.data.id, year - 1)];
    expect(billing[0].totalCents + billing[1].totalCents).toBeGreaterThan(0);
    expect(billing[0].mei).toBeNull();
    const mine = await server.call('/api/companies', { token });
    const photography = mine.body.data.find((c: { alias: string }) => c.alias === 'Carlos Mendes Fotografia');
    const meiBilling = [await billingOf(photography.id, year), await billingOf(photography.id, year - 1)];
    expect(meiBilling.map((b) => b.mei?.level)).toContain('attention');
    const requests = await server.call(`/api/nfs/requests?companyId=${me.body.data.id}&limit=100`, { token });
    expect(new Set(requests.body.data.map((r: { status: string }) => r.status))).toEqual(
      new Set(['issued', 'processing', 'requested', 'rejected']),
    );
    // Three months of an Itaú account, imported from OFX: most movements categorised, some left to do.
    const accounts = await server.call(`/api/bank-statements/accounts?companyId=${me.body.data.id}`, { token });
    expect(accounts.body.data).toEqual([
      expect.objectContaining({ bankName: 'Itaú', accountNumber: '45873-2', kind: 'checking', transactionCount: 48 }),
    ]);
    const { uncategorizedCount, transactionCount } = accounts.body.data[0];
    expect(uncategorizedCount).toBeGreaterThan(0);
    expect(uncategorizedCount).toBeLessThan(transactionCount / 2);

    const newcomer = await server.signIn('novo@demo.test', DEMO_PASSWORD);
    const track = await server.call('/api/companies/me', { token: newcomer });
    expect(track.body.data).toMatchObject({ status: 'pending', trackId: 'create-company' });

    const adminToken = await server.signIn('admin@demo.test', DEMO_PASSWORD);
    const list = await server.call('/api/companies', { token: adminToken });
    expect(list.body.total).toBe(n);
    const [adminRow] = await server.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    expect(await claimsOfUser(server.db, adminRow.id)).toEqual({ roles: ['system-admin'] });

    // What the team stored for a customer is marked the team's, so the customer's screens say "Equipe contábil"; and
    // the demo customer's documents never carry the team's account.
    const unmarked = await server.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.uploadedBy, adminRow.id), isNull(documents.publishedBy), isNotNull(documents.companyId)));
    expect(unmarked[0].n).toBe(0);
    const theirs = await server.call(`/api/documents?companyId=${me.body.data.id}&limit=100`, { token });
    expect(theirs.body.total).toBeGreaterThan(0);
    expect(JSON.stringify(theirs.body)).not.toContain(adminRow.id);

    // The team's user list has more than a page, and a company with two members.
    const people = await server.call('/api/admin/users?limit=10', { token: adminToken });
    expect(people.body.total).toBeGreaterThan(10);
    const silva = await server.call('/api/companies?query=Irm%C3%A3os%20Silva', { token: adminToken });
    const members = await server.call(`/api/admin/users?companyId=${silva.body.data[0].id}`, { token: adminToken });
    expect(members.body.data.map((u: { name: string }) => u.name).sort()).toEqual(['Paulo Silva', 'Sérgio Silva']);

    // The reminders of the last guides, as the runner sent them: to the MEI and to Mendes Tech, the late one too.
    const reminders = await server.db
      .select({ to: outboxMessages.toAddress, subject: outboxMessages.subject })
      .from(outboxMessages)
      .innerJoin(obligationReminders, eq(obligationReminders.outboxMessageId, outboxMessages.id));
    const subjects = (to: string) => reminders.filter((r) => r.to === to).map((r) => r.subject);
    expect(subjects('mei@demo.test').filter((s) => s.startsWith('DAS-MEI de ') && s.includes(': vence em '))).toHaveLength(3);
    expect(subjects('mei@demo.test').filter((s) => s.includes(' em atraso: venceu em '))).toHaveLength(1);
    expect(subjects('cliente@demo.test').filter((s) => s.startsWith('DAS de ')).length).toBeGreaterThan(0);
  });
});

/**
 * The demo seeded on other days (literal oracles): the 1st to the 4th of a month, before the schedule's 5th, left no
 * request of Mendes Tech being issued (the run of 2026-12-01 found it); seeding by calendar month of this year left
 * January and early February with nothing issued and the MEI photography business with no invoices.
 */
const DAYS = [
  // now, the schedule's month being issued, the first month it issued, the year with invoices, the MEI's warning year
  { now: '2026-12-02T15:00:00Z', processing: '2026-11', first: '2026-01', billed: 2026, warned: 2026 },
  { now: '2027-01-03T15:00:00Z', processing: '2026-12', first: '2026-02', billed: 2026, warned: 2026 },
  { now: '2027-02-10T15:00:00Z', processing: '2027-02', first: '2026-03', billed: 2027, warned: 2026 },
  { now: '2027-06-20T15:00:00Z', processing: '2027-06', first: '2026-07', billed: 2027, warned: 2027 },
];

describe.each(DAYS)(`demo data seeded on $now (${engine})`, ({ now, processing, first, billed, warned }) => {
  it('shows the customer an invoice request in every status, a year of them, and the MEI near its limit', async () => {
    const other = await startTestServer();
    try {
      await seedDemoData(other.db, other.identity, { now: new Date(now) });
      const token = await other.signIn('cliente@demo.test', DEMO_PASSWORD);
      const me = await other.call('/api/companies/me', { token });
      const requests = await other.call(`/api/nfs/requests?companyId=${me.body.data.id}&limit=100`, { token });
      expect(new Set(requests.body.data.map((r: { status: string }) => r.status))).toEqual(
        new Set(['issued', 'processing', 'requested', 'rejected']),
      );
      // The schedule's last month whose 5th has come is the one still being issued, after eleven issued.
      const scheduled = requests.body.data.filter((r: { scheduleId: string | null }) => r.scheduleId);
      expect(scheduled.find((r: { status: string }) => r.status === 'processing')).toMatchObject({ competence: processing });
      expect(scheduled.map((r: { competence: string }) => r.competence).sort()[0]).toBe(first);
      expect(scheduled.every((r: { competence: string }) => r.competence <= processing)).toBe(true);
      // No request was made after the day it was seeded on.
      expect(requests.body.data.every((r: { createdAt: string }) => r.createdAt < now)).toBe(true);

      const billing = await other.call(`/api/reports/anual-billing-by-company?companyId=${me.body.data.id}&year=${billed}`, {
        token,
      });
      expect(billing.body.data.totalCents).toBeGreaterThan(0);
      const mine = await other.call('/api/companies', { token });
      const photography = mine.body.data.find((c: { alias: string }) => c.alias === 'Carlos Mendes Fotografia');
      const meiBilling = await other.call(`/api/reports/anual-billing-by-company?companyId=${photography.id}&year=${warned}`, {
        token,
      });
      expect(meiBilling.body.data.mei.level).toBe('attention');
    } finally {
      await other.close();
    }
  });
});
