/**
 * The recovery sweep: emissions whose retry time came, and the runs a dead server left (emissions and cancellations),
 * taken over one row at a time under a fresh lease.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { isEmittableStatus } from '@domain/nfseEmission';
import type { EmissionRow } from '../../db/nfse';
import { nfseEmissions } from '../../db/schema';
import { conflict } from '../errors';
import { cancelLeased } from './cancel';
import { runLeased } from './emit';
import type { EmissionContext, Loaded } from './shared';
import { sweepable } from './leases';
import { LeaseLost, refusalFor } from './shared';

/**
 * Takes, for this server, the next row the recovery sweep should run (`sweepable`). `for update skip locked` lets two
 * servers sweep at once, each taking other rows; `tried` leaves out what this sweep already ran.
 */
async function claimNext(
  { db, leaseEnd }: EmissionContext,
  now: Date,
  tried: string[],
): Promise<{ token: string; emission: EmissionRow } | null> {
  const e = nfseEmissions;
  const token = randomUUID();
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: e.id })
      .from(e)
      .where(
        and(
          sweepable(now),
          tried.length
            ? sql`${e.id} not in (${sql.join(
                tried.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .orderBy(asc(sql`coalesce(${e.leaseUntil}, ${e.nextAttemptAt})`))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return null;
    const [emission] = await tx
      .update(e)
      .set({ leaseToken: token, leaseUntil: leaseEnd() })
      .where(eq(e.id, candidate.id))
      .returning();
    return { token, emission };
  });
}

/** Runs a row the sweep took: the emission from its kept DPS (or from the start, when none was signed) or the cancellation. */
async function resume(ctx: EmissionContext, { emission, token }: { token: string; emission: EmissionRow }) {
  let loaded: Loaded;
  try {
    loaded = await ctx.load(emission.requestId, new Date());
    if (emission.state !== 'issued' && !isEmittableStatus(loaded.request.status)) {
      throw conflict(refusalFor(loaded.request));
    }
  } catch (error) {
    // Something a person must fix (the certificate, the profile): looked at again after the retry wait.
    await ctx.pause({ owned: and(eq(nfseEmissions.id, emission.id), eq(nfseEmissions.leaseToken, token))! });
    throw error;
  }
  if (emission.state === 'issued') await cancelLeased(ctx, loaded, emission, token, { actor: null, now: new Date() });
  else await runLeased(ctx, loaded, emission, token, { actor: null, now: new Date() });
}

/**
 * The recovery sweep (every server's runner calls it every few seconds, and at start): runs the emissions whose
 * retry time came (`now`) and takes over those a dead run left — a lease that ran out, whether the run was signing,
 * sending or looking up, and a cancellation sent without its answer recorded — one row at a time, at most `limit`.
 * Answers how many ran.
 */
export async function runDueRetries(ctx: EmissionContext, now = new Date(), limit = 20): Promise<number> {
  const tried: string[] = [];
  while (tried.length < limit) {
    const claimed = await claimNext(ctx, now, tried);
    if (!claimed) break;
    tried.push(claimed.emission.id);
    try {
      await resume(ctx, claimed);
    } catch (error) {
      if (error instanceof LeaseLost)
        ctx.logger.info(`NFS-e: request ${claimed.emission.requestId} was taken over by another run`);
      else ctx.logger.error(`NFS-e: the retry of request ${claimed.emission.requestId} failed`, error);
    }
  }
  return tried.length;
}
