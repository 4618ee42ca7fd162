/**
 * `npm run bench:phone`: how soon a signed-in page of the app shows its heading on a phone, beside a floor app built
 * of the same stack, printed side by side, never asserted (docs/performance.md, "Signed-in pages on a phone").
 *
 * - The product's pages: the customer's panel, invoices and bank accounts (as cliente@demo.test) and the team's
 *   companies and invoice queue (as admin@demo.test).
 * - The floor: bench/floor-app, built here with Vite's API (its own root, not the product's vite.config.ts) — React, a
 *   TanStack Router, TanStack Query fetching 10 rows, an XState machine — served precompressed (brotli, gzip) from a
 *   bare node:http server in this process with a `/rows` JSON endpoint: the least a page of this stack can cost here.
 * - Each run is a fresh Playwright context (Debian's Chromium), so a cold HTTP cache, holding the session a sign-in
 *   left (Firebase's user in localStorage and the session cookies, as a person coming back has it), with the CPU
 *   slowed 4× and the network at 150 ms latency, 1.6 Mbps down, 750 Kbps up (CDP). The time is read in the page: a
 *   script added before any of the page's own checks every animation frame for the page's `<h1>` with its text,
 *   visible, and keeps `performance.now()` at the first frame it is there — milliseconds from the navigation's start —
 *   and, apart, the first frame the app's own heading is there (the frame its first script draws gone).
 *   BENCH_PHONE_RUNS runs (5) per page, product and floor in turn, so a slow minute of this shared machine touches
 *   both alike: median (min–max) of each, the ratio of the medians (target ≤ 1.3×), and the bytes the page had on the
 *   wire (compressed) by the time its heading showed, its scripts apart, and how many requests (the Auth emulator's
 *   are counted but weigh 0: another origin, no Timing-Allow-Origin).
 * - To see where the time goes: BENCH_PHONE_TIMELINE=1 prints the product's last run request by request (and any
 *   `performance.mark`); BENCH_PHONE_PROFILE=1 takes a CPU profile of each visit until the heading and prints the
 *   main thread's time by script and by function, product and floor (BENCH_PHONE_PROFILE_FILE=path keeps the
 *   product's last profile, for DevTools or a source map).
 * - Lighthouse (mobile preset, simulated throttling), BENCH_LIGHTHOUSE_RUNS runs (3) of each page and of the floor
 *   app; the session is stored in the Chromium Lighthouse drives before it starts (Lighthouse keeps cookies and
 *   localStorage between runs and clears the caches).
 *
 * It starts the product as `npm start` does (the build step, then `dist-server/start.js` with its own Auth emulator)
 * on BENCH_PORT (3400), the emulator on BENCH_EMULATOR_HOST (127.0.0.1:9499), with a throwaway data folder, and
 * stops them at the end, also on an error or Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { SESSION_COOKIES } from '@domain';
import { CHROMIUM_ARGS } from '../playwright.config';
import { buildIfChanged } from '../scripts/build-once';
import { SERVER_NODE_ARGS, buildServerIfChanged } from '../scripts/build-server';
import type { LighthouseRun } from './lighthouse';
import { kilobytes, lighthouseRuns, lighthouseTable, seconds } from './lighthouse';
import { printHeader } from './support';
import { CONTENT_TYPES } from './content-types';

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BASE = `http://127.0.0.1:${PORT}`;
const EMULATOR_HOST = process.env.BENCH_EMULATOR_HOST ?? '127.0.0.1:9499';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DEMO_PASSWORD = 'demo12345';

/** A mid-range phone on a slow mobile network, as the target is stated (docs/performance.md). */
const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

type Who = 'cliente@demo.test' | 'admin@demo.test';
/** Each page with the heading it shows (its PageHeader's title): the panel greets by the time of day. */
const ALL_PAGES: { path: string; who: Who; heading: RegExp }[] = [
  { path: '/app/panel', who: 'cliente@demo.test', heading: /^(Bom dia|Boa tarde|Boa noite)\b/ },
  { path: '/app/invoices', who: 'cliente@demo.test', heading: /^Notas fiscais$/ },
  { path: '/app/bank-statements/accounts', who: 'cliente@demo.test', heading: /^Extratos bancários$/ },
  { path: '/app/admin/companies', who: 'admin@demo.test', heading: /^Empresas$/ },
  { path: '/app/admin/invoices/nf-requests', who: 'admin@demo.test', heading: /^Solicitações de nota fiscal$/ },
];
/** BENCH_PHONE_PAGES: a comma-separated list of the paths to measure (all five by default). */
const PAGES = process.env.BENCH_PHONE_PAGES
  ? ALL_PAGES.filter((page) => process.env.BENCH_PHONE_PAGES!.split(',').includes(page.path))
  : ALL_PAGES;
