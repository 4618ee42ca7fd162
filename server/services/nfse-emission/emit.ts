/**
 * Emitting a request: the DPS tried first with the next number (none taken), the number taken once per request under
 * the counter's lock, then one run of the emission machine under the row's lease, its end recorded (outcomes.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { isEmittableStatus } from '@domain/nfseEmission';
import { dpsId } from '@domain/nfseNacional';
import type { EmissionProblem } from '@machines/nfseEmission.machine';
import type { DbExecutor } from '../../db/executor';
import type { NfsRequestRow } from '../../db/invoices';
import { findRequest } from '../../db/invoices';
import type { EmissionRow } from '../../db/nfse';
import { findEmission, nextDpsNumber, takeDpsNumber } from '../../db/nfse';
import { nfsRequests, nfseEmissions } from '../../db/schema';
import { conflict, notFound } from '../errors';
import type { NfseClient } from '../../nfse/client';
import { DpsBuildError, buildDpsFromRequest } from '../../nfse/dps';
import { emitNfse } from '../../nfse/emission';
import { emissionRequestBody } from '../../nfse/package';
import type { CityParameters } from '../../nfse/rules';
import { validateDpsBeforeSending } from '../../nfse/validate';
import { recordIssued, recordProblem, recordRejected, recordRetryLater } from './outcomes';
import type { EmissionContext, Loaded } from './shared';
import { LeaseLost, MESSAGES, refusalFor, sleep } from './shared';

export type EmitResult =
  | { kind: 'done'; request: NfsRequestRow; emission: EmissionRow }
  /** Nothing was sent: the DPS could not be built, broke the layout, or could not be signed. */
  | { kind: 'invalid'; request: NfsRequestRow; emission: EmissionRow | null; problem: EmissionProblem };

/**
 * The request's emission row, made with its DPS number on the first call (the request row locked meanwhile) and
 * born leased to this call: a server dying right after leaves a lease the recovery sweep takes over.
 */
async function allocate(ctx: EmissionContext, loaded: Loaded): Promise<{ emission: EmissionRow; token: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, loaded.request.id)).for('update');
    if (!request) throw notFound(MESSAGES.requestNotFound);
    const [existing] = await tx.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, request.id));
    if (existing) return { emission: existing, token: null };
    if (!isEmittableStatus(request.status)) throw conflict(refusalFor(request));
    return insertEmission(ctx, tx, loaded, request);
  });
}

/** The emission row with the request's DPS number, taken now, born leased to the caller (in the caller's transaction). */
export async function insertEmission(
  { leaseEnd }: EmissionContext,
  tx: DbExecutor,
  loaded: Loaded,
  request: NfsRequestRow,
  substitution: Partial<typeof nfseEmissions.$inferInsert> = {},
): Promise<{ emission: EmissionRow; token: string }> {
  const series = loaded.profile.dpsSeries;
  const number = await takeDpsNumber(tx, request.companyId, series);
  const id = dpsId({
    cityIbgeCode: loaded.profile.cityIbgeCode,
    inscriptionType: 'cnpj',
    inscription: loaded.companyCnpj,
    series,
    number: String(number),
  });
  const token = randomUUID();
  const [created] = await tx
    .insert(nfseEmissions)
    .values({
      ...substitution,
      requestId: request.id,
      companyId: request.companyId,
      dpsId: id,
      dpsSeries: series,
      dpsNumber: number,
      leaseToken: token,
      leaseUntil: leaseEnd(),
    })
    .returning();
  return { emission: created, token };
}

/**
 * The request's DPS as it would be built now, with the next number (none taken, nothing stored), checked against
 * the layout and the official rules: why it could not be sent, if so, and the city's parameters it was checked with.
 */
async function tryDps(
  { db, nfse, previewCity, dpsContext }: EmissionContext,
  loaded: Loaded,
  now: Date,
): Promise<{ problem: EmissionProblem | null; city?: CityParameters }> {
  const series = loaded.profile.dpsSeries;
  const number = await nextDpsNumber(db, loaded.request.companyId, series);
  const city = await previewCity(loaded);
  let built: ReturnType<typeof buildDpsFromRequest>;
  try {
    built = buildDpsFromRequest({ ...dpsContext(loaded, series, number, now), city });
  } catch (error) {
    if (!(error instanceof DpsBuildError)) throw error;
    return { problem: { stage: 'preparing', message: error.message, issues: [] } };
  }
  const validation = validateDpsBeforeSending(built.xml, { environment: nfse.environment, now, city });
  if (!validation.ok) return { problem: { stage: 'validating', message: validation.message, issues: validation.issues } };
  return { problem: null, city };
}

/** What the request and its emission came to, as the route answers it. */
async function current({ db }: EmissionContext, requestId: string): Promise<EmitResult> {
  const request = await findRequest(db, requestId);
  const emission = await findEmission(db, requestId);
  if (!request || !emission) throw notFound(MESSAGES.requestNotFound);
  if (emission.state === 'ready' && emission.problem) {
    return { kind: 'invalid', request, emission, problem: emission.problem };
  }
  return { kind: 'done', request, emission };
}

/** Waits while another run holds the request's emission; then answers what it came to. */
async function waitForRun({ db, nfse }: EmissionContext, requestId: string): Promise<'free' | 'finished'> {
  const deadline = Date.now() + (nfse.waitForRunMs ?? 60_000);
  while (Date.now() < deadline) {
    const emission = await findEmission(db, requestId);
    if (!emission) return 'free';
    if (emission.state !== 'ready' && emission.state !== 'retrying') return 'finished';
    const leased = emission.leaseUntil && emission.leaseUntil.getTime() > Date.now();
    // A lease that ran out with its token still there: its run died, and this call takes it over.
    if (!leased) return emission.attempts === 0 || emission.leaseToken ? 'free' : 'finished';
    await sleep(100);
  }
  throw conflict(MESSAGES.running);
}

