import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@server/logger';
import type { Database } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { listSchedules } from '@server/db/invoices';
import { nfsRequestStatusChanges, nfsRequests, nfsSchedules } from '@server/db/schema';
import { ServiceError } from '@server/services/errors';
import type { NfseEmissionService } from '@server/services/nfse-emission';
import {
  generateNow,
  runDueSchedules,
  scheduleIntervalFrom,
  startEmissionRecovery,
  startScheduleRunner,
} from '@server/services/nfs-scheduler';
import type { TestServer } from '../support/server';
import { engine, startTestServer } from '../support/server';

let server: TestServer;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  companyId = await server.createCompany({ name: 'Estúdio Traço Fino Ltda', size: 'ME' });
});
afterAll(() => server?.close());
// Every run looks at every active schedule: pausing them keeps each test to its own; so do hand-made requests.
afterEach(async () => {
  await server.db.update(nfsSchedules).set({ active: false });
  await server.db.delete(nfsRequests).where(isNull(nfsRequests.scheduleMonth));
});

/** A moment in São Paulo (UTC-3, no daylight saving time since 2019). */
const sp = (localDateTime: string) => new Date(`${localDateTime}-03:00`);

async function createSchedule(values: { dayOfMonth: number; createdAt: Date; active?: boolean; totalCents?: number }) {
  const [row] = await server.db
    .insert(nfsSchedules)
    .values({
      companyId,
      emissionType: 'cnpj',
      customerDocument: '27494746000155',
      customerName: 'Padaria Pão Dourado Ltda',
      customerEmail: 'financeiro@paodourado.com.br',
      description: 'Manutenção mensal do site e das redes sociais.',
      activity: '7319002',
      serviceItem: '17.06',
      totalCents: values.totalCents ?? 185_050,
      issWithheld: true,
      dayOfMonth: values.dayOfMonth,
      active: values.active ?? true,
      createdAt: values.createdAt,
      activeSince: values.createdAt,
      updatedAt: values.createdAt,
    })
    .returning();
  return row;
}

/** A request the customer asked for by hand (no schedule), to the schedules' tomador unless told. */
async function handMadeRequest(values: {
  competence: string;
  status?: 'requested' | 'issued' | 'rejected' | 'cancelled';
  document?: string;
}) {
  const [row] = await server.db
    .insert(nfsRequests)
    .values({
      companyId,
      status: values.status ?? 'requested',
      emissionType: 'cnpj',
      customerDocument: values.document ?? '27494746000155',
      customerName: 'Padaria Pão Dourado Ltda',
      description: 'Campanha de Natal nas redes sociais.',
      competence: values.competence,
      totalCents: 90_000,
    })
    .returning();
  return row;
}

/** How the customer's list shows a schedule on a given moment. */
async function listed(scheduleId: string, now: Date) {
  return (await listSchedules(server.db, { companyId }, now)).data.find((s) => s.id === scheduleId)!;
}

/** The months a schedule created requests for, in order. */
async function monthsOf(scheduleId: string, db: Database = server.db) {
  const rows = await db
    .select({ month: nfsRequests.scheduleMonth })
    .from(nfsRequests)
    .where(eq(nfsRequests.scheduleId, scheduleId))
    .orderBy(asc(nfsRequests.scheduleMonth));
  return rows.map((row) => row.month);
}

