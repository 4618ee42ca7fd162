import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { Encoding } from './compression';
import { isCompressibleType, preferredEncoding, varyOnEncoding } from './compression';

/** Where `scripts/compress-assets.ts` writes each encoding of a built file: beside it. */
export const PRECOMPRESSED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Files of the build (`dist/`), each text file answered from the `.br` or `.gz` written beside it at build time when
 * the browser accepts that encoding (q-values honoured; @hono/node-server's own `precompressed` option reads the header
 * without them). A range request always gets the file itself, so its byte offsets mean one thing. A file without
 * those siblings (a build made without the compression step) goes as it is, and the `compression` middleware
 * compresses it on the fly.
 */
export function serveBuildFiles(root: string, options: { cacheControl?: string } = {}): MiddlewareHandler {
  const finish = (response: unknown, contentType?: string, encoding?: Encoding) => {
    // Not found: serveStatic handed over to the next handler, whose answer is already the context's.
    if (!(response instanceof Response)) return;
    if (contentType && encoding) {
      response.headers.set('Content-Type', contentType);
      response.headers.set('Content-Encoding', encoding);
    }
    if (contentType) varyOnEncoding(response.headers);
    if (options.cacheControl && response.ok) response.headers.set('Cache-Control', options.cacheControl);
    return response;
  };
  const asItIs = serveStatic({ root });
  const encoded = {
    br: serveStatic({ root, rewriteRequestPath: (path) => path + PRECOMPRESSED_SUFFIX.br }),
    gzip: serveStatic({ root, rewriteRequestPath: (path) => path + PRECOMPRESSED_SUFFIX.gzip }),
  };
  return async (c: Context, next: Next) => {
    const type = getMimeType(c.req.path);
    const compressible = isCompressibleType(type);
    const encoding = compressible && !c.req.header('range') ? preferredEncoding(c.req.header('accept-encoding')) : null;
    if (encoding) {
      let missing = false;
      const response = await encoded[encoding](c, async () => {
        missing = true;
      });
      if (!missing) return finish(response, type, encoding);
    }
    return finish(await asItIs(c, next), compressible ? type : undefined);
  };
}
