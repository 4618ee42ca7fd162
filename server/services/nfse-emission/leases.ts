/**
 * The emission rows' leases as SQL, and which rows the recovery sweep takes: apart from the emission flow (shared.ts,
 * retries.ts), which loads the XML and certificate libraries, so that a sweep with nothing to do loads none of them
 * (docs/performance.md, "Start and memory").
 */
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor';
import { nfseEmissions } from '../../db/schema';

const e = nfseEmissions;

/** No live run holds the row: never leased, released, or its lease ran out (its run died or lost it). */
export const leaseFree = or(isNull(e.leaseUntil), lt(e.leaseUntil, sql`now()`));

/** A run took the row and never finished (its server died): it still names a token, and its lease ran out. */
export const leaseAbandoned = and(isNotNull(e.leaseToken), lt(e.leaseUntil, sql`now()`));

/**
 * What the recovery sweep runs at `now`: an emission whose retry time came, an emission or a cancellation whose run
 * died (its lease ran out with its token still there).
 */
export const sweepable = (now: Date) =>
  or(
    and(eq(e.state, 'retrying'), lte(e.nextAttemptAt, now), leaseFree),
    and(inArray(e.state, ['ready', 'retrying']), leaseAbandoned),
    and(eq(e.state, 'issued'), isNotNull(e.cancellationRequestXml), leaseAbandoned),
  );

/** Whether the sweep has anything to run at `now`. */
export async function anythingToSweep(db: DbExecutor, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: e.id }).from(e).where(sweepable(now)).limit(1);
  return row !== undefined;
}
