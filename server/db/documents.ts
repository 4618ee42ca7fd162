import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { CompanyDocument, DocumentType } from '../../domain';
import type { DbExecutor } from './companies';
import { documents } from './schema';

type DocumentRow = typeof documents.$inferSelect;

export function toDocumentDto(row: DocumentRow): CompanyDocument {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type,
    status: row.status,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    stepId: row.stepId,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findDocument(db: DbExecutor, companyId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)));
  return row;
}

/** Newest first, optionally of some types only. */
export async function listDocuments(
  db: DbExecutor,
  filter: { companyId: string; types?: DocumentType[]; limit: number; offset: number },
): Promise<{ data: CompanyDocument[]; total: number }> {
  const where = and(
    eq(documents.companyId, filter.companyId),
    filter.types?.length ? inArray(documents.type, filter.types) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(documents).where(where),
  ]);
  return { data: rows.map(toDocumentDto), total };
}
