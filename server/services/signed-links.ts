import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed links (docs/api.md "Other": `GET /upload/{filename}`, `GET /download/{filename}`): short-lived capabilities to
 * put or get one file without the session token, bound to a company (or to a person) and to one storage key.
 *
 * A link has two parts: the **grant** (what may be done, signed here with HMAC-SHA256 and verified by our API when a
 * file is registered or served) and the **target** (where the browser sends or fetches the bytes). The embedded
 * default targets our own `/api/files/{token}` and the local storage. An S3-compatible store (`s3-storage.ts`) brings
 * its own `LinkTargets`: a presigned POST policy (URL plus form `fields`, the file last: the same multipart shape as
 * ours) and a presigned GET URL carrying `response-content-disposition`; the grants stay as they are.
 */

interface GrantBase {
  /** Storage key: always made by the server, never taken from a request. */
  key: string;
  /** The file name as the person gave it, kept for the download. */
  name: string;
  /** The company the file belongs to, or null for a person's own file. */
  companyId: string | null;
  /** The person a personal file belongs to, or null for a company's. */
  ownerUserId: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export interface UploadGrant extends GrantBase {
  op: 'upload';
  /** Lower-case extension the content must match (magic bytes). */
  ext: string;
  /** Who asked for the link: only they may register the file. */
  uid: string;
  maxBytes: number;
}

export interface DownloadGrant extends GrantBase {
  op: 'download';
  documentId: string;
  contentType: string;
}

export type Grant = UploadGrant | DownloadGrant;

export type SignedLinkFailure = 'malformed' | 'tampered' | 'expired' | 'wrong-use';

export class SignedLinkError extends Error {
  constructor(readonly reason: SignedLinkFailure) {
    super(`Signed link refused: ${reason}`);
  }
}

/** Where the browser sends the bytes of an upload: a multipart form (`fields`, then the file in `field`). */
export interface UploadTarget {
  url: string;
  method: 'POST';
  field: string;
  fields: Record<string, string>;
}

/** The store side of a link: our own routes by default, or presigned URLs of an S3-compatible store. */
export interface LinkTargets {
  uploadTarget(token: string, grant: UploadGrant): UploadTarget | Promise<UploadTarget>;
  downloadUrl(token: string, grant: DownloadGrant): string | Promise<string>;
}

export interface SignedLinks extends LinkTargets {
  sign(grant: Grant): string;
  /** The grant of a token made by `sign`; throws SignedLinkError when forged, altered, expired or of the other use. */
  verify<T extends Grant['op']>(token: string, op: T, options?: { now?: Date; graceSeconds?: number }): Extract<Grant, { op: T }>;
}

const VERSION = 'v1';

/** Files served by this API itself (`/api/files/{token}`), paths on the page's own origin. */
export const localLinkTargets = (basePath = '/api/files'): LinkTargets => ({
  uploadTarget: (token) => ({ url: `${basePath}/${token}`, method: 'POST', field: 'file', fields: {} }),
  downloadUrl: (token) => `${basePath}/${token}`,
});

export function createSignedLinks(secret: string, targets: LinkTargets = localLinkTargets()): SignedLinks {
  if (!secret) throw new Error('A signing secret is required for signed links');
  // A key of its own for this use, so the secret may be shared with nothing else by mistake.
  const key = createHmac('sha256', secret).update('contabil:signed-links:v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(`${VERSION}.${body}`).digest();
  return {
    ...targets,
    sign(grant) {
      const body = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
      return `${VERSION}.${body}.${mac(body).toString('base64url')}`;
    },
    verify<T extends Grant['op']>(token: string, op: T, options: { now?: Date; graceSeconds?: number } = {}) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== VERSION || !/^[\w-]+$/.test(parts[1]) || !/^[\w-]+$/.test(parts[2])) {
        throw new SignedLinkError('malformed');
      }
      // The signature is compared as written, not decoded: base64url decoding ignores the last character's spare
      // bits, so a link altered there would otherwise still pass.
      const given = Buffer.from(parts[2], 'utf8');
      const expected = Buffer.from(mac(parts[1]).toString('base64url'), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new SignedLinkError('tampered');
      let grant: Grant;
      try {
        grant = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Grant;
      } catch {
        throw new SignedLinkError('malformed');
      }
      if (grant.op !== op) throw new SignedLinkError('wrong-use');
      const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
      if (!(typeof grant.exp === 'number' && now <= grant.exp + (options.graceSeconds ?? 0)))
        throw new SignedLinkError('expired');
      return grant as Extract<Grant, { op: T }>;
    },
  };
}

const DEVELOPMENT_SECRET = 'contabil-development-files-signing-secret';

/**
 * The signing secret: `FILES_SIGNING_SECRET`; in development and tests a fixed default. In production without it a
 * random secret for this process, so no link can be forged from a default anyone can read — links then stop working
 * at a restart and across several instances, which the warning says.
 */
export function filesSigningSecret(
  environment: string,
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = () => {},
): string {
  const configured = env.FILES_SIGNING_SECRET?.trim();
  if (configured) return configured;
  if (environment !== 'production') return DEVELOPMENT_SECRET;
  warn('FILES_SIGNING_SECRET is not set: file links are signed with a random key and end at a restart.');
  return randomBytes(32).toString('base64url');
}
