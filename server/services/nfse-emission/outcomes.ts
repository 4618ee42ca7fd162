/**
 * What each end of a run makes of the emission row and its request, one function per outcome: issued, rejected,
 * retry later, a problem that kept the DPS here, cancelled, substituted. Every flow that reaches an outcome (a
 * person's click, a schedule, the recovery sweep, a substitution) records it through the same function. Each write
 * is conditioned on the run's lease (`updateOwned`), so a run that lost it records nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import type { EmissionProblem, NfseEmissionOutput } from '@machines/nfseEmission.machine';
import type { DbExecutor } from '../../db/executor';
import type { NfsRequestRow } from '../../db/invoices';
import type { EmissionRow } from '../../db/nfse';
import { nfseEmissions } from '../../db/schema';
import type { SavedFile } from './files';
import { markedDanfse, publishInvoiceFiles, removeFile, saveIssuedFiles } from './files';
import type { EmissionContext, HeldLease, Replacing } from './shared';
import { lockRequest, moveRequest, refusalReason, substitutionReasonText } from './shared';

/** The run whose end is recorded: its lease, its request (as loaded), who ran it and what a substitute replaces. */
export interface RunEnd {
  lease: HeldLease;
  request: NfsRequestRow;
  actor: string | null;
  replacing?: Replacing;
}

/** A run that came to an end gives its lease back and counts one more attempt. */
const released = () => ({
  leaseToken: null,
  leaseUntil: null,
  attempts: sql`${nfseEmissions.attempts} + 1`,
  updatedAt: new Date(),
});

/**
 * Issued: the NFS-e XML and a DANFSe made here published as the request's documents in the transaction that marks it
 * issued; a substitute's issue also records the replaced one as substituted, in the same transaction.
 */
export async function recordIssued(
  ctx: EmissionContext,
  { lease, request: found, actor, replacing }: RunEnd,
  output: Extract<NfseEmissionOutput, { status: 'issued' }>,
): Promise<void> {
  const release = released();
  const { nfse: issued } = output;
  // The files first, under keys of their own; the rows that publish them in one transaction below.
  const files = await saveIssuedFiles(ctx, found.companyId, issued.xml);
  // The national system cancelled the replaced NFS-e as it issued this one: its DANFSe is drawn again, marked.
  const marked = replacing && (await markedDanfse(ctx, found.companyId, replacing.replaced.nfseXml, 'substituted'));
  const replacedNumber = replacing?.replaced.nfseNumber;
  const removed = await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, found.id);
    const issuedAt = new Date();
    // The emission first: a run that lost its lease publishes nothing and moves nothing.
    await ctx.updateOwned(tx, lease, {
      ...release,
      state: 'issued',
      dpsId: output.dpsId,
      accessKey: issued.accessKey,
      nfseNumber: issued.number,
      nfseXml: issued.xml,
      issuedAt,
      nextAttemptAt: null,
      lastError: null,
      errors: [],
      problem: null,
    });
    const published = await publishInvoiceFiles(tx, request, {
      kind: 'issued',
      number: issued.number,
      ...files,
      description: replacing
        ? `Nota fiscal nº ${issued.number} (NFS-e nacional), em substituição à nº ${replacedNumber}.`
        : `Nota fiscal nº ${issued.number} (NFS-e nacional).`,
      actor,
    });
    await moveRequest(tx, request, 'issued', {
      at: issuedAt,
      note: replacing
        ? `NFS-e nº ${issued.number} emitida pelo Sistema Nacional em substituição à nº ${replacedNumber}.`
        : `NFS-e nº ${issued.number} emitida pelo Sistema Nacional.`,
      actor,
      set: {
        invoiceNumber: issued.number,
        accessKey: issued.accessKey,
        pdfDocumentId: published.pdfDocumentId,
        xmlDocumentId: published.xmlDocumentId,
        issuedAt,
        reason: null,
      },
    });
    return replacing ? recordSubstituted(tx, replacing, issued.number, marked ?? null, { actor, at: issuedAt }) : null;
  });
  removeFile(ctx, removed);
}

/**
 * Rejected by the national system: the codes explained on the row and in the request's history. A refused substitute
 * leaves the invoice it was to replace as it was: the customer reads that, not a bare refusal.
 */
