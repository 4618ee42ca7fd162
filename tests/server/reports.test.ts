import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfsRequestStatus } from '@domain';
import { MEI_LIMIT_TEXT, saoPauloDate } from '@domain';
import { companyStatusChanges, nfsRequestStatusChanges, nfsRequests, nfsSchedules } from '@server/db/schema';
import { runDueSchedules } from '@server/services/nfs-scheduler';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let customer: TestUser;
let otherCustomer: TestUser;
let admin: TestUser;
/** A MEI opened (first made active) on 15 March 2025. */
let meiId: string;
/** A MEI with no activation on record, registered on 30 November 2025 (São Paulo). */
let newMeiId: string;
/** Not a MEI. */
let meId: string;
let foreignId: string;

/** A moment in São Paulo (UTC-3). */
const sp = (localDateTime: string) => new Date(`${localDateTime}-03:00`);
const url = (companyId: string, year?: string | number) =>
  `/api/reports/anual-billing-by-company?companyId=${companyId}${year === undefined ? '' : `&year=${year}`}`;

/** Moves a request on as the team would, leaving the status change behind it. */
async function setStatus(id: string, from: NfsRequestStatus, to: NfsRequestStatus) {
  await server.db.update(nfsRequests).set({ status: to }).where(eq(nfsRequests.id, id));
  await server.db.insert(nfsRequestStatusChanges).values({ requestId: id, fromStatus: from, toStatus: to });
}

/** A request the customer typed, moved through the given statuses. */
async function manualRequest(companyId: string, competence: string, totalCents: number, path: NfsRequestStatus[]) {
  const [row] = await server.db
    .insert(nfsRequests)
    .values({
      companyId,
      emissionType: 'cpf',
      customerDocument: '43894494352',
      customerName: 'Juliana Rocha',
      description: 'Consultoria de marketing digital.',
      competence,
      totalCents,
    })
    .returning({ id: nfsRequests.id });
  await server.db.insert(nfsRequestStatusChanges).values({ requestId: row.id, toStatus: 'requested' });
  let from: NfsRequestStatus = 'requested';
  for (const to of path) {
    await setStatus(row.id, from, to);
    from = to;
  }
}

beforeAll(async () => {
  server = await startTestServer();
  meiId = await server.createCompany({ name: 'Juliana Rocha Marketing', size: 'MEI', createdAt: sp('2024-06-01T10:00:00') });
  newMeiId = await server.createCompany({ name: 'Doces da Vó Ltda', size: 'MEI', createdAt: new Date('2025-12-01T01:00:00Z') });
  meId = await server.createCompany({ name: 'Estúdio Traço Fino Ltda', size: 'ME', createdAt: sp('2020-01-10T10:00:00') });
  foreignId = await server.createCompany({ name: 'Clínica Sorriso Pleno Ltda', size: 'MEI' });
  // Active in March, disabled for a while, active again in August: it opened in March.
  await server.db.insert(companyStatusChanges).values([
    { companyId: meiId, toStatus: 'pending', changedAt: sp('2024-06-01T10:00:00') },
    { companyId: meiId, fromStatus: 'opening', toStatus: 'active', changedAt: sp('2025-03-15T10:00:00') },
    { companyId: meiId, fromStatus: 'active', toStatus: 'disabled', changedAt: sp('2025-06-01T10:00:00') },
    { companyId: meiId, fromStatus: 'disabled', toStatus: 'active', changedAt: sp('2025-08-01T10:00:00') },
  ]);

  // A monthly R$ 5.000,00 invoice from April to December 2025, made by the schedule.
  const [schedule] = await server.db
    .insert(nfsSchedules)
    .values({
      companyId: meiId,
      emissionType: 'cnpj',
      customerDocument: '27494746000155',
      customerName: 'Padaria Pão Dourado Ltda',
      description: 'Gestão das redes sociais.',
      totalCents: 500_000,
      dayOfMonth: 5,
      createdAt: sp('2025-03-20T10:00:00'),
      activeSince: sp('2025-03-20T10:00:00'),
    })
    .returning();
  for (let month = 4; month <= 12; month++) {
    // Twice a month: the second run finds the month done.
    await runDueSchedules(server.db, sp(`2025-${String(month).padStart(2, '0')}-06T09:00:00`));
    await runDueSchedules(server.db, sp(`2025-${String(month).padStart(2, '0')}-20T09:00:00`));
  }
  const scheduled = await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, schedule.id));
  expect(scheduled).toHaveLength(9);
  const byMonth = new Map(scheduled.map((request) => [request.competence, request.id]));
  for (const month of ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-10', '2025-11']) {
    await setStatus(byMonth.get(month)!, 'requested', 'processing');
    await setStatus(byMonth.get(month)!, 'processing', 'issued');
  }
  // Issued, then cancelled: no revenue.
  await setStatus(byMonth.get('2025-07')!, 'issued', 'cancelled');
  await setStatus(byMonth.get('2025-09')!, 'requested', 'rejected');
  // 2025-12 stays requested.

  await manualRequest(meiId, '2025-05', 1_234_567, ['processing', 'issued']);
  await manualRequest(meiId, '2025-05', 765_433, ['issued']);
  await manualRequest(meiId, '2025-08', 999_999, ['processing']);
  await manualRequest(meiId, '2025-10', 1_000_000, ['issued']);
  await manualRequest(meiId, '2025-11', 2_000_000, ['issued', 'cancelled']);
  await manualRequest(meiId, '2025-03', 300_000, ['rejected']);
  await manualRequest(meiId, '2024-12', 777_777, ['issued']);
  await manualRequest(meiId, '2026-01', 888_888, ['issued']);
  await manualRequest(foreignId, '2025-05', 5_000_000, ['issued']);
  await manualRequest(newMeiId, '2025-12', 1_700_000, ['issued']);
  await manualRequest(meId, '2025-02', 4_200_000, ['issued']);

  [customer, otherCustomer, admin] = await Promise.all([
    server.createUser({ companyIds: [meiId, newMeiId, meId] }),
    server.createUser({ companyIds: [foreignId] }),
    server.createUser({ roles: ['system-admin'] }),
  ]);
});
afterAll(() => server?.close());

