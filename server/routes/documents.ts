import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import {
  DOCUMENT_TYPES,
  DocumentUploadSchema,
  MAX_UPLOAD_BYTES,
  PAGE_SIZE,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  contentMatchesExtension,
  extensionOf,
  paginationQuery,
  validate,
} from '../../domain';
import type { AppDeps } from '../app';
import { assertCompanyAccess, authenticate } from '../auth/middleware';
import { findDocument, listDocuments, toDocumentDto } from '../db/documents';
import { documents } from '../db/schema';
import { HttpError, badRequest, notFound } from '../http/errors';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';

const CompanyQuery = { companyId: v.pipe(v.string('Informe a empresa.'), v.uuid('Empresa inválida.')) };
const DocumentType = v.picklist(DOCUMENT_TYPES, 'Tipo de documento inválido.');

const ListQuerySchema = v.object({
  ...CompanyQuery,
  // `type` may repeat (spec §7).
  type: v.optional(
    v.pipe(
      v.union([DocumentType, v.array(DocumentType)], 'Tipo de documento inválido.'),
      v.transform((t) => (Array.isArray(t) ? t : [t])),
    ),
  ),
  ...paginationQuery(PAGE_SIZE.documents),
});

/** `filename*` keeps accents and spaces of the original name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Spec §7 Documents: list, upload (the file and its type in one multipart call) and download. */
export function documentsRoutes({ db, identity, storage }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/documents', authenticate(identity))
    .use('/documents/*', authenticate(identity))
    .get('/documents', valid('query', ListQuerySchema), async (c) => {
      const { companyId, type, limit, offset } = c.req.valid('query');
      assertCompanyAccess(c, companyId);
      return c.json(await listDocuments(db, { companyId, types: type, limit, offset }));
    })
    .post('/documents', valid('query', v.object(CompanyQuery)), async (c) => {
      const { companyId } = c.req.valid('query');
      assertCompanyAccess(c, companyId);
      if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
        throw badRequest('Envie o arquivo como multipart/form-data no campo "file".');
      }
      const form = await c.req.parseBody().catch(() => {
        throw badRequest('Não foi possível ler o arquivo enviado.');
      });
      const fields = validate(DocumentUploadSchema, { type: form.type, ...(form.stepId ? { stepId: form.stepId } : {}) });
      if (!fields.ok) throw badRequest(fields.message, fields.fields);
      const file = form.file;
      if (!(file instanceof File)) throw badRequest(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
      if (file.size === 0) throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
      if (file.size > MAX_UPLOAD_BYTES) throw new HttpError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
      const extension = extensionOf(file.name);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!UPLOAD_TYPES[extension] || !contentMatchesExtension(extension, bytes.slice(0, 64))) {
        throw new HttpError(415, 'unsupported_media_type', UPLOAD_MESSAGES.unsupported);
      }
      // The key is ours: the person's file name is kept only as data.
      const storageKey = `${companyId}/${randomUUID()}.${extension}`;
      await storage.save(storageKey, bytes);
      const name = file.name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(-200);
      const [row] = await db
        .insert(documents)
        .values({
          companyId,
          type: fields.value.type,
          stepId: fields.value.stepId ?? null,
          name,
          contentType: UPLOAD_TYPES[extension].contentType,
          size: file.size,
          storageKey,
          uploadedBy: c.var.identity.uid,
        })
        .returning();
      return c.json({ data: toDocumentDto(row) }, 201);
    })
    .get(
      '/documents/:id/file',
      validator('param', (params: Record<string, string>) => {
        if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound('Documento não encontrado.');
        return { id: params.id };
      }),
      valid('query', v.object(CompanyQuery)),
      async (c) => {
        const { companyId } = c.req.valid('query');
        assertCompanyAccess(c, companyId);
        const document = await findDocument(db, companyId, c.req.valid('param').id);
        if (!document) throw notFound('Documento não encontrado.');
        const file = await storage.open(document.storageKey);
        if (!file) throw notFound('O arquivo deste documento não está mais disponível.');
        return new Response(file.stream, {
          headers: {
            'content-type': document.contentType,
            'content-length': String(file.size),
            'content-disposition': contentDisposition(document.name),
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        });
      },
    );
}
