import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_TYPES, contentMatchesExtension, uploadContentProblem } from '@domain';
import type { AppDeps } from '../deps';
import type { DbExecutor } from '../db/executor';
import { HttpError, badRequest, conflict, forbidden } from '../http/errors';
import type { AppEnv } from '../http/types';
import { SignedLinkError } from '../services/signed-links';
import type { UploadGrant } from '../services/signed-links';
import { LINK_MESSAGES, contentRefused, signedLinksOf } from './files';

/** A file uploaded just before its link expired may still be registered for a while: the bytes are already here. */
const REGISTER_GRACE_SECONDS = 60 * 60;

/** Serialises the registrations of one stored file, so two calls at once cannot make two documents of it. */
const lockStorageKey = (tx: DbExecutor, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

/**
 * What registering a file sent through a signed upload link takes, for every route that turns one into a document
 * (a company's or a person's documents, an issued invoice's files): the token's grant, the file as it arrived, the
 * lock that keeps one file from becoming two documents.
 */
export function uploadRegistration(deps: AppDeps) {
  const { storage } = deps;
  const links = signedLinksOf(deps);

  /** The grant of an upload token: ours, unexpired (with a grace), for this scope and person. */
  function uploadGrant(c: Context<AppEnv>, token: string, scope: { companyId: string } | { ownerUserId: string }) {
    let grant: UploadGrant;
    try {
      grant = links.verify(token, 'upload', { graceSeconds: REGISTER_GRACE_SECONDS });
    } catch (error) {
      if (error instanceof SignedLinkError)
        throw badRequest(LINK_MESSAGES[error.reason], { uploadToken: LINK_MESSAGES[error.reason] });
      throw error;
    }
    const sameScope =
      'companyId' in scope
        ? grant.companyId === scope.companyId
        : grant.companyId === null && grant.ownerUserId === scope.ownerUserId;
    if (!sameScope) {
      const message =
        'companyId' in scope ? 'Este arquivo foi enviado para outra empresa.' : 'Este arquivo não é um documento pessoal seu.';
      throw forbidden(message);
    }
    if (grant.uid !== c.var.identity.uid) throw forbidden('Só quem enviou o arquivo pode registrá-lo.');
    return grant;
  }

  /**
   * The size of an uploaded file about to be registered, under its key's lock and once the key is known to be free:
   * taken out of the link's reach, arrived, within the size and of the kind its name says (first bytes). A store the
   * browser writes to directly (S3) checks nothing else, so what does not fit is refused here and removed.
   */
  async function receivedFileSize(grant: UploadGrant): Promise<number> {
    await storage.receiveUpload?.(grant.key);
    const head = await storage.head(grant.key, 64);
    if (!head) throw conflict('O arquivo ainda não chegou: envie-o pelo link antes de registrá-lo.');
    let refusal: HttpError | null = null;
    if (head.size === 0) refusal = badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
    else if (head.size > Math.min(grant.maxBytes, MAX_UPLOAD_BYTES))
      refusal = new HttpError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
    else if (!UPLOAD_TYPES[grant.ext] || !contentMatchesExtension(grant.ext, head.bytes))
      refusal = new HttpError(415, 'unsupported_media_type', UPLOAD_MESSAGES.unsupported);
    else if (grant.ext === 'zip') {
      // An archive is judged by its whole directory (at most 10 MB read here, nothing decompressed).
      const file = await storage.open(grant.key);
      const problem = uploadContentProblem(
        grant.ext,
        file ? new Uint8Array(await new Response(file.stream).arrayBuffer()) : new Uint8Array(),
      );
      if (problem) refusal = contentRefused(problem);
    }
    if (refusal) {
      await storage.remove(grant.key);
      throw refusal;
    }
    return head.size;
  }

  return { grant: uploadGrant, received: receivedFileSize, lock: lockStorageKey };
}