export async function recordRejected(
  { db, updateOwned }: EmissionContext,
  { lease, request: found, actor, replacing }: RunEnd,
  errors: ExplainedNationalError[],
): Promise<void> {
  const release = released();
  const reason = replacing
    ? `Substituição da NFS-e nº ${replacing.replaced.nfseNumber} recusada: a NFS-e nº ${replacing.replaced.nfseNumber} continua válida. ${refusalReason(errors)}`
    : refusalReason(errors);
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, found.id);
    await updateOwned(tx, lease, {
      ...release,
      state: 'rejected',
      errors,
      lastError: errors[0]?.explanation ?? reason,
      nextAttemptAt: null,
      problem: null,
    });
    await moveRequest(tx, request, 'rejected', {
      note: replacing ? reason : `Recusada pelo Sistema Nacional. ${reason}`,
      actor,
      set: { reason },
    });
  });
}

/**
 * No answer to rely on: the signed DPS kept with the next run's time (every later run looks it up first, never a new
 * number), the request shown as being processed.
 */
export async function recordRetryLater(
  { db, updateOwned }: EmissionContext,
  { lease, request: found, actor }: RunEnd,
  { plan, signedDps }: Extract<NfseEmissionOutput, { status: 'retryLater' }>,
): Promise<void> {
  const release = released();
  const nextAttemptAt = new Date(Date.now() + plan.afterSeconds * 1000);
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, found.id);
    await updateOwned(tx, lease, {
      ...release,
      state: 'retrying',
      signedDpsXml: signedDps.signedXml,
      dpsId: signedDps.id,
      nextAttemptAt,
      lastError: plan.reason,
      problem: null,
    });
    if (request.status === 'requested') {
      await moveRequest(tx, request, 'processing', {
        note: `Enviada ao Sistema Nacional sem resposta confiável (${plan.reason}); nova consulta programada.`,
        actor,
      });
    }
  });
}

/** A problem that kept the DPS here (nothing sent): said on the row for the team; the request unchanged. */
export async function recordProblem(
  { db, updateOwned }: EmissionContext,
  { lease }: RunEnd,
  problem: EmissionProblem,
): Promise<void> {
  await updateOwned(db, lease, { ...released(), state: 'ready', problem, lastError: problem.message });
}

/**
 * Cancelled at the national system (its event kept): the row and the request cancelled, and the DANFSe the customer
 * has drawn again with the CANCELADA mark (NT 008/2026) and published in its place.
 */
export async function recordCancelled(
  ctx: EmissionContext,
  { lease, request: found, actor }: RunEnd,
  { emission, eventXml, reason }: { emission: EmissionRow; eventXml: string; reason: string },
): Promise<void> {
  const marked = await markedDanfse(ctx, found.companyId, emission.nfseXml, 'cancelled');
  const removed = await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, found.id);
    const at = new Date();
    await ctx.updateOwned(tx, lease, {
      state: 'cancelled',
      cancellationEventXml: eventXml,
      cancellationReason: reason,
      cancelledAt: at,
      lastError: null,
      updatedAt: at,
      leaseToken: null,
      leaseUntil: null,
    });
    await moveRequest(tx, request, 'cancelled', {
      at,
      note: `Cancelada no Sistema Nacional: ${reason}`,
      actor,
      set: { reason },
    });
    const published = await publishInvoiceFiles(tx, request, {
      kind: 'marked',
      pdf: marked,
      name: `NFS-e ${emission.nfseNumber} (cancelada).pdf`,
    });
    return published.replacedKey;
  });
  removeFile(ctx, removed);
}

/**
 * In the substitute's issuing transaction: the replaced emission marked substituted, its request cancelled with the
 * substitute named in its history (what the customer reads), its DANFSe replaced by the marked one. Answers the
 * unmarked file's key, to remove after the commit.
 */
async function recordSubstituted(
  tx: DbExecutor,
  { replaced, reasonCode, reason }: Replacing,
  substituteNumber: string,
  marked: SavedFile | null,
  { actor, at }: { actor: string | null; at: Date },
): Promise<string | null> {
  const request = await lockRequest(tx, replaced.requestId);
  await tx
    .update(nfseEmissions)
    .set({ state: 'substituted', substitutedAt: at, lastError: null, updatedAt: at })
    .where(and(eq(nfseEmissions.id, replaced.id), eq(nfseEmissions.state, 'issued')));
  const published = await publishInvoiceFiles(tx, request, {
    kind: 'marked',
    pdf: marked,
    name: `NFS-e ${replaced.nfseNumber} (substituída).pdf`,
  });
  if (request.status === 'issued') {
    const why = `Substituída pela NFS-e nº ${substituteNumber} (${substitutionReasonText(reasonCode, reason)}).`;
    await moveRequest(tx, request, 'cancelled', { at, note: why, actor, set: { reason: why } });
  }
  return published.replacedKey;
}
