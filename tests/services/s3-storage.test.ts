import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ConfigFrom } from '@server/config';
import { s3Fake, sigV4Signature } from '@server/fakes/s3';
import { contentDisposition } from '@server/services/content-disposition';
import { INCOMING_PREFIX, createS3Storage } from '@server/services/s3-storage';
import type { DownloadGrant, UploadGrant } from '@server/services/signed-links';
import type { LocalServer } from './local-server';
import { listen } from './local-server';

const CREDENTIALS = { accessKeyId: 'AKIACONTABILTEST', secretAccessKey: 'fake-secret-key/with+signs' };
const BUCKET = 'contabil-files';
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

let clockOffsetMs = 0;
let server: LocalServer;
/** The Range header of each request that reached the store. */
const ranges: (string | null)[] = [];

const fake = s3Fake({ ...CREDENTIALS, buckets: [BUCKET], now: () => new Date(Date.now() + clockOffsetMs) });
const storageWith = (overrides: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
  createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: server.url,
    forcePathStyle: true,
    credentials: CREDENTIALS,
    ...overrides,
  });

beforeAll(async () => {
  server = await listen({
    fetch: (request: Request) => {
      ranges.push(request.headers.get('range'));
      return fake.fetch(request);
    },
  });
});
afterAll(() => server?.close());

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

function uploadGrant(key: string, overrides: Partial<UploadGrant> = {}): UploadGrant {
  return {
    op: 'upload',
    key,
    name: 'Contrato Social — versão final.pdf',
    ext: 'pdf',
    companyId: 'c1',
    ownerUserId: null,
    uid: 'u1',
    maxBytes: 1024,
    exp: inSeconds(600),
    ...overrides,
  };
}

function downloadGrant(key: string, overrides: Partial<DownloadGrant> = {}): DownloadGrant {
  return {
    op: 'download',
    key,
    name: 'Contrato Social — versão final.pdf',
    companyId: 'c1',
    ownerUserId: null,
    documentId: 'd1',
    contentType: 'application/pdf',
    exp: inSeconds(300),
    ...overrides,
  };
}

