/** Cancelling an NFS-e issued here (event 101101), under the emission row's lease like an emission run. */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { CancellationReasonCode } from '@domain/nfseEmission';
import type { NfsRequestRow } from '../../db/invoices';
import { findRequest } from '../../db/invoices';
import type { EmissionRow } from '../../db/nfse';
import { findEmission } from '../../db/nfse';
import { nfseEmissions } from '../../db/schema';
import { conflict, invalid, notFound, unavailable, unprocessable } from '../errors';
import type { NfseClient } from '../../nfse/client';
import { EventBuildError, prepareSignedCancellation } from '../../nfse/event';
import { packXml } from '../../nfse/package';
import { leaseFree } from './leases';
import { recordCancelled } from './outcomes';
import type { EmissionContext, Loaded } from './shared';
import { LeaseLost, MESSAGES, refusalReason } from './shared';

export type CancelResult = { request: NfsRequestRow; emission: EmissionRow };

/** Cancels an NFS-e issued here (event 101101): the same call again answers the same. */
export async function cancel(
  ctx: EmissionContext,
  requestId: string,
  input: { reason: string; reasonCode: CancellationReasonCode },
  options: { actor?: string | null; now?: Date } = {},
): Promise<CancelResult> {
  const { db } = ctx;
  const now = options.now ?? new Date();
  const request = await findRequest(db, requestId);
  if (!request) throw notFound(MESSAGES.requestNotFound);
  const emission = await findEmission(db, requestId);
  if (request.status === 'cancelled' && emission?.state === 'cancelled') return { request, emission };
  if (request.status !== 'issued') throw conflict(MESSAGES.notIssued);
  if (!emission || emission.state !== 'issued' || !emission.accessKey) throw conflict(MESSAGES.manualIssue);
  const loaded = await ctx.load(requestId, now);
  const token = randomUUID();
  const [claimed] = await db
    .update(nfseEmissions)
    .set({ leaseToken: token, leaseUntil: ctx.leaseEnd() })
    .where(and(eq(nfseEmissions.id, emission.id), eq(nfseEmissions.state, 'issued'), leaseFree))
    .returning();
  if (!claimed) throw conflict('O cancelamento desta nota já está em andamento. Atualize em instantes.');
  try {
    await cancelLeased(ctx, loaded, claimed, token, { input, actor: options.actor ?? null, now });
  } catch (error) {
    // Taken over: the run that took it answers for it; this call answers what the request is now.
    if (!(error instanceof LeaseLost)) throw error;
  }
  const [after, afterEmission] = await Promise.all([findRequest(db, requestId), findEmission(db, requestId)]);
  return { request: after!, emission: afterEmission! };
}

/**
 * A cancellation on a row this run holds the lease of: the signed request kept before it is sent (so a run that
 * takes over sends the very same one, and the national system answers the same event), then registered. A run the
 * recovery sweep resumed (`input` absent: the request was kept) that gets no answer keeps the row for the next sweep.
 */
export async function cancelLeased(
  ctx: EmissionContext,
  loaded: Loaded,
  emission: EmissionRow,
  token: string,
  { input, actor, now }: { input?: { reason: string; reasonCode: CancellationReasonCode }; actor: string | null; now: Date },
): Promise<void> {
  const { db, nfse, logger } = ctx;
  const requestId = loaded.request.id;
  const lease = ctx.holdLease(emission.id, token);
  let release = true;
  let client: NfseClient | undefined;
  try {
    const certificate = ctx.openCertificate(loaded.certificate);
    client = ctx.clientFor(certificate);
    // A request sent before without an answer goes again as it was: the national system answers the same event.
    let signedXml = emission.cancellationRequestXml;
    if (!signedXml) {
      if (!input) throw new Error('A cancellation resumed without its signed request');
      try {
        signedXml = prepareSignedCancellation(
          {
            accessKey: emission.accessKey!,
            authorCnpj: loaded.companyCnpj,
            reasonCode: input.reasonCode,
            reason: input.reason,
            environment: nfse.environment,
            requestedAt: now,
          },
          { privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem },
        ).signedXml;
      } catch (error) {
        if (error instanceof EventBuildError) {
          const field = error.field === 'reasonCode' ? 'reasonCode' : 'reason';
          throw invalid(error.message, { [field]: error.message });
        }
        throw error;
      }
      const [kept] = await db
        .update(nfseEmissions)
        .set({ cancellationRequestXml: signedXml, cancellationReason: input.reason, updatedAt: new Date() })
        .where(and(lease.owned, isNull(nfseEmissions.cancellationRequestXml)))
        .returning({ id: nfseEmissions.id });
      if (!kept) {
        lease.lose();
        throw new LeaseLost();
      }
    }
    if (lease.lost()) throw new LeaseLost();
    const outcome = await Promise.race([
      client.registerEvent(emission.accessKey!, { pedidoRegistroEventoXmlGZipB64: packXml(signedXml) }),
      lease.whenLost.then(() => Promise.reject(new LeaseLost())),
    ]);
    if (outcome.outcome === 'uncertain') {
      if (!input) {
        // Resumed by the sweep, nobody waiting: the same request goes again at a later sweep.
        release = false;
        await ctx.pause(lease);
        return;
      }
      throw unavailable(MESSAGES.cancelUncertain);
    }
    if (outcome.outcome === 'rejected') {
      const reason = refusalReason(outcome.errors);
      await ctx.updateOwned(db, lease, { lastError: outcome.errors[0]?.explanation ?? reason, updatedAt: new Date() });
      if (!input) {
        logger.error(`NFS-e: the national system refused the resumed cancellation of request ${requestId}: ${reason}`);
        return;
      }
      throw unprocessable(`O Sistema Nacional recusou o cancelamento. ${reason}`);
    }
    const reason = emission.cancellationReason ?? input?.reason ?? '';
    await recordCancelled(ctx, { lease, request: loaded.request, actor }, { emission, eventXml: outcome.eventXml, reason });
  } catch (error) {
    if (error instanceof LeaseLost) release = false;
    throw error;
  } finally {
    lease.end();
    if (release) {
      await db
        .update(nfseEmissions)
        .set({ leaseToken: null, leaseUntil: null })
        .where(lease.owned)
        .catch((error: unknown) => logger.error('NFS-e: a cancellation could not release its lease', error));
    }
    client?.close();
  }
}
