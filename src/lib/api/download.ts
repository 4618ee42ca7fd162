import type { FileAnswer, ResponseOf, RouteKey } from '@domain';
import type { CallOf } from './call';
import { pathOf } from './call';
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

/** The routes of the contract that answer a file. */
export type FileRoute = { [K in RouteKey]: ResponseOf<K> extends FileAnswer ? K : never }[RouteKey];

/**
 * Downloads a file of our API through the contract (`saveDownload('GET /documents/:id/file', { params, query,
 * fallbackName })`) and the main client (so the bearer token, the 401 recovery and the pt-BR messages apply, a
 * network failure included), and saves it under the name the server gives, else `fallbackName`. Answers the name and
 * the response's headers (some downloads tell more there, e.g. what an export left out).
 */
export function saveDownload<K extends FileRoute>(route: K, call: CallOf<K> & { fallbackName: string }) {
  return saveRoute(route, call);
}

function saveRoute(
  route: string,
  {
    params,
    query,
    fallbackName,
  }: { params?: Record<string, string | undefined>; query?: Record<string, unknown>; fallbackName: string },
) {
  return saveFrom(pathOf(route.slice(route.indexOf(' ') + 1), params), query, fallbackName);
}

/** Downloads a file at a link the server answered (a paid charge's `receiptPath`), as saveDownload does. */
export const saveLinkedFile = (link: string, fallbackName: string) => saveFrom(link, undefined, fallbackName);

async function saveFrom(
  path: string,
  query: Record<string, unknown> | undefined,
  fallbackName: string,
): Promise<{ name: string; headers: Headers }> {
  let response: Awaited<ReturnType<typeof mainApi.raw<Blob, 'blob'>>>;
  try {
    response = await mainApi.raw<Blob, 'blob'>(path, { query, responseType: 'blob' });
  } catch (error) {
    throw await downloadError(error);
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(response._data ?? new Blob());
  const link = Object.assign(window.document.createElement('a'), { href: url, download: name });
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, headers: response.headers };
}
