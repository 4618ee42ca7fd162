/**
 * Substituting an NFS-e issued here: a new request linked to the replaced one, run through the emission flow (emit.ts)
 * with a DPS that carries `subst`; its issue records the replaced one as substituted (outcomes.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Substitution } from '@domain/nfseEmission';
import { SUBSTITUTION_MESSAGES, substitutionKeepsValue } from '@domain/nfseEmission';
import type { DbExecutor } from '../../db/executor';
import type { NfsRequestRow } from '../../db/invoices';
import { findRequest } from '../../db/invoices';
import type { EmissionRow } from '../../db/nfse';
import { findEmission, nextDpsNumber } from '../../db/nfse';
import { nfsRequestStatusChanges, nfsRequests, nfseEmissions } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../errors';
import { DpsBuildError, buildDpsFromRequest } from '../../nfse/dps';
import { explainNationalError } from '../../nfse/errors';
import { ruleMessage } from '../../nfse/rules';
import { validateDpsBeforeSending } from '../../nfse/validate';
import { emit, insertEmission, runLeased } from './emit';
import type { EmissionContext, Replacing } from './shared';
import { LeaseLost, MESSAGES, lockRequest, refusalReason, substitutionReasonText } from './shared';

/** A substitution: the replaced request and the substitute, each with its emission. */
export type SubstituteResult = {
  replaced: { request: NfsRequestRow; emission: EmissionRow };
  substitute: { request: NfsRequestRow; emission: EmissionRow };
};

/** The substitute of an emission still standing (being sent, waiting on the national system, or issued). */
async function liveSubstitute(tx: DbExecutor, emissionId: string): Promise<EmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(nfseEmissions)
    .where(and(eq(nfseEmissions.replacesEmissionId, emissionId), ne(nfseEmissions.state, 'rejected')));
  return row;
}

/**
 * Substitutes an NFS-e issued here with a corrected one: a new request (see index.ts) whose DPS carries `subst`
 * naming the old key, sent through the emission flow. The same call again — or while the first one runs — comes
 * to the same substitute: one live substitute per NFS-e, held by the replaced request's lock and a unique index.
 * Refusals are said before anything is taken when the product can tell (a cancelled NFS-e, E0046; what may not
 * change, E0060; the layout and rules of the DPS as it would be sent); the national system's, after.
 */
