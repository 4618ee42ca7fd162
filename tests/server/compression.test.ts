import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDER } from '@server/config';
import { CompressedText, compression, preferredEncoding } from '@server/http/compression';
import { seedReferenceData } from '@server/seed/reference';
import { APP_ROUTES_FILE } from '@server/spa-routes';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * Everything text-like leaves compressed as the browser asks (brotli, gzip, or as it is), with `Vary: Accept-Encoding`;
 * the build's files from the copies written beside them at build time; what is already packed, downloads and ranges as
 * they are.
 */

let server: TestServer;
let distDir: string;

/** A script of the build: large enough to compress, varied enough that each compressor's output is its own. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`valor ${i * 7919}`)};`).join(
  '\n',
);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${Array.from({ length: 60 }, (_, i) => `<circle cx="${i}" cy="${i * 2}" r="3"/>`).join('')}</svg>`;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);
const INDEX_HTML =
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" />${CONFIG_PLACEHOLDER}</head>` +
  `<body><div id="root"></div>${'<p>Contábil</p>'.repeat(100)}<script type="module" src="/assets/app-test.js"></script></body></html>`;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'contabil-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ routes: ['/app/login'] }));
  await writeFile(join(distDir, 'assets', 'app-test.js'), SCRIPT);
  await writeFile(join(distDir, 'assets', 'logo-test.svg'), SVG);
  await writeFile(join(distDir, 'assets', 'photo-test.png'), PNG);
  await writeFile(join(distDir, 'assets', 'small-test.js'), 'console.log(1)');
  await writeFile(join(distDir, 'assets', 'late-test.js'), SCRIPT.replace(/valor/g, 'depois'));
  // The build's step (npm run build runs it after vite build), on this folder.
  const step = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/compress-assets.ts', distDir], { encoding: 'utf8' });
  expect(step.status, step.stderr).toBe(0);
  // A file without copies (a build made without the step): compressed on the fly instead.
  await rm(join(distDir, 'assets', 'late-test.js.br'));
  await rm(join(distDir, 'assets', 'late-test.js.gz'));
  server = await startTestServer({ site: {}, spa: { distDir } });
  await seedReferenceData(server.db);
});
afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** The answer as it crossed the wire (Node's fetch would decompress it). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

function decoded(answer: Awaited<ReturnType<typeof raw>>): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

const varies = (answer: Awaited<ReturnType<typeof raw>>) =>
  String(answer.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes('accept-encoding');

const TEXT_ANSWERS: [string, string, RegExp][] = [
  ['a public page', '/', /^text\/html/],
  ['a city page', '/contabilidade-em/sao-paulo-sp', /^text\/html/],
  ['the CNAE search with a query (not cached)', '/tools/cnae?q=contabilidade', /^text\/html/],
  ["the site's 404 page", '/pagina-que-nao-existe', /^text\/html/],
  ["the SPA's index.html", '/app/login', /^text\/html/],
  ['a script of the build', '/assets/app-test.js', /javascript/],
  ['an SVG of the build', '/assets/logo-test.svg', /^image\/svg\+xml/],
  ['an API JSON list', '/api/cnaes?search=contabilidade', /^application\/json/],
  ['a sitemap', '/sitemaps/cidades.xml', /^application\/xml/],
];

describe.each(TEXT_ANSWERS)('%s (%s)', (_name, path, type) => {
  it('comes as brotli when the browser takes brotli and gzip, and decodes to the very same bytes', async () => {
    const plain = await raw(path);
    expect(plain.status).toBeLessThan(500);
    expect(plain.headers['content-type']).toMatch(type);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);

    const br = await raw(path, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(plain.status);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(varies(br)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    if (br.headers['content-length']) expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(decoded(br).equals(plain.body)).toBe(true);
  });

  it('comes as gzip when only gzip is asked, and as it is when nothing is', async () => {
    const plain = await raw(path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await raw(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(plain.body)).toBe(true);
  });
});

describe('negotiation', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.8, gzip;q=0.9', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
  ])('Accept-Encoding: %j → %s', async (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
    const answer = await raw('/api/cnaes?search=contabilidade', header ? { 'accept-encoding': header } : {});
    expect(answer.headers['content-encoding']).toBe(expected ?? undefined);
    expect(JSON.parse(decoded(answer).toString('utf8')).data.length).toBeGreaterThan(0);
  });
});

describe("the build's files", () => {
  it('are compressed at build time, beside each text file, and answered from those copies', async () => {
    const file = join(distDir, 'assets', 'app-test.js');
    const brFile = await readFile(`${file}.br`);
    const gzFile = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(brFile).toString()).toBe(SCRIPT);
    expect(gunzipSync(gzFile).toString()).toBe(SCRIPT);

    const br = await raw('/assets/app-test.js', { 'accept-encoding': 'gzip, br' });
    expect(br.body.equals(brFile)).toBe(true);
    expect(br.headers['content-length']).toBe(String(brFile.length));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await raw('/assets/app-test.js', { 'accept-encoding': 'gzip' });
    expect(gzip.body.equals(gzFile)).toBe(true);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('without those copies (a build made without the step) are compressed on the fly', async () => {
    const br = await raw('/assets/late-test.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br).toString()).toBe(SCRIPT.replace(/valor/g, 'depois'));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leave tiny files, images, the build’s own index.html and source maps without copies', async () => {
    const names = await readdir(join(distDir, 'assets'));
    expect(names).not.toContain('small-test.js.br');
    expect(names).not.toContain('photo-test.png.br');
    expect(existsSync(join(distDir, 'index.html.br'))).toBe(false);
    const png = await raw('/assets/photo-test.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);
  });

  it('answer a range request with the bytes of the file itself, never of a compressed copy', async () => {
    const part = await raw('/assets/app-test.js', { 'accept-encoding': 'br, gzip', range: 'bytes=10-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-99/${Buffer.byteLength(SCRIPT)}`);
    expect(part.body.toString()).toBe(Buffer.from(SCRIPT).subarray(10, 100).toString());
  });

  it('missing (an old build’s name) is a 404 whatever the browser accepts', async () => {
    const missing = await raw('/assets/old-build.js', { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(decoded(missing).toString()).not.toContain('<div id="root">');
  });

  it('answer HEAD with the headers of the encoding a GET would get', async () => {
    const response = await fetch(`${server.baseUrl}/assets/app-test.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-length')).toBe(
      String((await readFile(join(distDir, 'assets', 'app-test.js.br'))).length),
    );
  });
});

describe('what stays as it is', () => {
  const big = 'data;valor;descrição\n'.repeat(500);
  const app = new Hono()
    .use(compression())
    .get('/download', (c) =>
      c.body(big, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="extrato.csv"',
      }),
    )
    .get('/no-transform', (c) => c.body(big, 200, { 'content-type': 'text/plain', 'cache-control': 'no-transform' }))
    .get('/pdf', (c) => c.body(big, 200, { 'content-type': 'application/pdf' }))
    .get('/ofx', (c) => c.body(big, 200, { 'content-type': 'application/x-ofx' }))
    .get('/tagged', (c) => c.body(big, 200, { 'content-type': 'text/plain', etag: '"v1"' }));
  const ask = (path: string, headers: Record<string, string> = { 'accept-encoding': 'br, gzip' }) =>
    app.request(path, { headers });

  it('a download: the file leaves byte for byte, as it was stored', async () => {
    const answer = await ask('/download');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(await answer.text()).toBe(big);
  });

  it('what says no-transform, and packed or binary types (PDF, an OFX file)', async () => {
    for (const path of ['/no-transform', '/pdf', '/ofx']) {
      const answer = await ask(path);
      expect(answer.headers.get('content-encoding'), path).toBeNull();
      expect(await answer.text(), path).toBe(big);
    }
  });

  it('a strong ETag becomes weak on a compressed answer (another encoding, other bytes)', async () => {
    const compressed = await ask('/tagged');
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('etag')).toBe('W/"v1"');
    expect((await ask('/tagged', {})).headers.get('etag')).toBe('"v1"');
  });

  it('a small JSON answer (under 1 KB): one packet either way', async () => {
    const answer = await raw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString()).data.status).toBe('ok');
  });

  it('the sitemap index (400 bytes), under the same threshold; the sitemaps it lists are compressed', async () => {
    const index = await raw('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(index.body.length).toBeLessThan(1024);
    expect(index.headers['content-encoding']).toBeUndefined();
    expect((await raw('/sitemaps/cnae.xml', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });
});

describe('a text answered many times', () => {
  it('is compressed once per encoding', async () => {
    const text = new CompressedText('Contábil '.repeat(500));
    const first = await text.encoding('br');
    expect(await text.encoding('br')).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(text.text);
    expect(gunzipSync(await text.encoding('gzip')).toString()).toBe(text.text);
  });
});
