import { mainApi } from './clients';
import type { ApiError } from './errors';
import { toApiError } from './errors';

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A badly encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return plain ? (plain[2] ?? plain[1]).trim() : null;
}

/** An error body read as a Blob (the download asked for one) turned back into the server's pt-BR message. */
async function downloadError(error: unknown): Promise<ApiError> {
  const e = error as { data?: unknown; statusCode?: number; status?: number };
  if (e?.data instanceof Blob) {
    let data: unknown;
    try {
      data = JSON.parse(await e.data.text());
    } catch {
      data = null;
    }
    return toApiError({ status: e.statusCode ?? e.status, data });
  }
  return toApiError(error);
}

/**
 * Downloads a file of our API through the main client (so the bearer token, the 401 recovery and the pt-BR messages
 * apply, a network failure included) and saves it under the name the server gives, else `fallbackName`. Answers the
 * name and the response's headers (some downloads tell more there, e.g. what an export left out).
 */
export async function saveDownload(
  path: string,
  options: { query?: Record<string, string>; fallbackName: string },
): Promise<{ name: string; headers: Headers }> {
  let response: Awaited<ReturnType<typeof mainApi.raw<Blob, 'blob'>>>;
  try {
    response = await mainApi.raw<Blob, 'blob'>(path, { query: options.query, responseType: 'blob' });
  } catch (error) {
    throw await downloadError(error);
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fallbackName;
  const url = URL.createObjectURL(response._data ?? new Blob());
  const link = Object.assign(window.document.createElement('a'), { href: url, download: name });
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, headers: response.headers };
}