export async function substitute(
  ctx: EmissionContext,
  requestId: string,
  input: Substitution,
  options: { actor?: string | null; now?: Date } = {},
): Promise<SubstituteResult> {
  const { db, nfse } = ctx;
  const now = options.now ?? new Date();
  const actor = options.actor ?? null;
  const request = await findRequest(db, requestId);
  if (!request) throw notFound(MESSAGES.requestNotFound);
  const emission = await findEmission(db, requestId);
  if (emission?.state === 'substituted') return substitution(ctx, requestId);
  if (request.status === 'cancelled' || emission?.state === 'cancelled') {
    const refusal = explainNationalError({ code: 'E0046', description: ruleMessage('E0046') });
    throw conflict(`Esta nota está cancelada. ${refusalReason([refusal])}`);
  }
  if (request.status !== 'issued') throw conflict(MESSAGES.notIssuedForSubstitution);
  if (!emission || emission.state !== 'issued' || !emission.accessKey) throw conflict(MESSAGES.manualSubstitution);
  if (emission.cancellationRequestXml) throw conflict(MESSAGES.cancellationPending);
  const running = await liveSubstitute(db, emission.id);
  if (running) return resumeSubstitute(ctx, requestId, running, actor);

  const loaded = await ctx.load(requestId, now);
  if (
    input.totalCents !== undefined &&
    input.totalCents !== request.totalCents &&
    substitutionKeepsValue(loaded.profile.taxRegime)
  ) {
    throw unprocessable(SUBSTITUTION_MESSAGES.valueLocked, {
      totalCents: SUBSTITUTION_MESSAGES.valueLocked,
    });
  }
  const corrected: NfsRequestRow = {
    ...request,
    description: input.description ?? request.description,
    totalCents: input.totalCents ?? request.totalCents,
    customerName: input.customerName ?? request.customerName,
    customerEmail: input.customerEmail === undefined ? request.customerEmail : input.customerEmail,
  };
  const replacing: Replacing = { replaced: emission, reasonCode: input.reasonCode, reason: input.reason };
  // The DPS as it will be sent, checked with the next number (none taken): a refusal costs no number, no request.
  const series = loaded.profile.dpsSeries;
  try {
    const trial = buildDpsFromRequest(
      ctx.dpsContext(
        { ...loaded, request: corrected },
        series,
        await nextDpsNumber(db, request.companyId, series),
        now,
        replacing,
      ),
    );
    const validation = validateDpsBeforeSending(trial.xml, {
      environment: nfse.environment,
      now,
      replaced: emission.signedDpsXml ? { accessKey: emission.accessKey, dpsXml: emission.signedDpsXml } : undefined,
    });
    if (!validation.ok) {
      const fields = Object.fromEntries(validation.issues.map((issue) => [issue.path || issue.field, issue.message]));
      throw unprocessable(`A substituição não foi enviada: ${validation.message}`, fields);
    }
  } catch (error) {
    if (error instanceof DpsBuildError) throw unprocessable(error.message);
    throw error;
  }

  const created = await db.transaction(async (tx) => {
    const old = await lockRequest(tx, requestId);
    if (old.status !== 'issued') throw conflict(MESSAGES.notIssuedForSubstitution);
    const live = await liveSubstitute(tx, emission.id);
    if (live) return { live, fresh: null };
    // The substitute copies every column of the request (the tomador's, the service's), then the corrections; what
    // belongs to the old invoice (its number, key, files, status, schedule slot) stays behind.
    const {
      id: _id,
      status: _status,
      invoiceNumber: _number,
      accessKey: _key,
      pdfDocumentId: _pdf,
      xmlDocumentId: _xml,
      reason: _reason,
      issuedAt: _issuedAt,
      scheduleId: _schedule,
      scheduleMonth: _month,
      statusChangedAt: _changedAt,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      createdBy: _createdBy,
      ...kept
    } = corrected;
    const [fresh] = await tx
      .insert(nfsRequests)
      .values({ ...kept, status: 'requested', createdBy: actor })
      .returning();
    await tx.insert(nfsRequestStatusChanges).values({
      requestId: fresh.id,
      toStatus: 'requested',
      note: `Substitui a NFS-e nº ${emission.nfseNumber} (${substitutionReasonText(input.reasonCode, input.reason)}).`,
      changedBy: actor,
    });
    const allocated = await insertEmission(ctx, tx, { ...loaded, request: fresh }, fresh, {
      replacesEmissionId: emission.id,
      substitutionReasonCode: input.reasonCode,
      substitutionReason: input.reason || null,
    });
    return { fresh, ...allocated };
  });
  if (!created.fresh) return resumeSubstitute(ctx, requestId, created.live, actor);
  try {
    await runLeased(ctx, { ...loaded, request: created.fresh }, created.emission, created.token, { actor, now });
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error;
  }
  return substitution(ctx, requestId);
}

/** A substitute already under way or issued: its emission run (or its outcome), then the substitution as it stands. */
async function resumeSubstitute(ctx: EmissionContext, requestId: string, substitute: EmissionRow, actor: string | null) {
  if (substitute.state === 'ready' || substitute.state === 'retrying') await emit(ctx, substitute.requestId, { actor });
  return substitution(ctx, requestId);
}

/**
 * The replaced request and its substitute as they stand; the substitute's refusal or problem as the caller's error
 * (the team reads each national code explained, or the field the layout refused).
 */
async function substitution({ db }: EmissionContext, requestId: string): Promise<SubstituteResult> {
  const [request, emission] = await Promise.all([findRequest(db, requestId), findEmission(db, requestId)]);
  if (!request || !emission) throw notFound(MESSAGES.requestNotFound);
  const [substitute] = await db
    .select()
    .from(nfseEmissions)
    .where(eq(nfseEmissions.replacesEmissionId, emission.id))
    .orderBy(sql`${nfseEmissions.createdAt} desc`)
    .limit(1);
  const substituteRequest = substitute && (await findRequest(db, substitute.requestId));
  if (!substitute || !substituteRequest) throw conflict(MESSAGES.notIssuedForSubstitution);
  if (substitute.state === 'rejected') {
    throw unprocessable(`O Sistema Nacional recusou a substituição. ${refusalReason(substitute.errors)}`);
  }
  if (substitute.state === 'ready' && substitute.problem) {
    throw unprocessable(`A substituição não foi enviada: ${substitute.problem.message}`);
  }
  return {
    replaced: { request, emission },
    substitute: { request: substituteRequest, emission: substitute },
  };
}