describe('runDueSchedules', () => {
  it('creates the month’s request with the schedule’s data and its first status change', async () => {
    const schedule = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-03-02T09:00:00') });
    expect(await runDueSchedules(server.db, sp('2026-03-05T08:00:00'))).toMatchObject({ created: 1 });

    const [request] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, schedule.id));
    expect(request).toMatchObject({
      companyId,
      status: 'requested',
      emissionType: 'cnpj',
      customerDocument: '27494746000155',
      customerName: 'Padaria Pão Dourado Ltda',
      customerEmail: 'financeiro@paodourado.com.br',
      description: 'Manutenção mensal do site e das redes sociais.',
      activity: '7319002',
      serviceItem: '17.06',
      competence: '2026-03',
      totalCents: 185_050,
      issWithheld: true,
      scheduleId: schedule.id,
      scheduleMonth: '2026-03',
      createdBy: null,
      invoiceNumber: null,
      issuedAt: null,
    });
    const changes = await server.db
      .select()
      .from(nfsRequestStatusChanges)
      .where(eq(nfsRequestStatusChanges.requestId, request.id));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      fromStatus: null,
      toStatus: 'requested',
      note: 'Gerada pelo agendamento do dia 5.',
      changedBy: null,
    });
  });

  it('creates one request per schedule and month when run twice', async () => {
    const schedule = await createSchedule({ dayOfMonth: 3, createdAt: sp('2026-01-10T10:00:00') });
    const now = sp('2026-03-04T12:00:00');
    expect(await runDueSchedules(server.db, now)).toMatchObject({ created: 2 });
    expect(await runDueSchedules(server.db, now)).toMatchObject({ created: 0 });
    expect(await runDueSchedules(server.db, sp('2026-03-20T12:00:00'))).toMatchObject({ created: 0 });
    expect(await monthsOf(schedule.id)).toEqual(['2026-02', '2026-03']);
  });

  it('creates one request per schedule and month when five runs race, with one status change each', async () => {
    const schedules = await Promise.all(
      [1, 2, 3, 4].map((day) => createSchedule({ dayOfMonth: day, createdAt: sp('2025-12-01T10:00:00') })),
    );
    const now = sp('2026-02-10T12:00:00');
    const runs = await Promise.all(Array.from({ length: 5 }, () => runDueSchedules(server.db, now)));
    expect(runs.reduce((total, run) => total + run.created, 0)).toBe(8);
    for (const schedule of schedules) expect(await monthsOf(schedule.id)).toEqual(['2026-01', '2026-02']);

    const ids = schedules.map((schedule) => schedule.id);
    const changes = await server.db
      .select({ requestId: nfsRequestStatusChanges.requestId })
      .from(nfsRequestStatusChanges)
      .innerJoin(nfsRequests, eq(nfsRequests.id, nfsRequestStatusChanges.requestId))
      .where(inArray(nfsRequests.scheduleId, ids));
    expect(changes).toHaveLength(8);
    expect(new Set(changes.map((change) => change.requestId)).size).toBe(8);
  });

  it.skipIf(engine !== 'postgres')('creates one request per schedule and month when two processes race', async () => {
    // A second pool on the same database stands for a second server process.
    const other = await openDatabase({ kind: 'postgres', url: server.databaseUrl!, maxConnections: 5 });
    try {
      const schedules = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          createSchedule({ dayOfMonth: (index % 12) + 1, createdAt: sp('2026-01-01T00:00:00') }),
        ),
      );
      const now = sp('2026-04-15T06:00:00');
      const runs = await Promise.all(
        Array.from({ length: 10 }, (_, index) => runDueSchedules(index % 2 ? other.db : server.db, now)),
      );
      expect(runs.reduce((total, run) => total + run.created, 0)).toBe(40);
      for (const schedule of schedules) expect(await monthsOf(schedule.id, other.db)).toEqual(['2026-03', '2026-04']);
      const changes = await server.db
        .select({ requestId: nfsRequestStatusChanges.requestId })
        .from(nfsRequestStatusChanges)
        .innerJoin(nfsRequests, eq(nfsRequests.id, nfsRequestStatusChanges.requestId))
        .where(
          inArray(
            nfsRequests.scheduleId,
            schedules.map((schedule) => schedule.id),
          ),
        );
      expect(changes).toHaveLength(40);
    } finally {
      await other.close();
    }
  });

  it('goes by the day in São Paulo: not at 23:59 of the day before, yes at midnight', async () => {
    const schedule = await createSchedule({ dayOfMonth: 10, createdAt: sp('2026-05-01T10:00:00') });
    // 02:59:59 UTC on the 10th is still the 9th in São Paulo.
    expect(await runDueSchedules(server.db, new Date('2026-05-10T02:59:59Z'))).toMatchObject({ created: 0 });
    expect(await monthsOf(schedule.id)).toEqual([]);
    expect(await runDueSchedules(server.db, new Date('2026-05-10T03:00:00Z'))).toMatchObject({ created: 1 });
    expect(await monthsOf(schedule.id)).toEqual(['2026-05']);
  });

  it('catches up the previous month missed while the server was down, but no older one', async () => {
    const schedule = await createSchedule({ dayOfMonth: 8, createdAt: sp('2026-02-05T10:00:00') });
    // Down from before 8 March to 3 May: March is lost, April is caught up, May's day has not come.
    expect(await runDueSchedules(server.db, sp('2026-05-03T09:00:00'))).toMatchObject({ created: 1 });
    expect(await monthsOf(schedule.id)).toEqual(['2026-04']);
  });

  it('catches up December in January', async () => {
    const schedule = await createSchedule({ dayOfMonth: 12, createdAt: sp('2025-11-01T10:00:00') });
    expect(await runDueSchedules(server.db, sp('2026-01-05T09:00:00'))).toMatchObject({ created: 1 });
    expect(await monthsOf(schedule.id)).toEqual(['2025-12']);
    const [request] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, schedule.id));
    expect(request.competence).toBe('2025-12');
  });

  it('never creates a month whose day came before the schedule existed', async () => {
    // Made on the 20th for day 10: neither this month nor, by catch-up, the last one.
    const late = await createSchedule({ dayOfMonth: 10, createdAt: sp('2026-05-20T12:00:00') });
    expect(await runDueSchedules(server.db, sp('2026-05-25T12:00:00'))).toMatchObject({ created: 0 });
    // Next month it runs, without catching up May.
    expect(await runDueSchedules(server.db, sp('2026-06-10T12:00:00'))).toMatchObject({ created: 1 });
    expect(await monthsOf(late.id)).toEqual(['2026-06']);
  });

  it('runs on the day the schedule was made, that day counted in São Paulo', async () => {
    // 02:30 UTC on the 11th is 23:30 of the 10th in São Paulo: made on its own day.
    const sameDay = await createSchedule({ dayOfMonth: 10, createdAt: new Date('2026-07-11T02:30:00Z') });
    expect(await runDueSchedules(server.db, sp('2026-07-10T23:45:00'))).toMatchObject({ created: 1 });
    expect(await monthsOf(sameDay.id)).toEqual(['2026-07']);
  });

  it('made after its day, shows next month’s date and runs then, not this month', async () => {
    // Made on 25 November for day 5: "próxima em 05/12", and nothing in November.
    const late = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-11-25T10:00:00') });
    expect((await listed(late.id, sp('2026-11-25T10:00:01'))).nextRun).toBe('2026-12-05');
    expect(await runDueSchedules(server.db, sp('2026-11-25T10:00:01'))).toMatchObject({ created: 0 });
    expect(await runDueSchedules(server.db, sp('2026-11-30T23:00:00'))).toMatchObject({ created: 0 });
    expect(await runDueSchedules(server.db, sp('2026-12-04T23:59:00'))).toMatchObject({ created: 0 });
    expect(await monthsOf(late.id)).toEqual([]);
    expect(await runDueSchedules(server.db, sp('2026-12-05T00:00:00'))).toMatchObject({ created: 1 });
    expect(await monthsOf(late.id)).toEqual(['2026-12']);
    expect((await listed(late.id, sp('2026-12-05T00:00:01'))).nextRun).toBe('2027-01-05');
  });

  it('made before its day, shows and runs this month’s', async () => {
    const early = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-11-03T10:00:00') });
    expect((await listed(early.id, sp('2026-11-03T10:00:01'))).nextRun).toBe('2026-11-05');
    expect(await runDueSchedules(server.db, sp('2026-11-05T08:00:00'))).toMatchObject({ created: 1 });
    expect(await monthsOf(early.id)).toEqual(['2026-11']);
  });

  it('turned back on after its day, shows next month’s date', async () => {
    const resumed = await createSchedule({ dayOfMonth: 10, createdAt: sp('2026-01-02T10:00:00') });
    await server.db
      .update(nfsSchedules)
      .set({ activeSince: sp('2026-11-20T09:00:00') })
      .where(eq(nfsSchedules.id, resumed.id));
    expect((await listed(resumed.id, sp('2026-11-20T09:00:01'))).nextRun).toBe('2026-12-10');
    expect(await runDueSchedules(server.db, sp('2026-11-28T09:00:00'))).toMatchObject({ created: 0 });
    expect(await monthsOf(resumed.id)).toEqual([]);
  });

  it('leaves out a month the customer already asked for by hand (same tomador and competence), and says so', async () => {
    const schedule = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-03-20T10:00:00') });
    await handMadeRequest({ competence: '2026-04' });
    expect(await runDueSchedules(server.db, sp('2026-04-05T08:00:00'))).toEqual({ created: 0, skipped: 1 });
    expect(await monthsOf(schedule.id)).toEqual([]);
    expect(await listed(schedule.id, sp('2026-04-05T08:00:01'))).toMatchObject({
      skippedMonth: '2026-04',
      nextRun: '2026-05-05',
    });
    // Once: the next runs neither create it nor count it again.
    expect(await runDueSchedules(server.db, sp('2026-04-05T08:10:00'))).toEqual({ created: 0, skipped: 0 });
    expect(await runDueSchedules(server.db, sp('2026-05-05T08:00:00'))).toEqual({ created: 1, skipped: 0 });
    expect(await monthsOf(schedule.id)).toEqual(['2026-05']);
  });

  it('creates the month when the hand-made request is for another tomador, another month, or was refused', async () => {
    const schedule = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-03-20T10:00:00') });
    await handMadeRequest({ competence: '2026-04', document: '11222333000181' });
    await handMadeRequest({ competence: '2026-03' });
    await handMadeRequest({ competence: '2026-04', status: 'rejected' });
    await handMadeRequest({ competence: '2026-04', status: 'cancelled' });
    expect(await runDueSchedules(server.db, sp('2026-04-05T08:00:00'))).toEqual({ created: 1, skipped: 0 });
    expect(await monthsOf(schedule.id)).toEqual(['2026-04']);
  });

  it('leaves paused schedules alone', async () => {
    const paused = await createSchedule({ dayOfMonth: 1, createdAt: sp('2025-01-01T10:00:00'), active: false });
    expect(await runDueSchedules(server.db, sp('2026-03-15T10:00:00'))).toMatchObject({ created: 0 });
    expect(await monthsOf(paused.id)).toEqual([]);
  });
});

