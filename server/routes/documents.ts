import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { DocumentStatus } from '@domain';
import {
  CompanyQuerySchema,
  contentMatchesExtension,
  DOCUMENT_STATUSES,
  DocumentListQuerySchema,
  DocumentPublishSchema,
  DocumentRegisterSchema,
  DocumentUploadSchema,
  extensionOf,
  isSystemAdmin,
  MAX_UPLOAD_BYTES,
  PersonalDocumentRegisterSchema,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  uploadContentProblem,
  validate,
} from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole, validCompany } from '../auth/middleware';
import type { DocumentRow } from '../db/documents';
import {
  findDocument,
  findPersonalDocument,
  isPublishedByTeam,
  listDocuments,
  listPersonalDocuments,
  markViewed,
  toDocumentDto,
} from '../db/documents';
import { documents } from '../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { documentFor, documentsFor } from '../http/staff-privacy';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import {
  DOCUMENT_NOT_FOUND as NOT_FOUND,
  changeDocumentStatus,
  registerCompanyDocument,
  registerPersonalDocument,
} from '../services/documents';
import { assertCompanyExists } from '../services/companies';
import { contentRefused, fileResponse, storedFileName } from './files';
import { uploadRegistration } from './uploads';

const Uuid = v.pipe(v.string(), v.uuid());
const documentId = validator('param', (params: Record<string, string>) => {
  if (!v.is(Uuid, params.id)) throw notFound(NOT_FOUND);
  return { id: params.id, status: params.status };
});

const actorOf = (c: Context<AppEnv>) => (isSystemAdmin(c.var.identity.claims) ? 'team' : 'customer');

/** What the team sent is the team's: only the team deletes it. The customer deletes what they uploaded themselves. */
function assertMayDelete(c: Context<AppEnv>, document: DocumentRow) {
  if (isSystemAdmin(c.var.identity.claims)) return;
  if (isPublishedByTeam(document)) throw forbidden('Este documento foi publicado pela equipe contábil: só ela pode excluí-lo.');
  if (document.uploadedBy !== c.var.identity.uid) throw forbidden('Você só pode excluir documentos que você mesmo enviou.');
}

