import type { SQL } from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { monthKey, saoPauloDate } from '@domain';
import type { Logger } from '../deps';
import type { Database } from '../db/client';
import { nfsRequests, nfsSchedules } from '../db/schema';
import { notFound } from '../http/errors';

export type NfsRequestRow = typeof nfsRequests.$inferSelect;

/** A month a schedule may create a request for: its key (YYYY-MM) and its first day (YYYY-MM-DD). */
interface DueMonth {
  month: string;
  firstDay: string;
}

function dueMonth(year: number, month: number): DueMonth {
  const key = monthKey(year, month);
  return { month: key, firstDay: `${key}-01` };
}

const isoDate = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${monthKey(year, month)}-${String(day).padStart(2, '0')}`;

/**
 * Creates the requests of the given months from the schedules `where` selects, with their first status change,
 * in one statement. The unique index on (schedule_id, schedule_month) makes it idempotent, across processes too:
 * a concurrent insert of the same month waits for the other to commit, then does nothing. Only rows actually
 * inserted come back from RETURNING, so only they get a status change. Answers the ids created.
 *
 * `where` sees the schedule as `s` and the month as `due` (`due.month`, `due.first_day`).
 */
async function createScheduledRequests(db: Database, months: DueMonth[], where: SQL): Promise<string[]> {
  const due = sql.join(
    months.map(({ month, firstDay }) => sql`(${month}::text, ${firstDay}::date)`),
    sql`, `,
  );
  // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with due(month, first_day) as (values ${due}),
    created as (
      insert into nfs_requests (
        company_id, status, emission_type, customer_document, customer_name, customer_email, description,
        activity, service_item, competence, total_cents, iss_withheld, schedule_id, schedule_month, created_by
      )
      select s.company_id, 'requested', s.emission_type, s.customer_document, s.customer_name, s.customer_email,
        s.description, s.activity, s.service_item, due.month, s.total_cents, s.iss_withheld, s.id, due.month, null
      from nfs_schedules s
      cross join due
      where ${where}
      -- One insertion order for every process, so two concurrent runs wait on each other instead of deadlocking.
      order by s.id, due.month
      on conflict (schedule_id, schedule_month) do nothing
      returning id, schedule_id
    )
    insert into nfs_request_status_changes (request_id, from_status, to_status, note)
    select created.id, null, 'requested', 'Gerada pelo agendamento do dia ' || s.day_of_month || '.'
    from created
    join nfs_schedules s on s.id = created.schedule_id
    returning request_id
  `)) as unknown as { rows: { request_id: string }[] };
  return result.rows.map((row) => row.request_id);
}

/**
 * Creates, from every active schedule, the request of each month whose day has come in São Paulo: this month once
 * its day is reached, and the previous month, which catches up a day the server was down. A month whose day came
 * before the schedule existed, or while it was paused, is never created (made or turned back on on the 20th for day
 * 10, it first runs next month).
 */
export async function runDueSchedules(db: Database, now: Date = new Date()): Promise<{ created: number }> {
  const today = saoPauloDate(now);
  const months = [
    dueMonth(today.year, today.month),
    today.month === 1 ? dueMonth(today.year - 1, 12) : dueMonth(today.year, today.month - 1),
  ];
  // date + integer is a date: the run day of that month (days are 1 to 12, so always within the month).
  const runDay = sql`(due.first_day + (s.day_of_month - 1))`;
  const created = await createScheduledRequests(
    db,
    months,
    sql`s.active
      and ${runDay} <= ${isoDate(today)}::date
      and ${runDay} >= (s.active_since at time zone 'America/Sao_Paulo')::date`,
  );
  return { created: created.length };
}

const SCHEDULE_NOT_FOUND = 'Agendamento não encontrado.';
const ScheduleId = v.pipe(v.string(), v.uuid());

/**
 * Creates this month's request (São Paulo) from one schedule at once, whatever its day and even while paused: the
 * customer asked for it. Answers the created request, or null when this month's already exists (the caller answers
 * 409 "A nota deste mês já foi gerada para este agendamento.").
 */
export async function generateNow(db: Database, scheduleId: string, now: Date = new Date()): Promise<NfsRequestRow | null> {
  // Not a UUID: it cannot exist, and PostgreSQL would refuse the comparison.
  if (!v.is(ScheduleId, scheduleId)) throw notFound(SCHEDULE_NOT_FOUND);
  const today = saoPauloDate(now);
  const [id] = await createScheduledRequests(db, [dueMonth(today.year, today.month)], sql`s.id = ${scheduleId}`);
  if (!id) {
    const [schedule] = await db.select({ id: nfsSchedules.id }).from(nfsSchedules).where(eq(nfsSchedules.id, scheduleId));
    if (!schedule) throw notFound(SCHEDULE_NOT_FOUND);
    return null;
  }
  const [request] = await db.select().from(nfsRequests).where(eq(nfsRequests.id, id));
  return request;
}

export const DEFAULT_SCHEDULE_INTERVAL_MS = 10 * 60_000;

/** `SCHEDULER_INTERVAL_MS` as a number of milliseconds; anything but a positive number keeps the default. */
export function scheduleIntervalFrom(value: string | undefined): number {
  const ms = Number(value);
  return value && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SCHEDULE_INTERVAL_MS;
}

export interface ScheduleRunner {
  /** No more runs; resolves once a run under way has finished, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs the due schedules now and then every `intervalMs`. The next run is planned only when the last one ended, so
 * one process never runs two at once (other processes are harmless: see `createScheduledRequests`). A failed run
 * is logged and the next one tries again.
 */
export function startScheduleRunner({
  db,
  logger,
  intervalMs = DEFAULT_SCHEDULE_INTERVAL_MS,
}: {
  db: Database;
  logger: Logger;
  intervalMs?: number;
}): ScheduleRunner {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    try {
      const { created } = await runDueSchedules(db);
      if (created > 0) logger.info(`Invoice schedules: ${created} request(s) created.`);
    } catch (error) {
      logger.error('Invoice schedules: run failed', error);
    }
  };
  const tick = () => {
    running = run().then(() => {
      if (stopped) return;
      timer = setTimeout(tick, intervalMs);
      // A pending run must not keep the process alive on its own.
      timer.unref?.();
    });
  };

  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