describe('generateNow', () => {
  it('creates this month’s request at once, only once per month', async () => {
    const schedule = await createSchedule({ dayOfMonth: 12, createdAt: sp('2026-08-02T10:00:00') });
    const now = sp('2026-08-03T10:00:00');
    const { request } = (await generateNow(server.db, schedule.id, now)) as { request: { id: string } };
    expect(request).toMatchObject({
      companyId,
      status: 'requested',
      competence: '2026-08',
      scheduleId: schedule.id,
      scheduleMonth: '2026-08',
      totalCents: 185_050,
      createdBy: null,
    });
    const changes = await server.db
      .select()
      .from(nfsRequestStatusChanges)
      .where(eq(nfsRequestStatusChanges.requestId, request.id));
    expect(changes).toMatchObject([{ fromStatus: null, toStatus: 'requested', note: 'Gerada pelo agendamento do dia 12.' }]);

    expect(await generateNow(server.db, schedule.id, sp('2026-08-20T10:00:00'))).toEqual({ already: true });
    // On its day, the schedule finds this month done.
    expect(await runDueSchedules(server.db, sp('2026-08-12T10:00:00'))).toMatchObject({ created: 0 });
    expect(await monthsOf(schedule.id)).toEqual(['2026-08']);
    // Next month is a new month.
    expect(await generateNow(server.db, schedule.id, sp('2026-09-01T00:00:00'))).toMatchObject({
      request: { competence: '2026-09' },
    });
  });

  it('makes this month’s even when its day passed before the schedule was made', async () => {
    const late = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-11-25T10:00:00') });
    expect(await generateNow(server.db, late.id, sp('2026-11-25T10:05:00'))).toMatchObject({
      request: { competence: '2026-11', scheduleMonth: '2026-11' },
    });
    expect((await listed(late.id, sp('2026-11-25T10:05:01'))).nextRun).toBe('2026-12-05');
  });

  it('asks first when the customer already asked by hand for the same tomador and competence', async () => {
    const schedule = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-06-01T10:00:00') });
    const handMade = await handMadeRequest({ competence: '2026-06', status: 'issued' });
    const now = sp('2026-06-10T10:00:00');
    expect(await generateNow(server.db, schedule.id, now)).toMatchObject({ handMade: { id: handMade.id } });
    expect(await monthsOf(schedule.id)).toEqual([]);
    // Confirmed: made, once.
    expect(await generateNow(server.db, schedule.id, now, { confirm: true })).toMatchObject({
      request: { competence: '2026-06', scheduleId: schedule.id },
    });
    expect(await generateNow(server.db, schedule.id, now, { confirm: true })).toEqual({ already: true });
    expect(await monthsOf(schedule.id)).toEqual(['2026-06']);
  });

  it('works on a paused schedule: the customer asked', async () => {
    const paused = await createSchedule({ dayOfMonth: 5, createdAt: sp('2026-08-01T10:00:00'), active: false });
    expect(await generateNow(server.db, paused.id, sp('2026-08-02T10:00:00'))).toMatchObject({
      request: { competence: '2026-08' },
    });
  });

  it('answers 404 for a schedule that does not exist', async () => {
    for (const id of ['5b0a3c43-5f43-4c1e-9a55-0b7f2c7e8d10', 'not-a-uuid']) {
      const error = await generateNow(server.db, id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ kind: 'not_found', message: 'Agendamento não encontrado.' });
    }
  });
});

