/**
 * Documents made from files sent through a signed upload link (a company's, or a person's own), and a company
 * document moved along its lifecycle. The routes check the grant and who may; these write.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { DocumentActor, DocumentRegisterInput, DocumentStatus, PersonalDocumentRegisterSchema } from '@domain';
import { UPLOAD_TYPES, documentStatusRefusal } from '@domain';
import type { Database } from '../db/client';
import type { DocumentRow } from '../db/documents';
import { isStorageKeyRegistered } from '../db/documents';
import type { DbExecutor } from '../db/executor';
import { documents } from '../db/schema';
import { assertCompanyExists } from './companies';
import { ServiceError, conflict, notFound } from './errors';
import type { UploadGrant } from './signed-links';
import type { FileStorage } from './storage';

export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

/** What registering an uploaded file takes from the uploads' helper, which answers its refusals. */
export interface UploadedFiles {
  /** Serialises the registrations of one stored file, until the transaction ends. */
  lock(tx: DbExecutor, key: string): Promise<unknown>;
  /** The file's size once it is known to have arrived whole and of its kind; a refusal otherwise. */
  received(grant: UploadGrant): Promise<number>;
}

/**
 * POST /documents/register and /documents/publish: a company document from an uploaded file, its grant already
 * checked, under the file's lock so that one file never becomes two documents; the team's registrations are
 * publications.
 */
export async function registerCompanyDocument(
  { db }: { db: Database },
  {
    companyId,
    input,
    grant,
    uploads,
    actor,
    byTeam,
  }: {
    companyId: string;
    input: DocumentRegisterInput;
    grant: UploadGrant;
    uploads: UploadedFiles;
    actor: string;
    byTeam: boolean;
  },
): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    await uploads.lock(tx, grant.key);
    if (await isStorageKeyRegistered(tx, grant.key)) throw conflict('Este arquivo já foi registrado.');
    await assertCompanyExists(tx, companyId);
    const size = await uploads.received(grant);
    const [created] = await tx
      .insert(documents)
      .values({
        companyId,
        type: input.type,
        name: grant.name,
        contentType: UPLOAD_TYPES[grant.ext].contentType,
        size,
        storageKey: grant.key,
        dueDate: input.dueDate ?? null,
        amountCents: input.amountCents ?? null,
        competence: input.competence ?? null,
        description: input.description ?? null,
        uploadedBy: actor,
        publishedBy: byTeam ? actor : null,
      })
      .returning();
    return created;
  });
}

/**
 * POST /documents/personal/register: one of the person's own documents from an uploaded file, its grant already
 * checked, under the file's lock. One document per slot: the new one replaces the old, whose file goes once the
 * change is committed.
 */
export async function registerPersonalDocument(
  { db, storage }: { db: Database; storage: FileStorage },
  {
    owner,
    input,
    grant,
    uploads,
  }: {
    owner: string;
    input: v.InferOutput<typeof PersonalDocumentRegisterSchema>;
    grant: UploadGrant;
    uploads: UploadedFiles;
  },
): Promise<DocumentRow> {
  const { row, replaced } = await db.transaction(async (tx) => {
    await uploads.lock(tx, grant.key);
    if (await isStorageKeyRegistered(tx, grant.key)) throw conflict('Este arquivo já foi registrado.');
    const size = await uploads.received(grant);
    const replaced = await tx
      .delete(documents)
      .where(and(eq(documents.ownerUserId, owner), isNull(documents.companyId), eq(documents.type, input.type)))
      .returning({ storageKey: documents.storageKey });
    const [created] = await tx
      .insert(documents)
      .values({
        companyId: null,
        ownerUserId: owner,
        type: input.type,
        name: grant.name,
        contentType: UPLOAD_TYPES[grant.ext].contentType,
        size,
        storageKey: grant.key,
        uploadedBy: owner,
      })
      .returning();
    return { row: created, replaced };
  });
  await Promise.all(replaced.map((old) => storage.remove(old.storageKey)));
  return row;
}

/**
 * PUT /documents/{id}/status/{status}: a company's document moved to another status, under the row's lock, if the
 * lifecycle allows it for this actor (`documentStatusRefusal` in domain/: holding a document back is the team's call).
 */
export async function changeDocumentStatus(
  { db }: { db: Database },
  { companyId, id, status, actor }: { companyId: string; id: string; status: DocumentStatus; actor: DocumentActor },
): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.companyId, companyId)))
      .for('update');
    if (!document) throw notFound(DOCUMENT_NOT_FOUND);
    const refusal = documentStatusRefusal(document, status, actor);
    if (refusal) throw new ServiceError(refusal.status === 403 ? 'forbidden' : 'conflict', refusal.message);
    const now = new Date();
    const [row] = await tx
      .update(documents)
      .set({ status, updatedAt: now, ...(status === 'viewed' && !document.viewedAt ? { viewedAt: now } : {}) })
      .where(eq(documents.id, id))
      .returning();
    return row;
  });
}