/**
 * Emits the request: the same invoice again when it is issued, the run in progress's outcome when another call
 * is emitting it, or a run of the machine (from the lookup when a signed DPS was kept).
 */
export async function emit(
  ctx: EmissionContext,
  requestId: string,
  options: { actor?: string | null; now?: Date; waited?: boolean } = {},
): Promise<EmitResult> {
  const { db, logger } = ctx;
  const now = options.now ?? new Date();
  const found = await findRequest(db, requestId);
  if (!found) throw notFound(MESSAGES.requestNotFound);
  const existing = await findEmission(db, requestId);
  if (found.status === 'issued' && existing) return { kind: 'done', request: found, emission: existing };
  if (found.status === 'issued') throw conflict('Esta nota já foi registrada como emitida (à mão).');
  if (found.status === 'rejected' && existing?.state === 'rejected') return { kind: 'done', request: found, emission: existing };
  if (!isEmittableStatus(found.status)) throw conflict(refusalFor(found));

  const loaded = await ctx.load(requestId, now);
  let city: CityParameters | undefined;
  if (!existing) {
    // Checked first with the next number, none taken: a DPS refused before sending spends no number, and the
    // request stays as it was for the team to correct.
    const trial = await tryDps(ctx, loaded, now);
    if (trial.problem) return { kind: 'invalid', request: found, emission: null, problem: trial.problem };
    city = trial.city;
  }
  const allocated = await allocate(ctx, loaded);
  const claimed = allocated.token
    ? { token: allocated.token, emission: allocated.emission }
    : await ctx.claim(allocated.emission.id);
  if (!claimed) {
    // Someone else is running it (or just finished): their outcome is this call's too.
    const after = await waitForRun(ctx, requestId);
    if (after === 'free' && !options.waited) return emit(ctx, requestId, { ...options, waited: true });
    return current(ctx, requestId);
  }
  try {
    await runLeased(ctx, loaded, claimed.emission, claimed.token, { actor: options.actor ?? null, now, city });
  } catch (error) {
    // Taken over while it ran: what the run that took it comes to is this call's answer too.
    if (!(error instanceof LeaseLost)) throw error;
    logger.info(`NFS-e: the emission of request ${requestId} was taken over by another run`);
  }
  return current(ctx, requestId);
}

/**
 * One run of the emission machine on a row this run holds the lease of (`emission` as read once taken): the DPS
 * looked up first when a signed one was kept, else built, signed, kept, then sent. Every write is conditioned on the
 * lease; losing it stops the run before its next write or send (LeaseLost).
 */
export async function runLeased(
  ctx: EmissionContext,
  loaded: Loaded,
  emission: EmissionRow,
  token: string,
  { actor, now, city: checked }: { actor: string | null; now: Date; city?: CityParameters },
): Promise<void> {
  const { db, nfse } = ctx;
  const lease = ctx.holdLease(emission.id, token);
  let signedKept = emission.signedDpsXml !== null;
  let client: NfseClient | undefined;
  try {
    const replacing = await ctx.replacingOf(emission);
    const certificate = ctx.openCertificate(loaded.certificate);
    client = ctx.clientFor(certificate);
    const nationalClient = client;
    // A kept DPS is looked up or sent again as it is: the city's parameters matter only to a DPS still to be built.
    const city = emission.signedDpsXml ? undefined : (checked ?? (await ctx.cityParametersFor(nationalClient, loaded)));
    const running = emitNfse(
      { ...ctx.dpsContext(loaded, emission.dpsSeries, emission.dpsNumber, now, replacing), city },
      { privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem },
      {
        // The signed DPS is kept before it first leaves, and only while the lease is held (never over another run's
        // DPS): whoever takes the run over looks up or sends again that very DPS, never a second one.
        sendDps: async (dps) => {
          if (lease.lost()) throw new LeaseLost();
          if (!signedKept) {
            const [kept] = await db
              .update(nfseEmissions)
              .set({ signedDpsXml: dps.signedXml, dpsId: dps.id, problem: null, updatedAt: new Date() })
              .where(and(lease.owned, isNull(nfseEmissions.signedDpsXml)))
              .returning({ id: nfseEmissions.id });
            if (!kept) {
              lease.lose();
              throw new LeaseLost();
            }
            signedKept = true;
          }
          return nationalClient.sendDps(dps);
        },
        lookupDps: async (id) => {
          if (lease.lost()) throw new LeaseLost();
          return nationalClient.lookupDps(id);
        },
      },
      {
        signedDps: emission.signedDpsXml
          ? { id: emission.dpsId, signedXml: emission.signedDpsXml, body: emissionRequestBody(emission.signedDpsXml) }
          : null,
        checkDelayMs: nfse.checkDelayMs,
        retryAfterSeconds: nfse.retryAfterSeconds,
        algorithm: nfse.signatureAlgorithm,
      },
    );
    // A lost lease ends the run at once; the machine, left alone, ends on its own without sending (see sendDps).
    const output = await Promise.race([running, lease.whenLost.then(() => Promise.reject(new LeaseLost()))]);
    const run = { lease, request: loaded.request, actor, replacing };
    if (output.status === 'issued') await recordIssued(ctx, run, output);
    else if (output.status === 'rejected') await recordRejected(ctx, run, output.errors);
    else if (output.status === 'retryLater') await recordRetryLater(ctx, run, output);
    else await recordProblem(ctx, run, output.problem);
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    await ctx.letGo(lease, signedKept);
    throw error;
  } finally {
    lease.end();
    client?.close();
  }
}
