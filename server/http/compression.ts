import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from './types';

/**
 * Responses compressed as the browser asks (`Accept-Encoding`, q-values honoured): brotli, else gzip, else as they are.
 * Hono's own `compress` middleware speaks gzip and deflate only; brotli is a fifth smaller on HTML and JSON.
 */

export type Encoding = 'br' | 'gzip';

/** Below this a response fits in one packet anyway: compressing it costs more time than it saves. */
export const COMPRESSION_THRESHOLD = 1024;
/** Larger bodies of unknown length are compressed as they stream instead of being read whole first. */
const BUFFER_LIMIT = 1024 * 1024;

/**
 * How hard to work: `fast` on every request (brotli 4 is about gzip 6's time with a smaller result); `cached` for a
 * text compressed once and answered many times (a public page in the cache, the SPA's index.html). Brotli 11 takes
 * ~100 ms on a public page, ten times brotli 5, for 8 % less — too much for thousands of city pages re-rendered
 * each cache period; the build's files get it (scripts/compress-assets.ts).
 */
export type Effort = 'fast' | 'cached' | 'build';

const BROTLI_QUALITY: Record<Effort, number> = { fast: 4, cached: 5, build: constants.BROTLI_MAX_QUALITY };
const GZIP_LEVEL: Record<Effort, number> = { fast: 6, cached: 9, build: 9 };

const brotliOptions = (effort: Effort, size?: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
    ...(size === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: size }),
  },
});
const gzipOptions = (effort: Effort): ZlibOptions => ({ level: GZIP_LEVEL[effort] });

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The bytes in this encoding (on libuv's thread pool: the event loop keeps answering). */
export async function compressBytes(bytes: Uint8Array, encoding: Encoding, effort: Effort): Promise<Uint8Array> {
  return encoding === 'br' ? brotliAsync(bytes, brotliOptions(effort, bytes.byteLength)) : gzipAsync(bytes, gzipOptions(effort));
}

/**
 * The encoding to answer with: the one of brotli and gzip the header gives the higher q-value (`*` standing for those
 * it does not name; brotli on a tie), or none — no header, `identity` only, or both refused with q=0.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = parseAccept(acceptEncoding);
  const wildcard = accepted.find((item) => item.type === '*')?.q ?? 0;
  const q = (...names: string[]) => {
    const named = accepted.filter((item) => names.includes(item.type.toLowerCase()));
    return named.length ? Math.max(...named.map((item) => item.q)) : wildcard;
  };
  const br = q('br');
  const gzipQ = q('gzip', 'x-gzip');
  if (br <= 0 && gzipQ <= 0) return null;
  return br >= gzipQ ? 'br' : 'gzip';
}

/** Text-like types (HTML, JS, CSS, JSON, SVG, XML…); images, PDF, ZIP and other packed formats are not. */
export const isCompressibleType = (contentType: string | null | undefined) =>
  !!contentType && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);

/** Adds `Accept-Encoding` to `Vary` unless it is there (or `Vary: *`). */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get('vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Whether a response may be compressed here at all: text-like, not encoded already (a precompressed file, a cached
 * page), not a part (206), not a download (a file leaves byte for byte, with its length, as it was stored) and not
 * marked `no-transform`.
 */
function mayCompress(response: Response): boolean {
  // Status and headers only: reading `body` would make @hono/node-server build the full web Response for every
  // answer (a fifth of a small JSON answer's cost); a missing body shows later as an empty one.
  const { headers } = response;
  return (
    response.status !== 204 &&
    response.status !== 206 &&
    response.status !== 304 &&
    isCompressibleType(headers.get('content-type')) &&
    !headers.has('content-encoding') &&
    !headers.has('content-range') &&
    !/^\s*attachment/i.test(headers.get('content-disposition') ?? '') &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')
  );
}

function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const compressor = encoding === 'br' ? createBrotliCompress(brotliOptions('fast')) : createGzip(gzipOptions('fast'));
  // An error on either side ends the other; the browser sees a cut response, as it would without compression.
  pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), compressor, () => {});
  return Readable.toWeb(compressor) as ReadableStream<Uint8Array>;
}

