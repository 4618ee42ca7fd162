/**
 * `npm run bench:site`: what the public site costs a visitor, printed, never asserted.
 *
 * - JavaScript per route: every script a page really loads (entry, imports and the islands it mounts), gzipped, for
 *   the public routes and the main app routes (target: ≤ 60 KB for a public page); and whether any of it is app code
 *   (Firebase, XState, the router).
 * - On the wire: each measured page's document as it is, in brotli and in gzip, and the CSS it inlines (target ≤ 10 KB).
 * - Lighthouse (npm `lighthouse`, Debian's Chromium, mobile preset with simulated throttling), BENCH_LIGHTHOUSE_RUNS
 *   runs (3) of `/`, a city page, a post, `/tools/cnae` and a Simples Nacional calculation, each beside a static copy
 *   of itself — the same document as the product sent it and the same files of dist/, in brotli, from a bare node:http
 *   server with no header but the type, the encoding and the cache (API calls passed on to the product) — and a
 *   static baseline page (a heading and a paragraph: the floor this machine allows): performance, LCP, FCP, TBT, CLS
 *   as median (min–max), and each page's TBT over its copy's (targets: performance ≥ 98, LCP ≤ 1.2 s, TBT ≤ 1.5× the
 *   copy's).
 * - Server rendering: time to answer a city page the first time (rendered) and again (cached).
 *
 * It starts the product as `npm start` does (scripts/build.ts, which builds it unless SKIP_BUILD=1, then the bundle) on BENCH_PORT (3300) with a
 * throwaway data folder, measures, and stops it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, get, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { SERVER_NODE_ARGS } from '../scripts/build-server';
import { CONTENT_TYPES } from './content-types';
import { kilobytes, lighthouseRuns, lighthouseTable } from './lighthouse';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The calculator with a result on the page: its largest shape (the Manual's example 6, two lines of taxes). */
const SIMPLES_RESULT =
  '/tools/simples-nacional?annex=I&rbt12=2.000.000,00&revenue=100.000,00&exportRbt12=1.000.000,00&exportRevenue=50.000,00';
const PUBLIC_ROUTES = [
  '/',
  '/abrir-empresa',
  '/blog',
  '/blog/posts/como-abrir-mei',
  '/areas/medicos',
  '/contabilidade-em/sao-paulo-sp',
  '/lp/irpf/2025',
  '/tools/cnae',
  '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  '/tools/simples-nacional',
  SIMPLES_RESULT,
];
/** The pages Lighthouse measures (docs/performance.md: the home page, a city page, a post, the CNAE search, the calculator). */
/** BENCH_SITE_PAGES: a comma-separated list of the pages Lighthouse measures instead. */
const LIGHTHOUSE_PAGES = process.env.BENCH_SITE_PAGES?.split(',') ?? [
  '/',
  '/contabilidade-em/sao-paulo-sp',
  '/blog/posts/como-abrir-mei',
  '/tools/cnae',
  SIMPLES_RESULT,
];
/** BENCH_COPY_HEADERS: headers (JSON) the static copies' documents get too, to tell which of the product's costs time. */
const COPY_HEADERS = JSON.parse(process.env.BENCH_COPY_HEADERS ?? '{}') as Record<string, string>;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const APP_ROUTES = ['/app/login', '/app/panel', '/app/invoices', '/app/documents', '/app/bank-statements/accounts'];
const APP_CODE = /firebase|@firebase|xstate|tanstack|createRouter/i;

const BASELINE_PAGE =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Contábil — página estática de referência</title><meta name="description" content="A página mais simples possível.">' +
  '<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a}header,main{padding:16px 24px}' +
  'h1{font-size:2.25rem;line-height:1.2}p{font-size:1.125rem;line-height:1.6;color:#334155}</style></head>' +
  '<body><header><strong>Contábil</strong></header><main><h1>Contabilidade online para MEI, ME e EPP</h1>' +
  '<p>Uma página estática, sem folhas de estilo nem scripts, servida por um servidor HTTP mínimo.</p></main></body></html>';