describe('GET /api/reports/anual-billing-by-company', () => {
  it('sums the issued requests of each month, scheduled and manual, each once', async () => {
    const { status, body } = await server.call(url(meiId, 2025), { token: customer.token });
    expect(status).toBe(200);

    // The report is the sum of the issued requests by competence month, straight from the table.
    const rows = await server.db.select().from(nfsRequests).where(eq(nfsRequests.companyId, meiId));
    const expected = Array.from({ length: 12 }, (_, index) => {
      const issued = rows.filter(
        (row) => row.status === 'issued' && row.competence === `2025-${String(index + 1).padStart(2, '0')}`,
      );
      return { month: index + 1, totalCents: issued.reduce((total, row) => total + row.totalCents, 0), count: issued.length };
    });
    expect(body.data.months).toEqual(expected);

    // And by hand: April to November but July (cancelled) and September (refused) from the schedule, plus the
    // manual ones; processing, refused, cancelled, December's pending and other years left out.
    expect(body.data.months).toEqual([
      { month: 1, totalCents: 0, count: 0 },
      { month: 2, totalCents: 0, count: 0 },
      { month: 3, totalCents: 0, count: 0 },
      { month: 4, totalCents: 500_000, count: 1 },
      { month: 5, totalCents: 2_500_000, count: 3 },
      { month: 6, totalCents: 500_000, count: 1 },
      { month: 7, totalCents: 0, count: 0 },
      { month: 8, totalCents: 500_000, count: 1 },
      { month: 9, totalCents: 0, count: 0 },
      { month: 10, totalCents: 1_500_000, count: 2 },
      { month: 11, totalCents: 500_000, count: 1 },
      { month: 12, totalCents: 0, count: 0 },
    ]);
    expect(body.data.year).toBe(2025);
    expect(body.data.totalCents).toBe(6_000_000);
  });

  it('measures a MEI against its limit, proportional in the opening year', async () => {
    const { body } = await server.call(url(meiId, 2025), { token: customer.token });
    // Opened in March (its first activation): ten months of R$ 6.750,00.
    expect(body.data.mei).toEqual({
      limitCents: 6_750_000,
      ratio: 6_000_000 / 6_750_000,
      level: 'attention',
      ...MEI_LIMIT_TEXT.attention,
    });

    const next = await server.call(url(meiId, 2026), { token: customer.token });
    expect(next.body.data).toMatchObject({ year: 2026, totalCents: 888_888 });
    expect(next.body.data.mei).toMatchObject({ limitCents: 8_100_000, level: 'ok' });

    const before = await server.call(url(meiId, 2024), { token: customer.token });
    expect(before.body.data).toMatchObject({ totalCents: 777_777, mei: null });
  });

  it('takes the registration date, in São Paulo, when the company was never activated', async () => {
    // Registered at 22:00 of 30 November in São Paulo: November and December, R$ 13.500,00.
    const { body } = await server.call(url(newMeiId, 2025), { token: customer.token });
    expect(body.data.totalCents).toBe(1_700_000);
    expect(body.data.mei).toMatchObject({ limitCents: 1_350_000, level: 'excluded', ...MEI_LIMIT_TEXT.excluded });
  });

  it('has no MEI limit for other sizes', async () => {
    const { status, body } = await server.call(url(meId, 2025), { token: customer.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ totalCents: 4_200_000, mei: null });
  });

  it('answers the current year in São Paulo when none is asked', async () => {
    const { status, body } = await server.call(url(meiId), { token: customer.token });
    expect(status).toBe(200);
    expect(body.data.year).toBe(saoPauloDate(new Date()).year);
    expect(body.data.months).toHaveLength(12);
  });

  it('lets the team see any company', async () => {
    const { status, body } = await server.call(url(foreignId, 2025), { token: admin.token });
    expect(status).toBe(200);
    expect(body.data.totalCents).toBe(5_000_000);
  });

  it('is 403 for another customer’s company', async () => {
    const { status, body } = await server.call(url(meiId, 2025), { token: otherCustomer.token });
    expect(status).toBe(403);
    expect(body.error).toEqual({ code: 'forbidden', message: 'Você não tem acesso a esta empresa.' });
  });

  it('is 401 without a token', async () => {
    const { status, body } = await server.call(url(meiId, 2025));
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });

  it('is 400 with a pt-BR message for a bad year or company', async () => {
    for (const year of ['abc', '1999', '20255']) {
      const { status, body } = await server.call(url(meiId, year), { token: customer.token });
      expect(status).toBe(400);
      expect(body.error).toEqual({
        code: 'bad_request',
        message: 'Ano inválido: informe um ano entre 2000 e 2100 (ex.: 2026).',
        fields: { year: 'Ano inválido: informe um ano entre 2000 e 2100 (ex.: 2026).' },
      });
    }
    const noCompany = await server.call('/api/reports/anual-billing-by-company', { token: customer.token });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.error.fields).toEqual({ companyId: 'Informe a empresa.' });
  });

  it('is 404 for a company that does not exist', async () => {
    const { status, body } = await server.call(url('0d4f5a63-2b1c-4e8f-9a7d-6c5b4a3f2e1d', 2025), { token: admin.token });
    expect(status).toBe(404);
    expect(body.error.message).toBe('Empresa não encontrada.');
  });
});
