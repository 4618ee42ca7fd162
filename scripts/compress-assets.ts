/**
 * Part of `npm run build`, after `vite build`: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * beside every text file of the build (JS, CSS, SVG, JSON, XML…) of 1 KB or more, so the server answers them without
 * compressing anything per request (server/http/static-files.ts). Source maps are left out: only developer tools ask
 * for them, and they would triple the step's time. index.html is left out too: the server inlines the configuration
 * into it and compresses that once.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { Encoding } from '@server/http/compression';
import { COMPRESSION_THRESHOLD, compressBytes, isCompressibleType } from '@server/http/compression';
import { PRECOMPRESSED_SUFFIX } from '@server/http/static-files';

// Where the server reads the build (DIST_DIR, as in server/config.ts), or the folder named on the command line.
const distDir = resolve(process.argv[2] ?? (process.env.DIST_DIR || 'dist'));

async function* filesOf(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/` holds the manifest, read by the server from disk.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (entry.isFile()) yield path;
  }
}

const skipped = (path: string) =>
  path.endsWith('.map') ||
  Object.values(PRECOMPRESSED_SUFFIX).some((suffix) => path.endsWith(suffix)) ||
  relative(distDir, path) === 'index.html' ||
  !isCompressibleType(getMimeType(path));

const started = performance.now();
const files: string[] = [];
for await (const path of filesOf(distDir)) {
  if (!skipped(path) && (await stat(path)).size >= COMPRESSION_THRESHOLD) files.push(path);
}

let original = 0;
const written: Record<Encoding, number> = { br: 0, gzip: 0 };
// zlib works on libuv's thread pool: a few files at once keep every core busy.
const queue = [...files];
await Promise.all(
  Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const bytes = await readFile(path);
      original += bytes.byteLength;
      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = await compressBytes(bytes, encoding, 'build');
        written[encoding] += compressed.byteLength;
        await writeFile(path + PRECOMPRESSED_SUFFIX[encoding], compressed);
      }
    }
  }),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Compressed ${files.length} files of ${distDir} (${kb(original)}): brotli ${kb(written.br)}, gzip ${kb(written.gzip)}, ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