async function waitForServer(url: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The product did not start at ${url}`);
}

/** The body as the server sent it for this Accept-Encoding (Node's fetch would decompress it). */
function wire(path: string, acceptEncoding: string) {
  return new Promise<Buffer>((resolve, reject) => {
    get(`${BASE}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'contabil-bench-site-'));
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
const product = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist-server/start.js'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SCHEDULER_DISABLED: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
/** Stops the product and waits for it to exit before its data folder goes (it writes there while stopping). */
async function stop() {
  const exited = new Promise<void>((resolve) => (product.exitCode !== null ? resolve() : product.once('exit', () => resolve())));
  product.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

try {
  console.log(`Contábil public site — ${new Date().toISOString()}, Node ${process.version}\n`);
  await waitForServer(`${BASE}/api/health`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  async function scriptsOf(path: string, signIn = false) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signIn) {
      await page.goto(`${BASE}/app/login`);
      await page.getByLabel('E-mail').fill('cliente@demo.test');
      await page.getByLabel('Senha').fill('demo12345');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/app/login'));
    }
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await context.close();
    const bodies = [...scripts.values()];
    return {
      count: bodies.length,
      gzipped: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
      appCode: bodies.some((body) => APP_CODE.test(body.toString('utf8'))),
    };
  }

  console.log('JavaScript loaded per route (gzipped; target ≤ 60 KB on public pages)');
  for (const route of PUBLIC_ROUTES) {
    const { count, gzipped, appCode } = await scriptsOf(route);
    console.log(
      `  ${route.padEnd(80)} ${(gzipped / 1024).toFixed(1).padStart(6)} KB  ${String(count).padStart(2)} files  ${appCode ? 'APP CODE LOADED' : 'no app code'}`,
    );
  }
  for (const route of APP_ROUTES) {
    const { count, gzipped } = await scriptsOf(route, route !== '/app/login');
    console.log(`  ${route.padEnd(80)} ${(gzipped / 1024).toFixed(1).padStart(6)} KB  ${String(count).padStart(2)} files  (app)`);
  }
  await browser.close();

  console.log('\nServer rendering of a city page');
  for (const [label, path] of [
    ['first visit (rendered)', '/contador-em/campinas-sp'],
    ['again (cached)', '/contador-em/campinas-sp'],
  ] as const) {
    const t0 = performance.now();
    const response = await fetch(`${BASE}${path}`);
    await response.text();
    console.log(`  ${label.padEnd(30)} ${(performance.now() - t0).toFixed(1).padStart(7)} ms`);
  }

  console.log('\nOn the wire: the document as it is / in brotli / in gzip, and the CSS it inlines (target ≤ 10 KB)');
  for (const path of LIGHTHOUSE_PAGES) {
    const [plain, br, gzip] = await Promise.all(['identity', 'br', 'gzip'].map((encoding) => wire(path, encoding)));
    const inline = [...plain.toString('utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
      (sum, [, css]) => sum + Buffer.byteLength(css),
      0,
    );
    console.log(
      `  ${path.padEnd(34)} ${kilobytes(plain.length).padStart(8)} / ${kilobytes(br.length).padStart(7)} / ${kilobytes(gzip.length).padStart(7)}   inline CSS ${kilobytes(inline)}`,
    );
  }

  // Each page's static copy: the document the product sent, and dist/'s files, in brotli, with no header of the
  // product's; what the page asks of the API goes on to the product.
  const documents = new Map<string, Buffer>();
  for (const path of LIGHTHOUSE_PAGES) documents.set(path, brotliCompressSync(await wire(path, 'identity')));
  const dist = join(import.meta.dirname, '../dist');
  const staticCopy = createServer((request, response) => {
    const url = request.url ?? '/';
    const page = documents.get(url);
    if (page) {
      response.writeHead(200, { ...COPY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' });
      response.end(page);
      return;
    }
    const file = join(dist, normalize(decodeURIComponent(url.split('?')[0])));
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) {
      const compressed = existsSync(`${file}.br`);
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
        ...(compressed ? { 'content-encoding': 'br' } : {}),
      });
      response.end(readFileSync(compressed ? `${file}.br` : file));
      return;
    }
    const upstream = httpRequest(
      `${BASE}${url}`,
      { method: request.method, headers: { ...request.headers, host: `localhost:${PORT}` } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => staticCopy.listen(0, '127.0.0.1', resolve));
  const copyBase = `http://localhost:${(staticCopy.address() as AddressInfo).port}`;

  // The floor: a static page (a heading, a paragraph, a few lines of CSS) from a bare HTTP server, no framework.
  const baseline = createServer((request, response) => {
    const found = request.url === '/';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(found ? BASELINE_PAGE : '');
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const baselineUrl = `http://localhost:${(baseline.address() as AddressInfo).port}/`;
  console.log(
    `\nLighthouse (mobile, simulated throttling), ${LIGHTHOUSE_RUNS} runs each: median (min–max); target: performance ≥ 98, LCP ≤ 1.2 s, TBT ≤ 1.5× the page's static copy`,
  );
  try {
    // Each page then its copy, in turn, so that a slow minute of this shared machine touches both alike.
    const urls = [...LIGHTHOUSE_PAGES.flatMap((path) => [`${BASE}${path}`, `${copyBase}${path}`]), baselineUrl];
    const runs = await lighthouseRuns(urls, LIGHTHOUSE_RUNS, CHROMIUM);
    console.log(
      lighthouseTable([
        ...LIGHTHOUSE_PAGES.flatMap((path, index) => [
          { label: path, runs: runs[2 * index] },
          { label: '  its static copy', runs: runs[2 * index + 1] },
        ]),
        { label: 'static baseline page', runs: runs[2 * LIGHTHOUSE_PAGES.length] },
      ]),
    );
    const medianTbt = (all: { tbtMs: number; failed?: string }[]) => {
      const values = all
        .filter((run) => !run.failed)
        .map((run) => run.tbtMs)
        .sort((a, b) => a - b);
      return values.length ? values[Math.floor(values.length / 2)] : NaN;
    };
    for (const [index, path] of LIGHTHOUSE_PAGES.entries()) {
      const [product, copy] = [medianTbt(runs[2 * index]), medianTbt(runs[2 * index + 1])];
      const ratio = copy > 0 ? `${(product / copy).toFixed(2)}×` : product === 0 ? 'both 0' : 'copy 0 ms';
      console.log(`  ${path}: TBT ${Math.round(product)} ms, its copy ${Math.round(copy)} ms (${ratio}; target ≤ 1.5×)`);
    }
  } finally {
    baseline.close();
    staticCopy.close();
  }
} finally {
  await stop();
}
