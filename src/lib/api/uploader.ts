import { UPLOAD_MESSAGES } from '@domain';
import type { ClientOptions } from './clients';
import { ApiError, toApiError } from './errors';

/** Why an upload was refused: our API answers JSON; an S3-compatible store XML with a code (`EntityTooLarge`…). */
export function uploadRefusal(status: number, body: string): ApiError {
  try {
    return toApiError({ status, data: JSON.parse(body) });
  } catch {
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
    if (code === 'EntityTooLarge') return new ApiError(UPLOAD_MESSAGES.tooLarge, 413, 'payload_too_large');
    if (code === 'EntityTooSmall') return new ApiError(UPLOAD_MESSAGES.empty, 400, 'bad_request');
    if (code === 'AccessDenied' && /expired/i.test(body)) {
      return new ApiError('Este link de arquivo expirou. Envie o arquivo de novo.', 403, 'forbidden');
    }
    return toApiError({ status });
  }
}

export interface FormUpload {
  /** A path under the client's base URL, or an absolute URL (a storage's signed link). */
  url: string;
  query?: Record<string, string | undefined>;
  /** The form's other fields, sent before the file (a signed link's policy must come first). */
  fields?: Record<string, string>;
  /** The name of the file's field. */
  fileField?: string;
  file: Blob;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Sends a form with a file and answers the server's parsed body (JSON when it is JSON, else its text). */
export type Uploader = <T>(upload: FormUpload) => Promise<T>;

/**
 * The one way a file travels: a multipart POST by XMLHttpRequest, because fetch cannot report an upload's progress.
 * It keeps the clients' manners (docs/rules.md–9): the bearer token when there is one, a 401 hands over to the session's
 * recovery, every failure is an ApiError with a pt-BR message; it is never retried (it changes data), and aborting
 * the signal stops it.
 */
export function createUploader({ baseURL = '', bearer, onUnauthorized }: ClientOptions = {}): Uploader {
  return <T>({ url, query, fields = {}, fileField = 'file', file, onProgress, signal }: FormUpload) =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(new ApiError('Envio cancelado.', 0, 'aborted'));
      const target = new URL(/^https?:\/\//.test(url) ? url : `${baseURL}${url}`, window.location.href);
      for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) target.searchParams.set(name, value);
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set(fileField, file);
      const request = new XMLHttpRequest();
      request.open('POST', target.href);
      const token = bearer?.();
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) {
          const json = /json/.test(request.getResponseHeader('content-type') ?? '');
          try {
            return resolve((json ? JSON.parse(request.responseText) : request.responseText) as T);
          } catch {
            return reject(toApiError({ status: 0 }));
          }
        }
        if (request.status === 401) onUnauthorized?.();
        reject(uploadRefusal(request.status, request.responseText));
      };
      request.onerror = () => reject(toApiError({ status: 0 }));
      request.onabort = () => reject(new ApiError('Envio cancelado.', 0, 'aborted'));
      signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(form);
    });
}