/** Replaces the answer with its encoded body: same status and headers, the encoding said, the length of the new body. */
function encodedResponse(
  c: Context,
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>,
  encoding: Encoding,
  length: number | null,
) {
  const original = c.res;
  c.res = new Response(body, { status: original.status, statusText: original.statusText, headers: original.headers });
  const { headers } = c.res;
  headers.set('content-encoding', encoding);
  if (length === null) headers.delete('content-length');
  else headers.set('content-length', String(length));
  // Another encoding of the same content: the same resource to a cache, no longer the same bytes.
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
}

/** An answer read whole, compressed in one go and sent with its new length. */
async function answerCompressed(c: Context, bytes: Uint8Array, encoding: Encoding) {
  const compressed = await compressBytes(bytes, encoding, 'fast');
  encodedResponse(c, compressed as Uint8Array<ArrayBuffer>, encoding, compressed.byteLength);
}

/**
 * Compresses what the routes answer (API JSON, pages, XML) on the fly, quickly, when it is worth it (1 KB or more).
 * Answers already encoded — the build's precompressed files, cached public pages — pass as they are.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // A JSON answer of `json()` (server/http/json.ts) says its length and carries its Vary already: nothing to read
    // off its headers, and nothing to do while it is small or the caller takes no encoding.
    const plain = c.get('answeredPlain');
    if (plain) {
      if (plain.length < COMPRESSION_THRESHOLD || c.req.method === 'HEAD') return;
      const encoding = preferredEncoding(c.req.header('accept-encoding'));
      if (!encoding) return;
      await answerCompressed(c, new Uint8Array(await c.res.arrayBuffer()), encoding);
      return;
    }
    if (!mayCompress(c.res)) return;
    const declared = c.res.headers.get('content-length');
    if (declared !== null && Number(declared) < COMPRESSION_THRESHOLD) return;
    varyOnEncoding(c.res.headers);
    // A HEAD answer has no body to compress; it says what a GET would carry uncompressed.
    const encoding = c.req.method === 'HEAD' ? null : preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding || !c.res.body) return;
    if (declared !== null && Number(declared) > BUFFER_LIMIT) {
      encodedResponse(c, compressStream(c.res.body!, encoding), encoding, null);
      return;
    }
    // Routes' answers are built in memory (JSON, HTML): read whole, compressed in one go, sent with their length.
    const bytes = new Uint8Array(await c.res.arrayBuffer());
    if (bytes.byteLength < COMPRESSION_THRESHOLD) {
      const original = c.res;
      c.res = new Response(bytes, { status: original.status, statusText: original.statusText, headers: original.headers });
      return;
    }
    await answerCompressed(c, bytes, encoding);
  };
}

/**
 * A text answered many times as it is (a cached public page, the SPA's index.html): each encoding is made once, on
 * first demand, and kept with it.
 */
export class CompressedText {
  readonly bytes: Uint8Array;
  private readonly encoded = new Map<Encoding, Promise<Uint8Array>>();

  constructor(
    readonly text: string,
    private readonly effort: Effort = 'cached',
  ) {
    this.bytes = new TextEncoder().encode(text);
  }

  encoding(encoding: Encoding): Promise<Uint8Array> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressBytes(this.bytes, encoding, this.effort);
      // A failure is not kept: the next request tries again.
      body.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** Answers `text` in the encoding the browser prefers (made once per encoding), or as it is. */
export async function sendText(c: Context, text: CompressedText, status: 200 | 404, contentType: string) {
  c.header('Content-Type', contentType);
  const encoding = text.bytes.byteLength < COMPRESSION_THRESHOLD ? null : preferredEncoding(c.req.header('accept-encoding'));
  if (text.bytes.byteLength >= COMPRESSION_THRESHOLD) c.header('Vary', 'Accept-Encoding', { append: true });
  if (!encoding) return c.body(text.text, status);
  const body = await text.encoding(encoding);
  c.header('Content-Encoding', encoding);
  c.header('Content-Length', String(body.byteLength));
  return c.body(body as Uint8Array<ArrayBuffer>, status);
}