const FLOOR_PATH = '/entries';
const FLOOR_HEADING = /^Lançamentos$/;

/**
 * Plain JavaScript run in the page before its own scripts (this file has Node's types, not the DOM's): keeps in
 * `window.__benchHeading` when the heading first shows, and what had come over the wire by then.
 */
function headingWatcher(heading: RegExp): string {
  return `(() => {
    const pattern = new RegExp(${JSON.stringify(heading.source)});
    let first = null;
    const check = () => {
      for (const h1 of document.querySelectorAll('h1')) {
        const box = h1.getBoundingClientRect();
        if (pattern.test((h1.textContent || '').trim()) && box.width > 0 && box.height > 0 && h1.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
          const at = performance.now();
          // The frame the app's first script draws (src/lib/page-shell.ts) shows the heading first; the app's own
          // shows once that frame is gone. The floor has only its own.
          first ??= at;
          if (h1.closest('#page-shell') || document.getElementById('page-shell')) continue;
          const resources = performance.getEntriesByType('resource').filter((entry) => entry.responseEnd <= at);
          const navigation = performance.getEntriesByType('navigation')[0];
          const bytes = resources.reduce((sum, entry) => sum + entry.transferSize, navigation ? navigation.transferSize : 0);
          const scripts = resources.filter((entry) => entry.initiatorType === 'script' || /\\.m?js(\\?|$)/.test(entry.name));
          const timeline = [...performance.getEntriesByType('mark').map((entry) => ['mark ' + entry.name, Math.round(entry.startTime), Math.round(entry.startTime), 0]), ...performance.getEntriesByType('resource').map((entry) => [entry.name.replace(location.origin, ''), Math.round(entry.startTime), Math.round(entry.responseEnd), entry.transferSize])];
          window.__benchHeading = { ms: first, appMs: at, bytes, scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0), requests: resources.length + 1, timeline };
          return;
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
}

interface Visit {
  /** The heading first visible: the drawn frame's (src/lib/page-shell.ts), or the page's own when none was drawn. */
  ms: number;
  /** The page's own heading, drawn by the app, visible (the drawn frame gone). */
  appMs: number;
  bytes: number;
  scriptBytes: number;
  /** Requests answered by then, the document's included: each costs at least a round trip unless it overlaps others. */
  requests: number;
  /** Every request made and every performance mark by then: name, start and end (ms from the navigation), bytes. */
  timeline: [name: string, start: number, end: number, bytes: number][];
  /** BENCH_PHONE_PROFILE=1: where the main thread's time went until the heading, by script and by function. */
  profile?: string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The CPU profile's self time by script and by function, the largest first. */
function summarize(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, at) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[at] ?? 0) / 1000;
    const script = frame.url.replace(/^.*\//, '') || `(${frame.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);
  return ['by script:', ...top(byScript, 15), 'by function:', ...top(byFunction, 25)];
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens `url` as a phone would, cold, with `storage` already in the context, and times its heading. */
async function visit(browser: Browser, url: string, heading: RegExp, storage?: StorageState): Promise<Visit> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', storageState: storage });
  try {
    await context.addInitScript({ content: headingWatcher(heading) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    const profiling = Boolean(process.env.BENCH_PHONE_PROFILE);
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'commit' });
    // A function, not a string: the product's Content-Security-Policy forbids eval.
    const handle = await page.waitForFunction(() => (globalThis as { __benchHeading?: Visit }).__benchHeading, undefined, {
      timeout: 120_000,
      polling: 100,
    });
    const visit = (await handle.jsonValue())!;
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      visit.profile = summarize(profile as never);
      if (process.env.BENCH_PHONE_PROFILE_FILE && url.startsWith(BASE))
        writeFileSync(process.env.BENCH_PHONE_PROFILE_FILE, JSON.stringify(profile));
    }
    return visit;
  } finally {
    await context.close();
  }
}

