import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './content-disposition';
import type { LinkTargets } from './signed-links';
import type { FileStorage } from './storage';

/** Where an S3-compatible store is and how to reach it (`S3_*` in the configuration). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** The store's address (MinIO, Ceph…: it must take browser uploads by POST policy); AWS's own when absent. */
  endpoint?: string;
  /** `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint host}/{key}`: what most S3-compatible stores need. */
  forcePathStyle: boolean;
  /** Access keys; without them the SDK's default chain (AWS_* variables, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Upload links write here, never to the file's own key: registering a file copies it to its key, out of reach of
 * the link, which may still be valid for a few minutes (our own route refuses to replace a registered file; a
 * presigned POST cannot be told to). A bucket lifecycle rule may expire what is left here after a day.
 */
export const INCOMING_PREFIX = 'incoming/';

/** No such object; a missing bucket is a configuration error, not an absent file. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'));

const isUnsatisfiableRange = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416);

export type S3Storage = FileStorage & { linkTargets: LinkTargets; receiveUpload(key: string): Promise<void> };

/** Files in an S3-compatible bucket, with links that send the browser straight to the store (presigned URLs). */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Recent SDKs add CRC checksums to every upload, which many S3-compatible stores refuse: only where S3 needs one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const secondsUntil = (exp: number) => Math.max(1, exp - Math.floor(Date.now() / 1000));

  return {
    async save(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return { stream: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key, length) {
      let object;
      try {
        object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${Math.max(1, length) - 1}` }),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        // No byte 0 to give: the object exists and is empty.
        if (isUnsatisfiableRange(error)) return { bytes: new Uint8Array(), size: 0 };
        throw error;
      }
      // A store that ignores the Range sends it all: read what we need and leave the rest.
      const reader = (object.Body!.transformToWebStream() as ReadableStream<Uint8Array>).getReader();
      const chunks: Uint8Array[] = [];
      let read = 0;
      while (read < length) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        read += value.length;
      }
      await reader.cancel();
      const bytes = Buffer.concat(chunks).subarray(0, length);
      const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
      return { bytes: new Uint8Array(bytes), size: total ? Number(total) : (object.ContentLength ?? bytes.length) };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async receiveUpload(key) {
      const incoming = `${INCOMING_PREFIX}${key}`;
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: key,
            CopySource: `${bucket}/${incoming.split('/').map(encodeURIComponent).join('/')}`,
          }),
        );
      } catch (error) {
        // Nothing waiting: not sent yet, or already received by an earlier attempt.
        if (isMissing(error)) return;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: incoming }));
    },
    linkTargets: {
      async uploadTarget(_token, grant) {
        const { url, fields } = await createPresignedPost(client, {
          Bucket: bucket,
          Key: `${INCOMING_PREFIX}${grant.key}`,
          // The size is the store's to enforce here: the bytes never pass through us.
          Conditions: [['content-length-range', 1, grant.maxBytes]],
          Expires: secondsUntil(grant.exp),
        });
        return { url, method: 'POST', field: 'file', fields };
      },
      downloadUrl(_token, grant) {
        const command = new GetObjectCommand({
          Bucket: bucket,
          Key: grant.key,
          ResponseContentDisposition: contentDisposition(grant.name),
          ResponseContentType: grant.contentType,
          ResponseCacheControl: 'private, no-store',
        });
        return getSignedUrl(client, command, { expiresIn: secondsUntil(grant.exp) });
      },
    },
  };
}
