import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';

/**
 * A local stand-in for an S3-compatible object store, path-style (`/{bucket}/{key}`), faithful where our adapter and
 * the browser meet a real one: PUT (and server-side copy), GET with a Range, HEAD and DELETE of objects signed with
 * AWS Signature Version 4 in the Authorization header or in the query (presigned URLs: `X-Amz-Expires` honoured,
 * `response-content-disposition` and the other `response-*` overrides applied); browser uploads by POST policy
 * (multipart form, the file last; signature, expiry, bucket, `key` eq / starts-with, `content-length-range` and
 * unlisted fields checked); CORS; and S3's XML errors (`SignatureDoesNotMatch`, `AccessDenied`, `EntityTooLarge`,
 * `NoSuchKey`…).
 *
 * The signatures are checked by the AWS SigV4 specification written out here with node:crypto, not by the SDK, so
 * tests cross-check the SDK's signing against an independent implementation.
 */
export interface S3FakeOptions {
  accessKeyId: string;
  secretAccessKey: string;
  /** The region the signatures must be scoped to; `us-east-1` unless told. */
  region?: string;
  buckets: string[];
  /** Origins the buckets' CORS rule allows; any origin unless told. */
  allowedOrigins?: string[];
  now?: () => Date;
}

interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a signed request's date may be from the server's clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** A presigned URL lives at most 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
const CORS_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'];
/** The query parameters of a signed GET that override headers of the answer. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-cache-control': 'cache-control',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-expires': 'expires',
};

class S3Error extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 412 | 416 | 501,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const xml = (root: string, fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('')}</${root}>`;

/* ------------------------------------------------------------------ AWS Signature Version 4, by the specification */

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: everything but the unreserved characters, hex in upper case. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
};

/** S3 canonicalises the path once (no double encoding, unlike the other services). */
const canonicalUri = (rawPath: string) =>
  rawPath
    .split('/')
    .map((segment) => uriEncode(safeDecode(segment)))
    .join('/');

function canonicalQuery(rawQuery: string, leaveOut?: string): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [uriEncode(safeDecode(name)), uriEncode(safeDecode(value))] as const;
    })
    .filter(([name]) => name !== leaveOut)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function signingKey(secret: string, date: string, region: string): Buffer {
  const kDate = hmac(`AWS4${secret}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, 's3');
  return hmac(kService, 'aws4_request');
}

/** `20260115T120000Z` as a Date, or null. */
function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface SignedRequest {
  method: string;
  /** The path and the query as they came, still percent-encoded. */
  rawPath: string;
  rawQuery: string;
  /** The signed headers' values, by lower-case name. */
  headers: Record<string, string>;
  signedHeaders: string[];
  /** `x-amz-content-sha256`, or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
  amzDate: string;
  region: string;
  secretAccessKey: string;
  /** Presigned URLs sign their query without their own signature. */
  presigned?: boolean;
}

/** The SigV4 signature a request must carry (the canonical request and string to sign, for the error's details). */
export function sigV4Signature(request: SignedRequest) {
  const canonicalHeaders = request.signedHeaders
    .map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(request.rawQuery, request.presigned ? 'X-Amz-Signature' : undefined),
    canonicalHeaders,
    request.signedHeaders.join(';'),
    request.payloadHash,
  ].join('\n');
  const date = request.amzDate.slice(0, 8);
  const scope = `${date}/${request.region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, request.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(request.secretAccessKey, date, request.region))
    .update(stringToSign, 'utf8')
    .digest('hex');
  return { signature, canonicalRequest, stringToSign };
}

const sameSignature = (given: string, expected: string) =>
  /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));

/* ------------------------------------------------------------------ the fake */

