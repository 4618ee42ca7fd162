/**
 * The invoice's files: the DANFSe drawn here (plain when issued, marked CANCELADA or SUBSTITUÍDA later) and the
 * NFS-e XML, saved under keys of their own before the transaction that publishes them as the request's documents.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor';
import type { NfsRequestRow } from '../../db/invoices';
import { documents } from '../../db/schema';
import type { DanfseStatus } from '../../nfse/danfse';
import type { EmissionContext } from './shared';

/** The DANFSe's PDF and QR code libraries (~2 s of a start on this machine) load with the first one drawn. */
const renderDanfse: typeof import('../../nfse/danfse').renderDanfse = async (...args) =>
  (await import('../../nfse/danfse')).renderDanfse(...args);

/** A file saved under a key of its own, not yet anyone's document. */
export interface SavedFile {
  key: string;
  bytes: Uint8Array;
}

/** An issued NFS-e's DANFSe and XML, saved; the rows that publish them come in one transaction after. */
export async function saveIssuedFiles(
  { storage }: EmissionContext,
  companyId: string,
  nfseXml: string,
): Promise<{ pdf: SavedFile; xml: SavedFile }> {
  const pdf = await renderDanfse(nfseXml, 'normal');
  const xml = new TextEncoder().encode(nfseXml);
  const pdfKey = `${companyId}/${randomUUID()}.pdf`;
  const xmlKey = `${companyId}/${randomUUID()}.xml`;
  await storage.save(pdfKey, pdf);
  await storage.save(xmlKey, xml);
  return { pdf: { key: pdfKey, bytes: pdf }, xml: { key: xmlKey, bytes: xml } };
}

/**
 * The DANFSe of an NFS-e this server issued, drawn again with its mark (CANCELADA, SUBSTITUÍDA) and saved under a
 * key of its own; null when it cannot be drawn (the national answer is recorded anyway, and the error logged).
 */
export async function markedDanfse(
  { storage, logger }: EmissionContext,
  companyId: string,
  xml: string | null,
  status: DanfseStatus,
): Promise<SavedFile | null> {
  if (!xml) return null;
  try {
    const bytes = await renderDanfse(xml, status);
    const key = `${companyId}/${randomUUID()}.pdf`;
    await storage.save(key, bytes);
    return { key, bytes };
  } catch (error) {
    logger.error(`NFS-e: the ${status} DANFSe could not be drawn`, error);
    return null;
  }
}

export type Publication =
  /** An issued NFS-e's files, each a new document of the request's company. */
  | {
      kind: 'issued';
      number: string;
      pdf: SavedFile;
      xml: SavedFile;
      /** What the customer's document list says of them. */
      description: string;
      actor: string | null;
    }
  /** A marked DANFSe (none when it could not be drawn), in the place of the request's PDF, under this name. */
  | { kind: 'marked'; pdf: SavedFile | null; name: string };

/**
 * Publishes an invoice's files as the request's documents, in the caller's transaction: an issued NFS-e's DANFSe and
 * XML as new documents; a marked DANFSe in the place of the request's PDF (the same document, so the customer's list
 * and links show the marked one and no unmarked copy stays behind). Answers the new documents and the replaced file's
 * key, to remove once the transaction commits.
 */
export async function publishInvoiceFiles(
  tx: DbExecutor,
  request: NfsRequestRow,
  publication: Publication,
): Promise<{ pdfDocumentId: string | null; xmlDocumentId: string | null; replacedKey: string | null }> {
  if (publication.kind === 'marked') {
    const { pdf: marked, name } = publication;
    if (!marked || !request.pdfDocumentId) return { pdfDocumentId: null, xmlDocumentId: null, replacedKey: null };
    const [previous] = await tx
      .select({ key: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, request.pdfDocumentId));
    await tx
      .update(documents)
      .set({ storageKey: marked.key, size: marked.bytes.length, name, updatedAt: new Date() })
      .where(eq(documents.id, request.pdfDocumentId));
    return { pdfDocumentId: request.pdfDocumentId, xmlDocumentId: null, replacedKey: previous?.key ?? null };
  }
  const { number, pdf, xml, description, actor } = publication;
  const file = (name: string, contentType: string, storageKey: string, size: number) => ({
    companyId: request.companyId,
    type: 'nota_fiscal' as const,
    name,
    contentType,
    size,
    storageKey,
    competence: request.competence,
    description,
    uploadedBy: actor,
    // The team's document whoever ran the emission: a person, an automatic schedule or a retry.
    publishedBy: actor,
    publishedBySystem: true,
  });
  const [pdfDocument] = await tx
    .insert(documents)
    .values(file(`NFS-e ${number}.pdf`, 'application/pdf', pdf.key, pdf.bytes.length))
    .returning({ id: documents.id });
  const [xmlDocument] = await tx
    .insert(documents)
    .values(file(`NFS-e ${number}.xml`, 'application/xml', xml.key, xml.bytes.length))
    .returning({ id: documents.id });
  return { pdfDocumentId: pdfDocument.id, xmlDocumentId: xmlDocument.id, replacedKey: null };
}

/** Removes a replaced file once the transaction that replaced it committed; a failure is only logged. */
export function removeFile({ storage, logger }: EmissionContext, key: string | null) {
  if (key)
    void storage.remove(key).catch((error: unknown) => logger.error('NFS-e: a replaced DANFSe could not be removed', error));
}
