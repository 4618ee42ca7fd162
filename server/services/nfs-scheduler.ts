import type { SQL } from 'drizzle-orm';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { NFS_STANDING_STATUSES, dueScheduleMonths, monthKey, saoPauloDate } from '@domain';
import { DEFAULT_RECOVERY_INTERVAL_MS, DEFAULT_SCHEDULE_INTERVAL_MS } from '../config';
import type { Logger } from '../logger';
import type { Database } from '../db/client';
import type { NfsRequestRow } from '../db/invoices';
import { scheduleTiming } from '../db/invoices';
import { nfsRequests, nfsSchedules } from '../db/schema';
import { ServiceError, notFound } from './errors';
import type { NfseEmissionService } from './nfse-emission';
import { every, type ScheduleRunner } from './periodic';

/** A month one schedule creates a request for (YYYY-MM). */
interface DueMonth {
  scheduleId: string;
  month: string;
}

const dueValues = (due: DueMonth[]) =>
  sql.join(
    due.map(({ scheduleId, month }) => sql`(${scheduleId}::uuid, ${month}::text)`),
    sql`, `,
  );

/**
 * A request the customer asked for by hand (not made by a schedule: no schedule month, even once its schedule is
 * deleted) that still stands, to the schedule's tomador, for the month's competence. `s` is the schedule, `due` the
 * month.
 */
const handMadeExists = sql`exists (
  select 1 from nfs_requests hand
  where hand.company_id = s.company_id
    and hand.schedule_month is null
    and hand.customer_document = s.customer_document
    and hand.competence = due.month
    and hand.status in (${sql.join(
      NFS_STANDING_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
)`;

/**
 * Creates the requests of the given schedules' months, with their first status change, in one statement. The unique
 * index on (schedule_id, schedule_month) makes it idempotent, across processes too: a concurrent insert of the same
 * month waits for the other to commit, then does nothing. Only rows actually inserted come back from RETURNING, so
 * only they get a status change. Answers the ids created.
 *
 * `where` sees the schedule as `s` and the month as `due` (`due.schedule_id`, `due.month`).
 */