describe('startScheduleRunner', () => {
  const recordingLogger = () => {
    const lines: { level: 'info' | 'error'; message: string; details: unknown[] }[] = [];
    const logger: Logger = {
      info: (message, ...details) => lines.push({ level: 'info', message, details }),
      error: (message, ...details) => lines.push({ level: 'error', message, details }),
    };
    return { logger, lines };
  };
  const until = async (condition: () => boolean) => {
    for (let waited = 0; !condition(); waited += 10) {
      if (waited > 5000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('runs once at start and logs what it created', async () => {
    // Made three months ago on day 1: at least last month is due, whatever today is.
    const createdAt = new Date(Date.now() - 100 * 24 * 3600_000);
    const schedule = await createSchedule({ dayOfMonth: 1, createdAt });
    const { logger, lines } = recordingLogger();
    const runner = startScheduleRunner({ db: server.db, logger, intervalMs: 60_000 });
    await until(() => lines.length > 0);
    await runner.stop();
    expect(lines).toEqual([{ level: 'info', message: 'Invoice schedules: 2 request(s) created.', details: [] }]);
    expect(await monthsOf(schedule.id)).toHaveLength(2);
  });

  it('never runs twice at once, and logs a failed run instead of throwing', async () => {
    let active = 0;
    let most = 0;
    let calls = 0;
    // A database that answers slowly, then fails.
    const db = {
      async execute() {
        calls += 1;
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active -= 1;
        throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      },
    } as unknown as Database;
    const { logger, lines } = recordingLogger();
    const runner = startScheduleRunner({ db, logger, intervalMs: 1 });
    await until(() => calls >= 4);
    await runner.stop();
    const callsAtStop = calls;
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(most).toBe(1);
    expect(calls).toBe(callsAtStop);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.every((line) => line.level === 'error' && line.message === 'Invoice schedules: run failed')).toBe(true);
  });

  it('reads its interval from SCHEDULER_INTERVAL_MS, ten minutes otherwise', () => {
    expect(scheduleIntervalFrom('30000')).toBe(30_000);
    expect(scheduleIntervalFrom(undefined)).toBe(600_000);
    expect(scheduleIntervalFrom('')).toBe(600_000);
    expect(scheduleIntervalFrom('0')).toBe(600_000);
    expect(scheduleIntervalFrom('dez')).toBe(600_000);
  });
});

describe('startEmissionRecovery', () => {
  it('sweeps at start and again every interval, never two at once, logging what it resumed and a failed sweep', async () => {
    const lines: string[] = [];
    const logger: Logger = { info: (message) => lines.push(message), error: (message) => lines.push(message) };
    let sweeps = 0;
    let active = 0;
    let most = 0;
    const emissions = {
      async runDueRetries() {
        sweeps += 1;
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active -= 1;
        if (sweeps === 2) throw new Error('connection refused');
        return sweeps === 1 ? 3 : 0;
      },
    } as unknown as NfseEmissionService;
    const recovery = startEmissionRecovery({ emissions, logger, intervalMs: 1 });
    for (let waited = 0; sweeps < 4; waited += 5) {
      if (waited > 5000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await recovery.stop();
    const atStop = sweeps;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sweeps).toBe(atStop);
    expect(most).toBe(1);
    expect(lines.slice(0, 2)).toEqual([
      'NFS-e: 3 emission(s) resumed (retries due, or runs a stopped server left).',
      'NFS-e: the recovery sweep failed',
    ]);
    expect(lines).toHaveLength(2);
  });
});
