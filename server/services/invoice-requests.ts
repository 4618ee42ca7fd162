/**
 * An invoice request's writes, each in one transaction: the customer asking for one and withdrawing it before the team
 * starts issuing it; and what the team does to it by hand under the request's lock: correcting it before it is sent,
 * and moving it along its lifecycle (an invoice issued elsewhere registered with its files). The routes check the
 * input and the uploads; these write.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { NfsRequestCorrection, NfsRequestStatus } from '@domain';
import {
  NFS_MESSAGES,
  UPLOAD_TYPES,
  canDeleteNfsRequest,
  competenceLabel,
  foreignCustomerKey,
  formatMoney,
  nfsStatusChangeRefusal,
  reaisToCents,
} from '@domain';
import { formatNationalServiceCode, profileForService } from '@domain/fiscalProfile';
import type { Database } from '../db/client';
import type { DbExecutor } from '../db/executor';
import { isStorageKeyRegistered } from '../db/documents';
import type { NfsRequestRow } from '../db/invoices';
import { rememberCustomer } from '../db/invoices';
import { findFiscalProfile, profileOf } from '../db/nfse';
import { documents, nfseEmissions, nfsRequestStatusChanges, nfsRequests } from '../db/schema';
import { ServiceError, conflict, invalid, notFound } from './errors';
import type { UploadGrant } from './signed-links';

/**
 * An invoice's fields as stored, the same on a request and on a schedule, already checked by the route (an operating
 * company, one of its activities and services, the tomador's address where the ISS is due there): the tomador's
 * document in one column (its NIF abroad), the value in centavos.
 */
export type InvoiceFields = Pick<
  NfsRequestRow,
  | 'emissionType'
  | 'customerDocument'
  | 'customerNoNifReason'
  | 'customerAddress'
  | 'customerName'
  | 'customerEmail'
  | 'description'
  | 'activity'
  | 'serviceItem'
  | 'serviceCode'
  | 'totalCents'
  | 'issWithheld'
>;

/**
 * POST /nfs/requests: the customer asks for an invoice for a month. Its first line in the history, and the tomador
 * remembered for the next request, are written with it.
 */
export async function createRequest(
  { db }: { db: Database },
  { companyId, fields, competence, actor }: { companyId: string; fields: InvoiceFields; competence: string; actor: string },
): Promise<NfsRequestRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(nfsRequests)
      .values({ companyId, ...fields, competence, createdBy: actor })
      .returning();
    await tx.insert(nfsRequestStatusChanges).values({ requestId: created.id, toStatus: 'requested', changedBy: actor });
    await rememberCustomer(tx, companyId, {
      emissionType: fields.emissionType,
      document:
        fields.emissionType === 'foreign'
          ? foreignCustomerKey(fields.customerDocument, fields.customerName)
          : fields.customerDocument,
      name: fields.customerName,
      email: fields.customerEmail,
      customerAddress: fields.customerAddress,
      customerNoNifReason: fields.customerNoNifReason,
    });
    return created;
  });
}

/**
 * DELETE /nfs/requests/{id}: the customer withdraws a request the team has not started issuing. Checked and deleted
 * under the row's lock: the team issuing it at the same moment waits, or is waited for.
 */
export async function deleteRequest(
  { db }: { db: Database },
  { companyId, id }: { companyId: string; id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ status: nfsRequests.status })
      .from(nfsRequests)
      .where(and(eq(nfsRequests.id, id), eq(nfsRequests.companyId, companyId)))
      .for('update');
    if (!request) throw notFound(NFS_MESSAGES.requestNotFound);
    if (!canDeleteNfsRequest(request.status)) {
      throw conflict('Esta nota não pode mais ser excluída: a equipe já está emitindo ou já emitiu. Peça o cancelamento.');
    }
    await tx.delete(nfsRequests).where(eq(nfsRequests.id, id));
  });
}

type Corrected = Pick<NfsRequestRow, 'serviceCode' | 'description' | 'totalCents' | 'competence'>;

/** "Corrigida pela equipe: serviço 01.07.01 → 01.08.01; valor R$ 1.500,00 → R$ 1.200,00.", or null when nothing changed. */
function correctionNote(before: Corrected, after: Corrected, mainService: string | null): string | null {
  const service = (code: string | null) => {
    const shown = code ?? mainService;
    return shown ? formatNationalServiceCode(shown) : 'o principal';
  };
  const changes = [
    before.serviceCode !== after.serviceCode && `serviço ${service(before.serviceCode)} → ${service(after.serviceCode)}`,
    before.description !== after.description && 'descrição',
    before.totalCents !== after.totalCents && `valor ${formatMoney(before.totalCents)} → ${formatMoney(after.totalCents)}`,
    before.competence !== after.competence &&
      `competência ${competenceLabel(before.competence)} → ${competenceLabel(after.competence)}`,
  ].filter(Boolean);
  return changes.length ? `Corrigida pela equipe: ${changes.join('; ')}.` : null;
}

/**
 * The team corrects a request not yet sent (its service, description, value, month) instead of refusing it; the
 * change is written in its history. Answers the request as it stands (unchanged when nothing changed).
 */