/** Signs in through the login form in a warm context and keeps the session as e2e/support.ts carries it. */
async function sessionOf(browser: Browser, who: Who): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE}/app/login`);
    await page.getByLabel('E-mail').fill(who);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/app/login'), { timeout: 60_000 });
    const state = await context.storageState();
    const names: string[] = [SESSION_COOKIES.user, SESSION_COOKIES.claims, SESSION_COOKIES.token];
    return {
      cookies: state.cookies.filter((cookie) => names.includes(cookie.name)),
      origins: state.origins
        .filter((origin) => origin.origin === BASE)
        .map((origin) => ({ ...origin, localStorage: origin.localStorage.filter(({ name }) => name.startsWith('firebase:')) })),
    };
  } finally {
    await context.close();
  }
}

/** Writes a session into the Chromium Lighthouse drives (its default context, which Lighthouse's tabs share). */
async function storeSession(port: number, storage: StorageState) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies(storage.cookies);
    const page = await context.newPage();
    // A small file of the app's origin, to write that origin's storage.
    await page.goto(`${BASE}/robots.txt`);
    await page.evaluate(
      (entries) => {
        const { localStorage } = globalThis as unknown as { localStorage: { setItem(name: string, value: string): void } };
        for (const { name, value } of entries) localStorage.setItem(name, value);
      },
      storage.origins.flatMap((origin) => origin.localStorage),
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

function filesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** Builds the floor app into a temporary folder, each text file beside its brotli and gzip forms. */
async function buildFloor(outDir: string) {
  await build({
    root: join(import.meta.dirname, 'floor-app'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  for (const file of filesOf(outDir)) {
    if (!CONTENT_TYPES[extname(file)]) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

const ROWS = JSON.stringify(
  Array.from({ length: 10 }, (_, index) => ({ id: index + 1, name: `Lançamento ${index + 1}`, amount: 100 * (index + 1) + 0.5 })),
);

/** Serves the floor app: `/rows`, the built files precompressed, the page for any other address. */
function serveFloor(outDir: string) {
  const send = (response: ServerResponse, file: string, acceptEncoding: string, cache: string) => {
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
    const chosen = encoding && existsSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`) ? encoding : undefined;
    const path = chosen ? `${file}.${chosen === 'br' ? 'br' : 'gz'}` : file;
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(path).size,
      'cache-control': cache,
      vary: 'accept-encoding',
      ...(chosen ? { 'content-encoding': chosen } : {}),
    });
    createReadStream(path).pipe(response);
  };
  return createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://floor');
    if (pathname === '/rows') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(ROWS);
      return;
    }
    const file = join(outDir, normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    const asset = pathname.startsWith('/assets/') && existsSync(file) && statSync(file).isFile();
    const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
    if (asset) send(response, file, acceptEncoding, 'public, max-age=31536000, immutable');
    else send(response, join(outDir, 'index.html'), acceptEncoding, 'no-cache');
  });
}