/** docs/api.md Documents: list, upload, register an uploaded file, publish, status, delete, download; and personal ones. */
export function documentsRoutes(deps: AppDeps) {
  const { db, identity, storage } = deps;

  const uploads = uploadRegistration(deps);
  const { grant: uploadGrant } = uploads;

  /** A company document from an uploaded file; the team's registrations are publications. */
  async function registerUpload(
    c: Context<AppEnv>,
    route: 'POST /documents/register' | 'POST /documents/publish',
    companyId: string,
    input: v.InferOutput<typeof DocumentRegisterSchema>,
  ) {
    const grant = uploadGrant(c, input.uploadToken, { companyId });
    const { uid, claims } = c.var.identity;
    const row = await registerCompanyDocument(
      { db },
      { companyId, input, grant, uploads, actor: uid, byTeam: isSystemAdmin(claims) },
    );
    return json(c, route, { data: toDocumentDto(row) }, 201);
  }

  return (
    new Hono<AppEnv>()
      .use('/documents', authenticate(identity))
      .use('/documents/*', authenticate(identity))
      .get('/documents', validCompany('query', DocumentListQuerySchema), async (c) => {
        const { companyId, type, status, limit, offset } = c.req.valid('query');
        const page = await listDocuments(db, { companyId, types: type, statuses: status, limit, offset });
        return json(c, 'GET /documents', { ...page, data: await documentsFor(db, c.var.identity.claims, page.data) });
      })
      .post('/documents', validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        await assertCompanyExists(db, companyId);
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
        const problem = uploadContentProblem(extension, bytes);
        if (problem) throw contentRefused(problem);
        // The key is ours: the person's file name is kept only as data.
        const storageKey = `${companyId}/${randomUUID()}.${extension}`;
        await storage.save(storageKey, bytes);
        const uid = c.var.identity.uid;
        const [row] = await db
          .insert(documents)
          .values({
            companyId,
            type: fields.value.type,
            stepId: fields.value.stepId ?? null,
            name: storedFileName(file.name),
            contentType: UPLOAD_TYPES[extension].contentType,
            size: file.size,
            storageKey,
            uploadedBy: uid,
            publishedBy: isSystemAdmin(c.var.identity.claims) ? uid : null,
          })
          .returning();
        return json(c, 'POST /documents', { data: toDocumentDto(row) }, 201);
      })
      .post(
        '/documents/register',
        validCompany('query', CompanyQuerySchema),
        valid('json', DocumentRegisterSchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          return registerUpload(c, 'POST /documents/register', companyId, c.req.valid('json'));
        },
      )
      .post(
        '/documents/publish',
        requireRole('system-admin'),
        valid('query', CompanyQuerySchema),
        valid('json', DocumentPublishSchema),
        async (c) => registerUpload(c, 'POST /documents/publish', c.req.valid('query').companyId, c.req.valid('json')),
      )
      // A person's own documents: theirs, or anyone's for the team.
      .get(
        '/documents/personal',
        valid(
          'query',
          v.object({
            userId: v.optional(
              v.pipe(v.string('Pessoa inválida.'), v.minLength(1, 'Pessoa inválida.'), v.maxLength(128, 'Pessoa inválida.')),
            ),
          }),
        ),
        async (c) => {
          const { uid, claims } = c.var.identity;
          const userId = c.req.valid('query').userId ?? uid;
          if (userId !== uid && !isSystemAdmin(claims))
            throw forbidden('Os documentos pessoais são vistos só pela própria pessoa.');
          const data = await documentsFor(db, claims, await listPersonalDocuments(db, userId));
          return json(c, 'GET /documents/personal', { data, total: data.length });
        },
      )
      .post('/documents/personal/register', valid('json', PersonalDocumentRegisterSchema), async (c) => {
        const input = c.req.valid('json');
        const uid = c.var.identity.uid;
        const grant = uploadGrant(c, input.uploadToken, { ownerUserId: uid });
        const row = await registerPersonalDocument({ db, storage }, { owner: uid, input, grant, uploads });
        return json(c, 'POST /documents/personal/register', { data: toDocumentDto(row) }, 201);
      })
      .delete('/documents/personal/:id', documentId, async (c) => {
        const { uid, claims } = c.var.identity;
        const document = await findPersonalDocument(db, c.req.valid('param').id);
        if (!document) throw notFound(NOT_FOUND);
        if (document.ownerUserId !== uid && !isSystemAdmin(claims)) throw forbidden('Este documento pessoal é de outra pessoa.');
        await db.delete(documents).where(eq(documents.id, document.id));
        await storage.remove(document.storageKey);
        return json(c, 'DELETE /documents/personal/:id', { data: { id: document.id } });
      })
      .put(
        '/documents/:id/status/:status',
        validator('param', (params: Record<string, string>) => {
          if (!v.is(Uuid, params.id)) throw notFound(NOT_FOUND);
          if (!v.is(v.picklist(DOCUMENT_STATUSES), params.status)) {
            throw badRequest('Situação inválida.', { status: 'Situação inválida.' });
          }
          return { id: params.id, status: params.status as DocumentStatus };
        }),
        validCompany('query', CompanyQuerySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const { id, status } = c.req.valid('param');
          const updated = await changeDocumentStatus({ db }, { companyId, id, status, actor: actorOf(c) });
          return json(c, 'PUT /documents/:id/status/:status', {
            data: await documentFor(db, c.var.identity.claims, toDocumentDto(updated)),
          });
        },
      )
      .delete('/documents/:id', documentId, validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const document = await findDocument(db, companyId, c.req.valid('param').id);
        if (!document) throw notFound(NOT_FOUND);
        assertMayDelete(c, document);
        // The wizards' steps point at their files: those stay with the company's record.
        if (document.stepId) {
          throw conflict('Este documento faz parte da abertura ou da troca de contador da empresa e não pode ser excluído.');
        }
        await db.delete(documents).where(eq(documents.id, document.id));
        await storage.remove(document.storageKey);
        return json(c, 'DELETE /documents/:id', { data: { id: document.id } });
      })
      .get('/documents/:id/file', documentId, validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const document = await findDocument(db, companyId, c.req.valid('param').id);
        if (!document) throw notFound(NOT_FOUND);
        const file = await storage.open(document.storageKey);
        if (!file) throw notFound('O arquivo deste documento não está mais disponível.');
        if (!isSystemAdmin(c.var.identity.claims)) await markViewed(db, document);
        return fileResponse(file, document.name, document.contentType);
      })
  );
}