export async function correctRequest(
  { db }: { db: Database },
  { id, input, actor }: { id: string; input: NfsRequestCorrection; actor: string },
): Promise<NfsRequestRow> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, id)).for('update');
    if (!request) throw notFound(NFS_MESSAGES.requestNotFound);
    if (request.status !== 'requested') throw conflict(NFS_MESSAGES.notCorrectable);
    const [emission] = await tx
      .select({ signed: nfseEmissions.signedDpsXml })
      .from(nfseEmissions)
      .where(eq(nfseEmissions.requestId, id));
    if (emission?.signed) throw conflict(NFS_MESSAGES.alreadySigned);
    const serviceCode = input.serviceCode || null;
    const profile = await findFiscalProfile(tx, request.companyId);
    if (serviceCode && !(profile && profileForService(profileOf(profile), serviceCode))) {
      throw invalid(NFS_MESSAGES.serviceNotOffered, { serviceCode: NFS_MESSAGES.serviceNotOffered });
    }
    const corrected = {
      serviceCode,
      // A subitem typed before services were chosen gives way to the service the team sets.
      serviceItem: serviceCode ? null : request.serviceItem,
      description: input.description,
      totalCents: reaisToCents(input.totalValue),
      competence: input.competence,
    };
    const note = correctionNote(request, corrected, profile?.serviceCode ?? null);
    if (!note) return request;
    const [row] = await tx
      .update(nfsRequests)
      .set({ ...corrected, updatedAt: new Date() })
      .where(eq(nfsRequests.id, id))
      .returning();
    // What an earlier try found wrong is about the request as it was.
    await tx
      .update(nfseEmissions)
      .set({ problem: null, lastError: null, updatedAt: new Date() })
      .where(and(eq(nfseEmissions.requestId, id), isNull(nfseEmissions.signedDpsXml)));
    await tx.insert(nfsRequestStatusChanges).values({
      requestId: id,
      fromStatus: request.status,
      toStatus: request.status,
      note,
      changedBy: actor,
    });
    return row;
  });
}

/** One of an invoice's files the team uploaded, its grant already checked (its company, its kind, its uploader). */
export interface InvoiceUpload {
  /** The form's field it came in (`pdfUploadToken`, `xmlUploadToken`): refusals name it. */
  field: string;
  grant: UploadGrant;
}

/** What registering an uploaded file takes from the uploads' helper, which answers its refusals. */
export interface UploadReception {
  /** Serialises the registrations of one stored file, until the transaction ends. */
  lock(tx: DbExecutor, key: string): Promise<unknown>;
  /** The file's size once it is known to have arrived whole and of its kind; a refusal otherwise. */
  received(upload: InvoiceUpload): Promise<number>;
}

/** What a status change carries, already checked against the status's schema. */
export interface StatusChangeInput {
  invoiceNumber?: string;
  accessKey?: string;
  reason?: string;
}

/**
 * Moves a request to another status if its lifecycle allows it, with its line in the history; an invoice issued
 * elsewhere is registered with its number, key and uploaded files (published as the customer's documents).
 */
export async function changeRequestStatus(
  { db }: { db: Database },
  {
    id,
    status,
    data,
    files,
    uploads,
    actor,
  }: {
    id: string;
    status: NfsRequestStatus;
    data: StatusChangeInput;
    files: InvoiceUpload[];
    uploads: UploadReception;
    actor: string;
  },
): Promise<NfsRequestRow> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, id)).for('update');
    if (!request) throw notFound(NFS_MESSAGES.requestNotFound);
    const refusal = nfsStatusChangeRefusal(request.status, status);
    if (refusal) throw conflict(refusal);
    // Held apart until now: the files become the customer's documents with the invoice, or not at all.
    const published: Record<string, string> = {};
    for (const upload of files) {
      const { field, grant } = upload;
      await uploads.lock(tx, grant.key);
      if (await isStorageKeyRegistered(tx, grant.key)) {
        const again = 'Este arquivo já foi registrado: envie-o de novo.';
        throw new ServiceError('conflict', again, { [field]: again });
      }
      const size = await uploads.received(upload);
      const [document] = await tx
        .insert(documents)
        .values({
          companyId: request.companyId,
          type: 'nota_fiscal',
          name: grant.name,
          contentType: UPLOAD_TYPES[grant.ext].contentType,
          size,
          storageKey: grant.key,
          competence: request.competence,
          description: `Nota fiscal nº ${data.invoiceNumber}.`,
          uploadedBy: actor,
          publishedBy: actor,
        })
        .returning({ id: documents.id });
      published[field] = document.id;
    }
    const now = new Date();
    const [row] = await tx
      .update(nfsRequests)
      .set({
        status,
        statusChangedAt: now,
        updatedAt: now,
        ...(status === 'issued'
          ? {
              invoiceNumber: data.invoiceNumber,
              accessKey: data.accessKey ?? null,
              pdfDocumentId: published.pdfUploadToken ?? null,
              xmlDocumentId: published.xmlUploadToken ?? null,
              issuedAt: now,
              reason: null,
            }
          : {}),
        ...(data.reason ? { reason: data.reason } : {}),
      })
      .where(eq(nfsRequests.id, id))
      .returning();
    await tx.insert(nfsRequestStatusChanges).values({
      requestId: id,
      fromStatus: request.status,
      toStatus: status,
      note: data.reason ?? (status === 'issued' ? `Nota nº ${data.invoiceNumber}.` : null),
      changedBy: actor,
    });
    return row;
  });
}