async function createScheduledRequests(db: Database, due: DueMonth[], where: SQL): Promise<string[]> {
  if (!due.length) return [];
  // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with due(schedule_id, month) as (values ${dueValues(due)}),
    created as (
      insert into nfs_requests (
        company_id, status, emission_type, customer_document, customer_name, customer_email, customer_address,
        customer_no_nif_reason, description, activity, service_item, service_code, competence, total_cents, iss_withheld,
        schedule_id, schedule_month, created_by
      )
      select s.company_id, 'requested', s.emission_type, s.customer_document, s.customer_name, s.customer_email,
        s.customer_address, s.customer_no_nif_reason, s.description, s.activity, s.service_item, s.service_code, due.month,
        s.total_cents, s.iss_withheld, s.id, due.month, null
      from nfs_schedules s
      join due on due.schedule_id = s.id
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
 * Records, on each schedule, the newest of the months left out because the customer had asked by hand for the same
 * tomador and competence (and the schedule did not make it after all): the customer sees it on the schedule, and
 * `nextRunDate` moves past it. Answers the months newly recorded; recording again changes nothing.
 */
async function recordSkippedMonths(db: Database, due: DueMonth[]): Promise<number> {
  if (!due.length) return 0;
  const result = (await db.execute(sql`
    with due(schedule_id, month) as (values ${dueValues(due)}),
    skipped as (
      select distinct on (due.schedule_id) due.schedule_id, due.month
      from due
      join nfs_schedules s on s.id = due.schedule_id
      where s.active
        and ${handMadeExists}
        and not exists (select 1 from nfs_requests made where made.schedule_id = s.id and made.schedule_month = due.month)
      order by due.schedule_id, due.month desc
    )
    update nfs_schedules s set skipped_month = skipped.month
    from skipped
    where s.id = skipped.schedule_id and (s.skipped_month is null or s.skipped_month < skipped.month)
    returning s.id
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.length;
}

/**
 * Creates, from every active schedule, the request of each month `dueScheduleMonths` says has come in São Paulo
 * (the same rule that gives the "próxima em" the customer sees): this month's once its day is reached, and last
 * month's, which catches up a day the server was down. A month whose day came before the schedule existed, or while
 * it was paused, is never created (made or turned back on on the 20th for day 10, it first runs next month). A month
 * the customer already asked for by hand, to the same tomador, is left out and recorded on the schedule: never a
 * silent second invoice ("Gerar agora" can still make it).
 */
export async function runDueSchedules(db: Database, now: Date = new Date()): Promise<{ created: number; skipped: number }> {
  const { createdIds, skipped } = await createDueRequests(db, now);
  return { created: createdIds.length, skipped };
}

/** `runDueSchedules`, answering the ids of the requests it created (the automatic emission takes them). */
export async function createDueRequests(
  db: Database,
  now: Date = new Date(),
): Promise<{ createdIds: string[]; skipped: number }> {
  const today = saoPauloDate(now);
  const thisMonth = monthKey(today.year, today.month);
  // Only schedules that have not done this month yet can have a month due; which months, the domain rule says.
  const candidates = (await db.execute(sql`
    select s.id, s.day_of_month, (extract(epoch from s.active_since) * 1000)::float8 as active_since_ms, s.skipped_month,
      (select max(r.schedule_month) from nfs_requests r where r.schedule_id = s.id) as last_generated
    from nfs_schedules s
    where s.active and coalesce(s.skipped_month, '') < ${thisMonth}
      and coalesce((select max(r.schedule_month) from nfs_requests r where r.schedule_id = s.id), '') < ${thisMonth}
  `)) as unknown as {
    rows: {
      id: string;
      day_of_month: number;
      active_since_ms: number | string;
      skipped_month: string | null;
      last_generated: string | null;
    }[];
  };
  const due = candidates.rows.flatMap((row) =>
    dueScheduleMonths(
      scheduleTiming(
        {
          dayOfMonth: Number(row.day_of_month),
          activeSince: new Date(Number(row.active_since_ms)),
          skippedMonth: row.skipped_month,
        },
        row.last_generated,
      ),
      now,
    ).map((month) => ({ scheduleId: row.id, month })),
  );
  // Paused since it was read: left alone.
  const created = await createScheduledRequests(db, due, sql`s.active and not ${handMadeExists}`);
  const skipped = await recordSkippedMonths(db, due);
  return { createdIds: created, skipped };
}

const SCHEDULE_NOT_FOUND = 'Agendamento não encontrado.';
const ScheduleId = v.pipe(v.string(), v.uuid());

export type GenerateNowResult =
  /** Created. */
  | { request: NfsRequestRow }
  /** This month's already exists: once per month, confirmed or not. */
  | { already: true }
  /** Not created: the customer already asked by hand for the tomador this month; `confirm` makes it anyway. */
  | { handMade: NfsRequestRow };

/**
 * Creates this month's request (São Paulo) from one schedule at once, whatever its day and even while paused: the
 * customer asked for it. When the customer already asked by hand for an invoice to the same tomador and competence,
 * it is created only with `confirm` (the caller answers 409 asking first); never twice for the same month.
 */
export async function generateNow(
  db: Database,
  scheduleId: string,
  now: Date = new Date(),
  { confirm = false }: { confirm?: boolean } = {},
): Promise<GenerateNowResult> {
  // Not a UUID: it cannot exist, and PostgreSQL would refuse the comparison.
  if (!v.is(ScheduleId, scheduleId)) throw notFound(SCHEDULE_NOT_FOUND);
  const today = saoPauloDate(now);
  const month = monthKey(today.year, today.month);
  const [id] = await createScheduledRequests(db, [{ scheduleId, month }], confirm ? sql`true` : sql`not ${handMadeExists}`);
  if (id) {
    const [request] = await db.select().from(nfsRequests).where(eq(nfsRequests.id, id));
    return { request };
  }
  const [schedule] = await db.select().from(nfsSchedules).where(eq(nfsSchedules.id, scheduleId));
  if (!schedule) throw notFound(SCHEDULE_NOT_FOUND);
  const [made] = await db
    .select({ id: nfsRequests.id })
    .from(nfsRequests)
    .where(and(eq(nfsRequests.scheduleId, scheduleId), eq(nfsRequests.scheduleMonth, month)));
  if (made) return { already: true };
  const [handMade] = await db
    .select()
    .from(nfsRequests)
    .where(
      and(
        eq(nfsRequests.companyId, schedule.companyId),
        isNull(nfsRequests.scheduleMonth),
        eq(nfsRequests.customerDocument, schedule.customerDocument),
        eq(nfsRequests.competence, month),
        inArray(nfsRequests.status, [...NFS_STANDING_STATUSES]),
      ),
    )
    .orderBy(desc(nfsRequests.createdAt))
    .limit(1);
  // The hand-made request was deleted meanwhile: nothing stands in the way any more.
  return handMade ? { handMade } : generateNow(db, scheduleId, now, { confirm });
}

/**
 * Emits, through the national system, the requests just created by schedules marked `autoEmit`. One that cannot go
 * (no fiscal profile or certificate, a DPS the layout refuses) stays in the team's queue with the reason on it; a
 * refusal or a retry plan is the emission's own outcome (rejected, or processing with its next attempt).
 */
export async function emitAutoScheduled(
  db: Database,
  emissions: NfseEmissionService,
  requestIds: string[],
  logger: Logger,
): Promise<{ emitted: number; held: number }> {
  if (!requestIds.length) return { emitted: 0, held: 0 };
  const auto = await db
    .select({ id: nfsRequests.id })
    .from(nfsRequests)
    .innerJoin(nfsSchedules, eq(nfsSchedules.id, nfsRequests.scheduleId))
    .where(and(inArray(nfsRequests.id, requestIds), eq(nfsSchedules.autoEmit, true)));
  let emitted = 0;
  let held = 0;
  const hold = (id: string, why: string) =>
    db
      .update(nfsRequests)
      .set({ reason: `Emissão automática não feita: ${why}`, updatedAt: new Date() })
      .where(eq(nfsRequests.id, id));
  for (const { id } of auto) {
    try {
      const result = await emissions.emit(id);
      if (result.kind === 'invalid') {
        held += 1;
        await hold(id, result.problem.message);
      } else emitted += 1;
    } catch (error) {
      held += 1;
      if (error instanceof ServiceError) await hold(id, error.message);
      else logger.error(`Invoice schedules: the automatic emission of request ${id} failed`, error);
    }
  }
  return { emitted, held };
}

// How often the runner looks, and how SCHEDULER_INTERVAL_MS is read: server/config.ts (the one reading of the setting).
export { DEFAULT_SCHEDULE_INTERVAL_MS, scheduleIntervalFrom } from '../config';
export { DEFAULT_RECOVERY_INTERVAL_MS } from '../config';

/**
 * Runs the due schedules now and then every `intervalMs`. The next run is planned only when the last one ended, so
 * one process never runs two at once (other processes are harmless: see `createScheduledRequests`). A failed run
 * is logged and the next one tries again.
 */
export function startScheduleRunner({
  db,
  logger,
  intervalMs = DEFAULT_SCHEDULE_INTERVAL_MS,
  emissions,
}: {
  db: Database;
  logger: Logger;
  intervalMs?: number;
  /** The national emission: schedules marked `autoEmit` emit what they create (retries: `startEmissionRecovery`). */
  emissions?: NfseEmissionService;
}): ScheduleRunner {
  const run = async () => {
    try {
      const { createdIds, skipped } = await createDueRequests(db);
      const created = createdIds.length;
      if (created > 0 || skipped > 0) {
        logger.info(
          `Invoice schedules: ${created} request(s) created.` +
            (skipped > 0 ? ` ${skipped} month(s) left out: the customer had already asked by hand for the same tomador.` : ''),
        );
      }
      if (emissions) {
        const { emitted, held } = await emitAutoScheduled(db, emissions, createdIds, logger);
        if (emitted || held) logger.info(`NFS-e: ${emitted} emitted automatically, ${held} left in the queue with the reason.`);
      }
    } catch (error) {
      logger.error('Invoice schedules: run failed', error);
    }
  };
  return every(intervalMs, run);
}

/**
 * The NFS-e recovery sweep (`runDueRetries`): at start and every `intervalMs`, on every server whatever
 * SCHEDULER_DISABLED says — it is how an emission whose server died is resumed by another one, so it must not depend
 * on one process. Every `intervalMs` (15 s by default) plus the lease's 45 s keeps such an emission under the two
 * minutes its recovery may take; servers sweeping at once take different rows (see `runDueRetries`).
 */
export function startEmissionRecovery({
  emissions,
  logger,
  intervalMs = DEFAULT_RECOVERY_INTERVAL_MS,
}: {
  emissions: NfseEmissionService;
  logger: Logger;
  intervalMs?: number;
}): ScheduleRunner {
  return every(intervalMs, async () => {
    try {
      const resumed = await emissions.runDueRetries();
      if (resumed) logger.info(`NFS-e: ${resumed} emission(s) resumed (retries due, or runs a stopped server left).`);
    } catch (error) {
      logger.error('NFS-e: the recovery sweep failed', error);
    }
  });
}