export function s3Fake(options: S3FakeOptions) {
  const now = options.now ?? (() => new Date());
  const region = options.region ?? 'us-east-1';
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, StoredObject>()]));

  /** The signing key of a credential (`AKID/20260115/us-east-1/s3/aws4_request`), checked part by part. */
  function credentialOf(credential: string, amzDate: string) {
    const [accessKeyId, date, scopeRegion, service, terminal, ...rest] = credential.split('/');
    if (rest.length || !date || !scopeRegion || !service || !terminal) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        'The authorization header is malformed; the Credential is mal-formed.',
      );
    }
    if (accessKeyId !== options.accessKeyId) {
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (scopeRegion !== region) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`,
        { Region: region },
      );
    }
    if (service !== 's3' || terminal !== 'aws4_request' || date !== amzDate.slice(0, 8)) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        'The authorization header is malformed; the credential scope is wrong.',
      );
    }
    return signingKey(options.secretAccessKey, date, region);
  }

  /** Checks the SigV4 signature of a REST request, in its Authorization header or its query (presigned URL). */
  function authenticate(c: Context, body: Uint8Array) {
    const url = new URL(c.req.url);
    const rawQuery = url.search.slice(1);
    const query = url.searchParams;
    const header = c.req.header('authorization');
    const presigned = query.has('X-Amz-Algorithm');
    if (!header && !presigned) throw new S3Error(403, 'AccessDenied', 'Access Denied');

    let credential: string, signedHeaders: string[], signature: string, amzDate: string, payloadHash: string;
    if (presigned) {
      const missing = ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'].filter(
        (name) => !query.get(name),
      );
      if (query.get('X-Amz-Algorithm') !== ALGORITHM || missing.length) {
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          `Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.`,
        );
      }
      credential = query.get('X-Amz-Credential')!;
      signedHeaders = query.get('X-Amz-SignedHeaders')!.split(';');
      signature = query.get('X-Amz-Signature')!;
      amzDate = query.get('X-Amz-Date')!;
      const expires = Number(query.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'X-Amz-Expires must be less than a week (in seconds) that is 604800',
        );
      }
      const signedAt = parseAmzDate(amzDate);
      if (!signedAt) throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Date must be in the ISO8601 Long Format');
      if (now().getTime() > signedAt.getTime() + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
      if (signedAt.getTime() - now().getTime() > MAX_SKEW_MS) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
      payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    } else {
      const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
        header!.trim(),
      );
      if (!m) {
        throw new S3Error(
          400,
          'AuthorizationHeaderMalformed',
          'The authorization header is malformed; it must be AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=….',
        );
      }
      [, credential, , signature] = m;
      signedHeaders = m[2].split(';');
      amzDate = c.req.header('x-amz-date') ?? '';
      const signedAt = parseAmzDate(amzDate);
      if (!signedAt) {
        throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
      }
      if (Math.abs(now().getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
        throw new S3Error(
          403,
          'RequestTimeTooSkewed',
          'The difference between the request time and the current time is too large.',
        );
      }
      payloadHash = c.req.header('x-amz-content-sha256') ?? '';
      if (!payloadHash)
        throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
      if (payloadHash.startsWith('STREAMING-')) {
        throw new S3Error(501, 'NotImplemented', 'This fake does not implement aws-chunked uploads.');
      }
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
        throw new S3Error(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
    }

    credentialOf(credential, amzDate);
    const sorted = [...signedHeaders].sort();
    if (!signedHeaders.includes('host') || sorted.join(';') !== signedHeaders.join(';')) {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'SignedHeaders must be sorted and include host.');
    }
    // Every x-amz-* header that came must have been signed.
    const unsigned = [...c.req.raw.headers.keys()].filter((name) => name.startsWith('x-amz-') && !signedHeaders.includes(name));
    if (unsigned.length) {
      throw new S3Error(403, 'AccessDenied', 'There were headers present in the request which were not signed', {
        HeadersNotSigned: unsigned.join(', '),
      });
    }
    const expected = sigV4Signature({
      method: c.req.method,
      rawPath: url.pathname,
      rawQuery,
      headers: Object.fromEntries(signedHeaders.map((name) => [name, c.req.header(name) ?? ''])),
      signedHeaders,
      payloadHash,
      amzDate,
      region,
      secretAccessKey: options.secretAccessKey,
      presigned,
    });
    if (!sameSignature(signature, expected.signature)) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        { StringToSign: expected.stringToSign, CanonicalRequest: expected.canonicalRequest },
      );
    }
  }

  function bucketOf(name: string) {
    const bucket = buckets.get(name);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: name });
    return bucket;
  }

  function stored(bucket: Map<string, StoredObject>, key: string, bytes: Uint8Array, contentType: string) {
    const object = {
      bytes,
      contentType,
      etag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      lastModified: new Date(Math.floor(now().getTime() / 1000) * 1000),
    };
    bucket.set(key, object);
    return object;
  }

  /** The CORS headers of an allowed origin (S3 sends none to an origin its rule does not list). */
  function corsHeaders(c: Context): Record<string, string> {
    const origin = c.req.header('origin');
    if (!origin || (options.allowedOrigins && !options.allowedOrigins.includes(origin))) return {};
    return {
      'access-control-allow-origin': options.allowedOrigins ? origin : '*',
      'access-control-expose-headers': 'ETag, Location',
      vary: 'Origin',
    };
  }

  function failure(c: Context, error: unknown, resource: string) {
    if (!(error instanceof S3Error)) throw error;
    const headers = { ...corsHeaders(c), 'x-amz-request-id': randomUUID() };
    // A HEAD answer has no body: only the status tells.
    if (c.req.method === 'HEAD') return c.body(null, error.status, headers);
    const body = xml('Error', {
      Code: error.code,
      Message: error.message,
      ...error.extra,
      Resource: resource,
      RequestId: headers['x-amz-request-id'],
    });
    return c.body(body, error.status, { ...headers, 'content-type': 'application/xml' });
  }

  /** The byte range asked for, or null for the whole object (a Range S3 cannot read is ignored, as HTTP says). */
  function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
    const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
    if (!m || (m[1] === '' && m[2] === '')) return null;
    let start: number, end: number;
    if (m[1] === '') {
      const suffix = Number(m[2]);
      if (suffix === 0)
        throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { RangeRequested: header! });
      start = Math.max(0, size - suffix);
      end = size - 1;
    } else {
      start = Number(m[1]);
      end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
      if (m[2] !== '' && Number(m[2]) < start) return null;
    }
    if (start >= size) {
      throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
        RangeRequested: header!,
        ActualObjectSize: String(size),
      });
    }
    return { start, end };
  }

  /** A browser upload by POST policy: the form's fields, then the file. */
  async function postObject(c: Context, bucketName: string) {
    const bucket = bucketOf(bucketName);
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      throw new S3Error(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
    }
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new S3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    }
    // Field names are not case-sensitive; what follows the file is ignored.
    const fields = new Map<string, string>();
    let file: File | null = null;
    for (const [name, value] of form.entries()) {
      if (name.toLowerCase() === 'file') {
        if (typeof value === 'string')
          throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
        file = value;
        break;
      }
      if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    }
    if (!file) throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const keyField = fields.get('key');
    if (!keyField) throw new S3Error(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
    const policy = fields.get('policy');
    const signature = fields.get('x-amz-signature');
    if (!policy || !signature) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const amzDate = fields.get('x-amz-date') ?? '';
    if (fields.get('x-amz-algorithm') !== ALGORITHM || !fields.get('x-amz-credential') || !parseAmzDate(amzDate)) {
      throw new S3Error(
        400,
        'InvalidArgument',
        'Bucket POST with a policy must contain x-amz-algorithm (AWS4-HMAC-SHA256), x-amz-credential and x-amz-date.',
      );
    }
    const signing = credentialOf(fields.get('x-amz-credential')!, amzDate);
    if (!sameSignature(signature, createHmac('sha256', signing).update(policy, 'utf8').digest('hex'))) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    }
    let document: { expiration?: unknown; conditions?: unknown };
    try {
      document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
    } catch {
      throw new S3Error(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
    }
    const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
    if (Number.isNaN(expiration) || !Array.isArray(document.conditions)) {
      throw new S3Error(400, 'InvalidPolicyDocument', 'Invalid Policy: the policy must have an expiration and conditions.');
    }
    if (now().getTime() > expiration) throw new S3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

    const key = keyField.replace('${filename}', file.name);
    const valueOf = (name: string) => (name === 'bucket' ? bucketName : name === 'key' ? key : fields.get(name));
    const covered = new Set<string>();
    const refused = (condition: unknown) =>
      new S3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    for (const condition of document.conditions as unknown[]) {
      if (Array.isArray(condition) && condition[0] === 'content-length-range') {
        const [, min, max] = condition as [string, number, number];
        if (file.size > max) {
          throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
            ProposedSize: String(file.size),
            MaxSizeAllowed: String(max),
          });
        }
        if (file.size < min) {
          throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
            ProposedSize: String(file.size),
            MinSizeAllowed: String(min),
          });
        }
      } else if (Array.isArray(condition) && (condition[0] === 'eq' || condition[0] === 'starts-with')) {
        const [operator, field, expected] = condition as [string, string, string];
        if (typeof field !== 'string' || !field.startsWith('$')) throw refused(condition);
        const name = field.slice(1).toLowerCase();
        covered.add(name);
        const actual = valueOf(name);
        if (actual === undefined || !(operator === 'eq' ? actual === expected : actual.startsWith(expected))) {
          throw refused(condition);
        }
      } else if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
        const entries = Object.entries(condition);
        if (entries.length !== 1) throw refused(condition);
        const [field, expected] = entries[0];
        const name = field.toLowerCase();
        covered.add(name);
        if (valueOf(name) !== expected) throw refused(condition);
      } else {
        throw new S3Error(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
      }
    }
    const extra = [...fields.keys()].filter(
      (name) => !['policy', 'x-amz-signature'].includes(name) && !name.startsWith('x-ignore-') && !covered.has(name),
    );
    if (extra.length) {
      throw new S3Error(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
    }

    const object = stored(
      bucket,
      key,
      new Uint8Array(await file.arrayBuffer()),
      fields.get('content-type') ?? 'binary/octet-stream',
    );
    const location = `${new URL(c.req.url).origin}/${bucketName}/${key.split('/').map(uriEncode).join('/')}`;
    const headers = { ...corsHeaders(c), etag: object.etag, location };
    const status = fields.get('success_action_status');
    if (status === '201') {
      const body = xml('PostResponse', { Location: location, Bucket: bucketName, Key: key, ETag: object.etag });
      return c.body(body, 201, { ...headers, 'content-type': 'application/xml' });
    }
    return c.body(null, status === '200' ? 200 : 204, headers);
  }

  async function objectRequest(c: Context, bucketName: string, key: string) {
    const bucket = bucketOf(bucketName);
    const body = c.req.method === 'PUT' ? new Uint8Array(await c.req.arrayBuffer()) : new Uint8Array();
    authenticate(c, body);
    const query = new URL(c.req.url).searchParams;
    const cors = corsHeaders(c);
    switch (c.req.method) {
      case 'PUT': {
        const source = c.req.header('x-amz-copy-source');
        if (source) {
          const path = safeDecode(source.split('?')[0]).replace(/^\//, '');
          const slash = path.indexOf('/');
          const from = bucketOf(path.slice(0, slash)).get(path.slice(slash + 1));
          if (slash < 1 || !from)
            throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: path.slice(slash + 1) });
          const object = stored(bucket, key, from.bytes, from.contentType);
          const result = xml('CopyObjectResult', { LastModified: object.lastModified.toISOString(), ETag: object.etag });
          return c.body(result, 200, { ...cors, 'content-type': 'application/xml' });
        }
        const object = stored(bucket, key, body, c.req.header('content-type') ?? 'binary/octet-stream');
        return c.body(null, 200, { ...cors, etag: object.etag });
      }
      case 'DELETE':
        bucket.delete(key);
        return c.body(null, 204, cors);
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        const size = object.bytes.length;
        const range = rangeOf(c.req.header('range'), size);
        const headers: Record<string, string> = {
          ...cors,
          'content-type': object.contentType,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        };
        for (const [parameter, header] of Object.entries(RESPONSE_OVERRIDES)) {
          const value = query.get(parameter);
          if (value !== null) headers[header] = value;
        }
        const bytes = range ? object.bytes.subarray(range.start, range.end + 1) : object.bytes;
        headers['content-length'] = String(bytes.length);
        if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
        const status = range ? 206 : 200;
        if (c.req.method === 'HEAD') return c.body(null, status, headers);
        return c.body(bytes as Uint8Array<ArrayBuffer>, status, headers);
      }
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const postHandler = async (c: Context) => {
    const name = c.req.param('bucket')!;
    return postObject(c, name).catch((error) => failure(c, error, `/${name}`));
  };

  return (
    new Hono()
      .options('*', (c) => {
        const origin = c.req.header('origin');
        const method = c.req.header('access-control-request-method') ?? '';
        if (!origin || (options.allowedOrigins && !options.allowedOrigins.includes(origin)) || !CORS_METHODS.includes(method)) {
          const body = xml('Error', { Code: 'AccessForbidden', Message: 'CORSResponse: This CORS request is not allowed.' });
          return c.body(body, 403, { 'content-type': 'application/xml' });
        }
        return c.body(null, 200, {
          'access-control-allow-origin': options.allowedOrigins ? origin : '*',
          'access-control-allow-methods': CORS_METHODS.join(', '),
          'access-control-allow-headers': c.req.header('access-control-request-headers') ?? '',
          'access-control-expose-headers': 'ETag, Location',
          'access-control-max-age': '3000',
          vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
        });
      })
      // The form goes to the bucket, with or without a trailing slash.
      .post('/:bucket{[^/]+}', postHandler)
      .post('/:bucket{[^/]+}/', postHandler)
      .on(['GET', 'HEAD', 'PUT', 'DELETE'], '/:bucket{[^/]+}/:key{.+}', async (c) => {
        const name = c.req.param('bucket');
        const key = c.req.param('key');
        return objectRequest(c, name, key).catch((error) => failure(c, error, `/${name}/${key}`));
      })
      .all('*', (c) =>
        failure(c, new S3Error(501, 'NotImplemented', 'This fake implements objects and POST uploads only.'), c.req.path),
      )
  );
}