async function waitForProduct(exited: () => boolean) {
  for (let i = 0; i < 960; i++) {
    if (exited()) throw new Error('the product exited before it answered');
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the product did not start');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const timing = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

printHeader('Contábil — signed-in pages on a phone');
buildIfChanged(process.cwd(), join(process.cwd(), 'dist'));
await buildServerIfChanged(process.cwd());
const dataDir = mkdtempSync(join(tmpdir(), 'contabil-bench-phone-'));
const floorDir = mkdtempSync(join(tmpdir(), 'contabil-bench-floor-'));
const product = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist-server/start.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SCHEDULER_DISABLED: '1',
    DATABASE_URL: '',
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let productExited = false;
product.once('exit', () => (productExited = true));
const floor = serveFloor(floorDir);

/** Stops the product (which stops its Auth emulator) and waits for it before its data folder goes. */
let stopped: Promise<void> | undefined;
function stop() {
  stopped ??= (async () => {
    floor.close();
    if (!productExited) {
      const exited = new Promise((resolve) => product.once('exit', resolve));
      product.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (!productExited) product.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    rmSync(floorDir, { recursive: true, force: true });
  })();
  return stopped;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));

try {
  await buildFloor(floorDir);
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
  const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}${FLOOR_PATH}`;
  await waitForProduct(() => productExited);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const sessions = new Map<Who, StorageState>();
  for (const who of new Set(PAGES.map((page) => page.who))) sessions.set(who, await sessionOf(browser, who));
  // The floor app does what it stands for: its ten fetched rows show.
  const check = await browser.newPage();
  await check.goto(floorUrl);
  await check.locator('tbody tr').nth(9).waitFor({ timeout: 30_000 });
  await check.close();
  // One visit of each, not counted: the product's server and the floor's start warm, as a server in use is.
  await visit(browser, floorUrl, FLOOR_HEADING);
  for (const page of PAGES) await visit(browser, `${BASE}${page.path}`, page.heading, sessions.get(page.who));

  console.log(
    `Time until the page's heading shows (CPU ${CPU_SLOWDOWN}× slower, ${NETWORK.latency} ms latency, 1.6 Mbps down, 750 Kbps up, cold cache)`,
  );
  console.log(
    `${RUNS} runs each, product and floor in turn: median (min–max); target product / floor ≤ 1.3×; on the wire by then (compressed; scripts in it; requests)`,
  );
  for (const page of PAGES) {
    const product: Visit[] = [];
    const floorVisits: Visit[] = [];
    for (let run = 0; run < RUNS; run++) {
      product.push(await visit(browser, `${BASE}${page.path}`, page.heading, sessions.get(page.who)));
      floorVisits.push(await visit(browser, floorUrl, FLOOR_HEADING));
    }
    const wire = (visits: Visit[]) =>
      `${kilobytes(median(visits.map((v) => v.bytes)))}, scripts ${kilobytes(median(visits.map((v) => v.scriptBytes)))}, ${median(visits.map((v) => v.requests))} requests`;
    const productMs = product.map((v) => v.ms);
    const floorMs = floorVisits.map((v) => v.ms);
    console.log(`  ${page.path} (${page.who === 'admin@demo.test' ? 'team' : 'customer'})`);
    console.log(`    product  ${timing(productMs).padEnd(28)} ${wire(product)}`);
    console.log(`    floor    ${timing(floorMs).padEnd(28)} ${wire(floorVisits)}`);
    console.log(`    product / floor ${(median(productMs) / median(floorMs)).toFixed(2)}× (target ≤ 1.3×)`);
    const appMs = product.map((v) => v.appMs);
    console.log(
      `    the app's own heading ${timing(appMs)}, ${(median(appMs) / median(floorMs)).toFixed(2)}× the floor's (the bytes above: by then)`,
    );
    // BENCH_PHONE_TIMELINE=1: the product's last run, request by request, to see where the time goes.
    if (process.env.BENCH_PHONE_TIMELINE) {
      const last = product[product.length - 1];
      for (const [name, start, end, bytes] of last.timeline)
        console.log(`      ${String(start).padStart(5)}–${String(end).padEnd(5)} ms ${kilobytes(bytes).padStart(9)}  ${name}`);
      console.log(`      heading at ${Math.round(last.ms)} ms`);
    }
    for (const line of product[product.length - 1].profile ?? []) console.log(`      ${line}`);
    for (const line of floorVisits[floorVisits.length - 1].profile ?? []) console.log(`      floor ${line}`);
  }
  await browser.close();

  // BENCH_LIGHTHOUSE_RUNS=0 skips Lighthouse.
  if (LIGHTHOUSE_RUNS > 0) await lighthouseSection(sessions, floorUrl);
} finally {
  await stop();
}

async function lighthouseSection(sessions: Map<Who, StorageState>, floorUrl: string) {
  console.log(`\nLighthouse (mobile, simulated throttling), ${LIGHTHOUSE_RUNS} runs each: median (min–max)`);
  const lighthouse = new Map<string, LighthouseRun[]>();
  // One Chromium per account: each holds one session (customer and team are the same origin).
  for (const who of new Set(PAGES.map((page) => page.who))) {
    const pages = PAGES.filter((page) => page.who === who);
    const urls = [...pages.map((page) => `${BASE}${page.path}`), ...(lighthouse.has('floor') ? [] : [floorUrl])];
    const runs = await lighthouseRuns(urls, LIGHTHOUSE_RUNS, CHROMIUM, (port) => storeSession(port, sessions.get(who)!));
    pages.forEach((page, index) => lighthouse.set(page.path, runs[index]));
    if (!lighthouse.has('floor')) lighthouse.set('floor', runs[pages.length]);
  }
  console.log(
    lighthouseTable([
      ...PAGES.map((page) => ({ label: page.path, runs: lighthouse.get(page.path)! })),
      { label: `floor app (${FLOOR_PATH})`, runs: lighthouse.get('floor')! },
    ]),
  );
  const floorLcp = median(
    lighthouse
      .get('floor')!
      .filter((run) => !run.failed)
      .map((run) => run.lcpMs),
  );
  for (const page of PAGES) {
    const runs = lighthouse.get(page.path)!.filter((run) => !run.failed);
    const elsewhere = runs.filter((run) => new URL(run.finalUrl).pathname !== page.path);
    if (elsewhere.length) console.log(`  ! ${page.path}: ${elsewhere.length} runs ended at ${elsewhere[0].finalUrl}`);
    if (runs.length)
      console.log(
        `  ${page.path}: LCP ${seconds(median(runs.map((run) => run.lcpMs)))}, ${(median(runs.map((run) => run.lcpMs)) / floorLcp).toFixed(2)}× the floor app's`,
      );
  }
}
