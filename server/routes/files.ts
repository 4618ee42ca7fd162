import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  MAX_UPLOAD_BYTES,
  PERSONAL_UPLOAD_EXTENSIONS,
  FILE_NAME_MESSAGES,
  UPLOAD_LINK_TTL_SECONDS,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  contentMatchesExtension,
  extensionOf,
  fileNameProblem,
  isSystemAdmin,
  uploadContentProblem,
} from '@domain';
import type { AppDeps } from '../deps';
import { assertCompanyAccess, authenticate } from '../auth/middleware';
import type { DocumentRow } from '../db/documents';
import { findDocument, findPersonalDocument, isStorageKeyRegistered, markViewed } from '../db/documents';
import { contentDisposition } from '../services/content-disposition';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import type { SignedLinks, SignedLinkFailure } from '../services/signed-links';
import { SignedLinkError, createSignedLinks, filesSigningSecret } from '../services/signed-links';

const Uuid = v.pipe(v.string(), v.uuid());

/** The answer of a file download: the original name, never sniffed, never cached by a shared cache. */
export function fileResponse(file: { stream: ReadableStream<Uint8Array>; size: number }, name: string, contentType: string) {
  return new Response(file.stream, {
    headers: {
      'content-type': contentType,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(name),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The name as the person gave it, safe to keep and show (no control characters or separators). */
export const storedFileName = (name: string) => name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(-200);

/** The links of one app: a random production key must be the same for the routes that sign and those that verify. */
const linksOfApp = new WeakMap<object, SignedLinks>();
export function signedLinksOf(deps: AppDeps): SignedLinks {
  let links = linksOfApp.get(deps);
  if (!links) {
    links = createSignedLinks(
      filesSigningSecret(deps.config.environment, process.env, (m) => deps.logger.error(m)),
      deps.storage.linkTargets,
    );
    linksOfApp.set(deps, links);
  }
  return links;
}

export const LINK_MESSAGES: Record<SignedLinkFailure, string> = {
  malformed: 'Link de arquivo inválido. Peça um novo link.',
  tampered: 'Link de arquivo inválido ou adulterado. Peça um novo link.',
  expired: 'Este link de arquivo expirou. Peça um novo link.',
  'wrong-use': 'Este link não serve para esta operação.',
};

/** A refused link as the API answers it. */
export function linkRefused(error: unknown): never {
  if (error instanceof SignedLinkError) throw forbidden(LINK_MESSAGES[error.reason]);
  throw error;
}

const UploadLinkQuery = v.object({
  companyId: v.optional(v.pipe(v.string('Empresa inválida.'), v.uuid('Empresa inválida.'))),
  /** The size the browser is about to send, so a file too large is refused before it travels. */
  size: v.optional(v.pipe(v.string('Tamanho inválido.'), v.regex(/^\d{1,15}$/, 'Tamanho inválido.'), v.transform(Number))),
});

const DownloadLinkQuery = v.object({
  companyId: v.optional(v.pipe(v.string('Empresa inválida.'), v.uuid('Empresa inválida.'))),
});

function checkedFileName(c: Context<AppEnv>): string {
  const name = c.req.param('filename') ?? '';
  const problem = fileNameProblem(name);
  if (problem) throw badRequest(problem, { filename: problem });
  return name;
}

const unsupported = (message: string = UPLOAD_MESSAGES.unsupported) =>
  new HttpError(415, 'unsupported_media_type', message, { file: message });
const tooLarge = () => new HttpError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
/** A file of an accepted kind whose content is refused (a ZIP bomb, paths that climb out of the folder…). */
export const contentRefused = (message: string) => new HttpError(422, 'unprocessable', message, { file: message });

/**
 * docs/api.md Other: `GET /upload/{filename}` gives a signed upload link (10 min) and `GET /download/{documentId}` a signed
 * download URL (5 min); `/files/{token}` receives and serves the bytes for the local store.
 */
export function filesRoutes(deps: AppDeps) {
  const { db, identity, storage } = deps;
  const links = signedLinksOf(deps);
  return (
    new Hono<AppEnv>()
      .use('/upload/*', authenticate(identity))
      .use('/download/*', authenticate(identity))
      // `{.+}`: a name with slashes reaches the check below and is refused in words, instead of a bare 404.
      .get('/upload/:filename{.+}', valid('query', UploadLinkQuery), async (c) => {
        const name = checkedFileName(c);
        const { companyId, size } = c.req.valid('query');
        // The company is optional: a person's own files (their ID, a photo) belong to no company.
        if (companyId) assertCompanyAccess(c, companyId);
        const ext = extensionOf(name);
        if (!UPLOAD_TYPES[ext]) throw unsupported();
        if (!companyId && !(PERSONAL_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
          throw unsupported(FILE_NAME_MESSAGES.personalType);
        }
        if (size === 0) throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
        if (size !== undefined && size > MAX_UPLOAD_BYTES) throw tooLarge();
        const exp = Math.floor(Date.now() / 1000) + UPLOAD_LINK_TTL_SECONDS;
        const grant = {
          op: 'upload' as const,
          // The key is ours: the person's file name is kept only as data.
          key: companyId ? `${companyId}/${randomUUID()}.${ext}` : `personal/${randomUUID()}.${ext}`,
          name: storedFileName(name),
          ext,
          companyId: companyId ?? null,
          ownerUserId: companyId ? null : c.var.identity.uid,
          uid: c.var.identity.uid,
          maxBytes: MAX_UPLOAD_BYTES,
          exp,
        };
        const token = links.sign(grant);
        return json(c, 'GET /upload/:filename{.+}', {
          data: {
            token,
            ...(await links.uploadTarget(token, grant)),
            name: grant.name,
            maxBytes: grant.maxBytes,
            expiresAt: new Date(exp * 1000).toISOString(),
          },
        });
      })
      .get('/download/:filename{.+}', valid('query', DownloadLinkQuery), async (c) => {
        const id = checkedFileName(c);
        if (!v.is(Uuid, id)) throw notFound('Documento não encontrado.');
        const { companyId } = c.req.valid('query');
        const { uid, claims } = c.var.identity;
        let document: DocumentRow | undefined;
        if (companyId) {
          // Optional, as for uploads: `validCompany` would refuse a person's own documents.
          assertCompanyAccess(c, companyId);
          document = await findDocument(db, companyId, id);
        } else {
          // Without a company: one of the caller's own documents (the team may open anyone's).
          document = await findPersonalDocument(db, id);
          if (document && document.ownerUserId !== uid && !isSystemAdmin(claims)) {
            throw forbidden('Este documento pessoal é de outra pessoa.');
          }
        }
        if (!document) throw notFound('Documento não encontrado.');
        // Asking for the link is the download as far as we can tell: a presigned store never tells us about the GET.
        if (!isSystemAdmin(claims)) await markViewed(db, document);
        const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
        const grant = {
          op: 'download' as const,
          key: document.storageKey,
          name: document.name,
          companyId: document.companyId,
          ownerUserId: document.ownerUserId,
          documentId: document.id,
          contentType: document.contentType,
          exp,
        };
        const token = links.sign(grant);
        return json(c, 'GET /download/:filename{.+}', {
          data: {
            url: await links.downloadUrl(token, grant),
            name: document.name,
            expiresAt: new Date(exp * 1000).toISOString(),
          },
        });
      })
      // The local store's side of the links: the token is the whole authorisation, as with a presigned URL.
      .on(['POST', 'PUT'], '/files/:token', async (c) => {
        let grant;
        try {
          grant = links.verify(c.req.param('token'), 'upload');
        } catch (error) {
          linkRefused(error);
        }
        // Once registered, the file is a document's: the link may not replace it.
        if (await isStorageKeyRegistered(db, grant.key)) {
          throw conflict('Este arquivo já foi registrado. Peça um novo link para enviar outro.');
        }
        if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
          throw badRequest('Envie o arquivo como multipart/form-data no campo "file".', { file: UPLOAD_MESSAGES.missing });
        }
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('Não foi possível ler o arquivo enviado.');
        });
        const file = form.file;
        if (!(file instanceof File)) throw badRequest(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
        if (file.size === 0) throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
        if (file.size > grant.maxBytes) throw tooLarge();
        const bytes = new Uint8Array(await file.arrayBuffer());
        // By content, against the extension the link was made for: a renamed executable is not a PDF.
        if (!contentMatchesExtension(grant.ext, bytes.slice(0, 64))) throw unsupported();
        const problem = uploadContentProblem(grant.ext, bytes);
        if (problem) throw contentRefused(problem);
        await storage.save(grant.key, bytes);
        return json(
          c,
          c.req.method === 'PUT' ? 'PUT /files/:token' : 'POST /files/:token',
          { data: { name: grant.name, size: bytes.length, expiresAt: new Date(grant.exp * 1000).toISOString() } },
          201,
        );
      })
      .get('/files/:token', async (c) => {
        let grant;
        try {
          grant = links.verify(c.req.param('token'), 'download');
        } catch (error) {
          linkRefused(error);
        }
        const file = await storage.open(grant.key);
        if (!file) throw notFound('O arquivo deste documento não está mais disponível.');
        return fileResponse(file, grant.name, grant.contentType);
      })
  );
}
