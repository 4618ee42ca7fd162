import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { CompanyDocument, DocumentStatus, DocumentType } from '@domain';
import type { DbExecutor } from './executor';
import { readTogether } from './executor';
import { documents } from './schema';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * Whether the team published it: a team member (`publishedBy`) or the product on the team's behalf (the national
 * NFS-e emission, even when a schedule or a retry ran it). Everything else the customer uploaded.
 */
export const isPublishedByTeam = (row: Pick<DocumentRow, 'publishedBy' | 'publishedBySystem'>) =>
  row.publishedBy !== null || row.publishedBySystem;

export function toDocumentDto(row: DocumentRow): CompanyDocument {
  return {
    id: row.id,
    companyId: row.companyId,
    ownerUserId: row.ownerUserId,
    type: row.type,
    status: row.status,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    stepId: row.stepId,
    uploadedBy: row.uploadedBy,
    publishedBy: row.publishedBy,
    publishedByTeam: isPublishedByTeam(row),
    dueDate: row.dueDate,
    amountCents: row.amountCents,
    competence: row.competence,
    description: row.description,
    viewedAt: row.viewedAt?.toISOString() ?? null,
    isNew: isPublishedByTeam(row) && row.viewedAt === null && !['paid', 'archived'].includes(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A company's document; undefined when it does not exist or belongs to someone else. */
export async function findDocument(db: DbExecutor, companyId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)));
  return row;
}

/** A person's own document. */
export async function findPersonalDocument(db: DbExecutor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), isNull(documents.companyId)));
  return row;
}

/** Newest first, optionally of some types or statuses only; archived ones only when asked for by status. */
export async function listDocuments(
  db: DbExecutor,
  filter: { companyId: string; types?: DocumentType[]; statuses?: DocumentStatus[]; limit: number; offset: number },
): Promise<{ data: CompanyDocument[]; total: number }> {
  const where = and(
    eq(documents.companyId, filter.companyId),
    filter.types?.length ? inArray(documents.type, filter.types) : undefined,
    filter.statuses?.length ? inArray(documents.status, filter.statuses) : ne(documents.status, 'archived'),
  );
  const [rows, [{ total }]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(documents)
        .where(where)
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(filter.limit)
        .offset(filter.offset),
    () => db.select({ total: count() }).from(documents).where(where),
  ]);
  return { data: rows.map(toDocumentDto), total };
}

/** A person's own documents, newest first (at most one per type is kept). */
export async function listPersonalDocuments(db: DbExecutor, ownerUserId: string): Promise<CompanyDocument[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.ownerUserId, ownerUserId), isNull(documents.companyId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toDocumentDto);
}

/** Whether a stored file already belongs to a document (an upload link is registered once). */
export async function isStorageKeyRegistered(db: DbExecutor, storageKey: string): Promise<boolean> {
  const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.storageKey, storageKey)).limit(1);
  return Boolean(row);
}

/**
 * The customer opened what the team published: remember when, and an available document becomes viewed. Only the
 * first time counts; a concurrent second download changes nothing.
 */
export async function markViewed(db: DbExecutor, row: DocumentRow, now = new Date()): Promise<void> {
  if (!isPublishedByTeam(row) || row.viewedAt !== null) return;
  await db
    .update(documents)
    .set({
      viewedAt: now,
      updatedAt: now,
      status: sql`case when ${documents.status} = 'available' then 'viewed'::document_status else ${documents.status} end`,
    })
    .where(and(eq(documents.id, row.id), isNull(documents.viewedAt)));
}