/** Sends a file by the upload target's form, as the browser does: the fields, then the file. */
async function post(target: { url: string; field: string; fields: Record<string, string> }, bytes: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.set(name, value);
  form.set(target.field, new File([bytes as Uint8Array<ArrayBuffer>], 'qualquer.pdf'));
  const response = await fetch(target.url, { method: 'POST', body: form, headers: { origin: 'https://app.contabil.test' } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const errorCode = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];

describe('S3 storage (against the local S3 fake)', () => {
  it('saves and reads back the same bytes, keys with accents and spaces included', async () => {
    const storage = storageWith();
    const key = 'c1/relatório de março.pdf';
    await storage.save(key, PDF);
    const file = await storage.open(key);
    expect(file?.size).toBe(PDF.length);
    expect(new Uint8Array(await new Response(file!.stream).arrayBuffer())).toEqual(PDF);
  });

  it('reads only the first bytes of a file with a Range, and tells its whole size', async () => {
    const storage = storageWith();
    await storage.save('c1/head.pdf', PDF);
    ranges.length = 0;
    const head = await storage.head('c1/head.pdf', 8);
    expect(ranges).toEqual(['bytes=0-7']);
    expect(head).toEqual({ bytes: PDF.slice(0, 8), size: PDF.length });
    // Asking for more than there is gives what there is.
    expect(await storage.head('c1/head.pdf', 1000)).toEqual({ bytes: PDF, size: PDF.length });
    await storage.save('c1/empty.pdf', new Uint8Array());
    expect(await storage.head('c1/empty.pdf', 8)).toEqual({ bytes: new Uint8Array(), size: 0 });
  });

  it('answers null for a missing key and removes a file', async () => {
    const storage = storageWith();
    expect(await storage.open('c1/nunca-existiu.pdf')).toBeNull();
    expect(await storage.head('c1/nunca-existiu.pdf', 8)).toBeNull();
    await storage.save('c1/apagar.pdf', PDF);
    await storage.remove('c1/apagar.pdf');
    expect(await storage.open('c1/apagar.pdf')).toBeNull();
    expect(await storage.head('c1/apagar.pdf', 8)).toBeNull();
    // Removing what is not there is not an error (S3's DELETE is idempotent).
    await storage.remove('c1/apagar.pdf');
  });

  it('is refused by the store with a wrong secret key, bucket or region', async () => {
    const wrongSecret = storageWith({ credentials: { ...CREDENTIALS, secretAccessKey: 'not-the-secret' } });
    await expect(wrongSecret.save('c1/x.pdf', PDF)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    // A bucket that is not there is a configuration error, not a missing file.
    await expect(storageWith({ bucket: 'outro-bucket' }).open('c1/x.pdf')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storageWith({ region: 'sa-east-1' }).open('c1/x.pdf')).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
    });
  });

  it('uploads by presigned POST and downloads by presigned GET under the original name', async () => {
    const storage = storageWith();
    const key = `c1/${crypto.randomUUID()}.pdf`;
    const grant = uploadGrant(key);
    const target = await storage.linkTargets.uploadTarget('token', grant);
    expect(target).toMatchObject({ method: 'POST', field: 'file', url: `${server.url}/${BUCKET}` });
    const policy = JSON.parse(Buffer.from(target.fields.Policy, 'base64').toString());
    expect(policy.conditions).toContainEqual({ key: `${INCOMING_PREFIX}${key}` });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1024]);
    expect(Math.abs(Date.parse(policy.expiration) / 1000 - grant.exp)).toBeLessThanOrEqual(2);

    const sent = await post(target, PDF);
    expect(sent.status).toBe(204);
    // Browsers read the answer of a cross-origin upload only with CORS.
    expect(sent.headers.get('access-control-allow-origin')).toBeTruthy();
    // The link writes aside: nothing reaches the file's key until the server receives it.
    expect(await storage.head(key, 8)).toBeNull();
    await storage.receiveUpload(key);
    expect(await storage.head(`${INCOMING_PREFIX}${key}`, 8)).toBeNull();

    const url = await storage.linkTargets.downloadUrl('token', downloadGrant(key));
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toMatch(/^(299|300)$/);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(contentDisposition('Contrato Social — versão final.pdf'));
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Contrato%20Social%20%E2%80%94%20vers%C3%A3o");
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it('refuses an upload larger than the link allows, and keeps nothing of it', async () => {
    const storage = storageWith();
    const key = `c1/${crypto.randomUUID()}.pdf`;
    const target = await storage.linkTargets.uploadTarget('token', uploadGrant(key, { maxBytes: 64 }));
    const big = new Uint8Array(65).fill(0x41);
    big.set(PDF.slice(0, 5));
    const sent = await post(target, big);
    expect(sent.status).toBe(400);
    expect(errorCode(sent.body)).toBe('EntityTooLarge');
    expect(await storage.head(`${INCOMING_PREFIX}${key}`, 8)).toBeNull();
    // At the limit it goes.
    expect((await post(target, big.slice(0, 64))).status).toBe(204);
  });

  it('refuses tampered links: another key, another policy, another signature or file name', async () => {
    const storage = storageWith();
    const key = `c1/${crypto.randomUUID()}.pdf`;
    const target = await storage.linkTargets.uploadTarget('token', uploadGrant(key));

    const otherKey = await post({ ...target, fields: { ...target.fields, key: `${INCOMING_PREFIX}c2/outro.pdf` } }, PDF);
    expect(otherKey.status).toBe(403);
    expect(errorCode(otherKey.body)).toBe('AccessDenied');

    const policy = JSON.parse(Buffer.from(target.fields.Policy, 'base64').toString());
    policy.conditions = policy.conditions.map((c: unknown) => (Array.isArray(c) ? ['content-length-range', 1, 10 ** 9] : c));
    const widened = await post(
      { ...target, fields: { ...target.fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') } },
      PDF,
    );
    expect(widened.status).toBe(403);
    expect(errorCode(widened.body)).toBe('SignatureDoesNotMatch');

    const extraField = await post({ ...target, fields: { ...target.fields, 'Content-Type': 'text/html' } }, PDF);
    expect(extraField.status).toBe(403);
    expect(extraField.body).toContain('Extra input fields: content-type');
    expect(await storage.head(`${INCOMING_PREFIX}${key}`, 8)).toBeNull();

    await storage.save(key, PDF);
    const url = new URL(await storage.linkTargets.downloadUrl('token', downloadGrant(key)));
    const signature = url.searchParams.get('X-Amz-Signature')!;
    const forged = new URL(url);
    forged.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    const renamed = new URL(url);
    renamed.searchParams.set('response-content-disposition', 'inline');
    const otherFile = new URL(url);
    otherFile.pathname = otherFile.pathname.replace(/[^/]+$/, 'outro.pdf');
    for (const tampered of [forged, renamed, otherFile]) {
      const response = await fetch(tampered);
      expect(response.status, tampered.href).toBe(403);
      expect(errorCode(await response.text())).toBe('SignatureDoesNotMatch');
    }
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses expired links', async () => {
    const storage = storageWith();
    const key = `c1/${crypto.randomUUID()}.pdf`;
    await storage.save(key, PDF);
    const target = await storage.linkTargets.uploadTarget('token', uploadGrant(key, { exp: inSeconds(60) }));
    const url = await storage.linkTargets.downloadUrl('token', downloadGrant(key, { exp: inSeconds(60) }));
    clockOffsetMs = 61_000;
    try {
      const upload = await post(target, PDF);
      expect(upload.status).toBe(403);
      expect(upload.body).toContain('Policy expired');
      const download = await fetch(url);
      expect(download.status).toBe(403);
      expect(await download.text()).toContain('Request has expired');
    } finally {
      clockOffsetMs = 0;
    }
    expect((await fetch(url)).status).toBe(200);
  });

  it('builds virtual-hosted addresses for AWS itself', async () => {
    const storage = createS3Storage({ bucket: BUCKET, region: 'sa-east-1', forcePathStyle: false, credentials: CREDENTIALS });
    const target = await storage.linkTargets.uploadTarget('token', uploadGrant('c1/a.pdf'));
    expect(new URL(target.url).host).toBe(`${BUCKET}.s3.sa-east-1.amazonaws.com`);
    const url = new URL(await storage.linkTargets.downloadUrl('token', downloadGrant('c1/a.pdf')));
    expect(url.host).toBe(`${BUCKET}.s3.sa-east-1.amazonaws.com`);
    expect(url.pathname).toBe('/c1/a.pdf');
  });
});

describe('the S3 fake', () => {
  // The examples of AWS's "Authenticating Requests (AWS Signature Version 4)" for Amazon S3: the fake's signing
  // agrees with AWS's published results, not only with the SDK.
  const example = {
    rawPath: '/test.txt',
    amzDate: '20130524T000000Z',
    region: 'us-east-1',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };

  it('computes the signatures of AWS’s published examples', () => {
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(
      sigV4Signature({
        ...example,
        method: 'GET',
        rawQuery: '',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': example.amzDate,
        },
        signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
        payloadHash: emptyHash,
      }).signature,
    ).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(
      sigV4Signature({
        ...example,
        method: 'GET',
        rawQuery:
          'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=ignored',
        headers: { host: 'examplebucket.s3.amazonaws.com' },
        signedHeaders: ['host'],
        payloadHash: 'UNSIGNED-PAYLOAD',
        presigned: true,
      }).signature,
    ).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });

  it('refuses unsigned requests and unknown keys in S3’s words', async () => {
    const anonymous = await fetch(`${server.url}/${BUCKET}/c1/x.pdf`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('content-type')).toBe('application/xml');
    expect(errorCode(await anonymous.text())).toBe('AccessDenied');
    const missing = await fetch(await storageWith().linkTargets.downloadUrl('token', downloadGrant('c1/nada.pdf')));
    expect(missing.status).toBe(404);
    expect(errorCode(await missing.text())).toBe('NoSuchKey');
  });

  it('answers a browser’s CORS preflight for an upload', async () => {
    const preflight = await fetch(`${server.url}/${BUCKET}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.contabil.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const closed = s3Fake({ ...CREDENTIALS, buckets: [BUCKET], allowedOrigins: ['https://app.contabil.test'] });
    const refused = await closed.request(`/${BUCKET}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('S3 configuration (S3_*)', () => {
  it('keeps files on the local disk without S3_BUCKET', () => {
    expect(s3ConfigFrom({}, 'production')).toBeUndefined();
  });

  it('reads a store with defaults that suit S3-compatible stores and AWS', () => {
    expect(
      s3ConfigFrom(
        {
          S3_BUCKET: 'contabil-files',
          S3_ENDPOINT: 'https://minio.example.com/',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        },
        'production',
      ),
    ).toEqual({
      bucket: 'contabil-files',
      region: 'us-east-1',
      endpoint: 'https://minio.example.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // AWS itself: virtual-hosted addresses and the SDK's own credentials (role, AWS_* variables).
    expect(s3ConfigFrom({ S3_BUCKET: 'contabil-files', S3_REGION: 'sa-east-1' }, 'production')).toEqual({
      bucket: 'contabil-files',
      region: 'sa-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      s3ConfigFrom({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://localhost:9000', S3_FORCE_PATH_STYLE: 'false' }, 'development')
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('stops the start with a clear message for a setting that cannot work', () => {
    const refusals: [NodeJS.ProcessEnv, RegExp][] = [
      [{ S3_ENDPOINT: 'https://minio.example.com' }, /S3_ENDPOINT set without S3_BUCKET/],
      [{ S3_BUCKET: 'Contabil_Files' }, /S3_BUCKET must be a bucket name/],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) address/],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio.example.com' }, /must use https with APP_ENV=production/],
      [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE must be true or false/],
      [{ S3_BUCKET: 'files', S3_REGION: 'São Paulo' }, /S3_REGION must be a region name/],
    ];
    for (const [env, message] of refusals) expect(() => s3ConfigFrom(env, 'production'), JSON.stringify(env)).toThrow(message);
  });
});
