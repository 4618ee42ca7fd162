/** A company's documents made from files sent through a signed upload link. The routes check the grant; these write. */
import { eq } from 'drizzle-orm';
import type { DocumentRegisterInput } from '@domain';
import { UPLOAD_TYPES } from '@domain';
import type { Database } from '../db/client';
import type { DocumentRow } from '../db/documents';
import { isStorageKeyRegistered } from '../db/documents';
import type { DbExecutor } from '../db/executor';
import { companies, documents } from '../db/schema';
import { conflict, notFound } from './errors';
import type { UploadGrant } from './signed-links';

/** What registering an uploaded file takes from the uploads' helper, which answers its refusals. */
export interface UploadedFiles {
  /** Serialises the registrations of one stored file, until the transaction ends. */
  lock(tx: DbExecutor, key: string): Promise<unknown>;
  /** The file's size once it is known to have arrived whole and of its kind; a refusal otherwise. */
  received(grant: UploadGrant): Promise<number>;
}

export async function assertCompanyExists(db: DbExecutor, companyId: string): Promise<void> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Empresa não encontrada.');
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
