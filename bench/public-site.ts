/**
 * `npm run bench:site`: what the public site costs a visitor, printed, never asserted.
 *
 * - JavaScript per route: every script a page really loads (entry, imports and the islands it mounts), gzipped, for
 *   the public routes and the main app routes (target: ≤ 60 KB for a public page); and whether any of it is app code
 *   (Firebase, XState, the router).
 * - Lighthouse (npm `lighthouse`, Debian's Chromium, mobile preset with simulated throttling): performance score, LCP,
 *   FCP, TBT and CLS of the home page and a city page (target: score ≥ 98).
 * - Server rendering: time to answer a city page the first time (rendered) and again (cached).
 *
 * It builds the product, starts it on BENCH_PORT (3300) with a throwaway data folder, measures, and stops it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
];
const APP_ROUTES = ['/app/login', '/app/panel', '/app/invoices', '/app/documents', '/app/bank-statements/accounts'];
const APP_CODE = /firebase|@firebase|xstate|tanstack|createRouter/i;

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

const dataDir = mkdtempSync(join(tmpdir(), 'contabil-bench-site-'));
const product = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
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

  console.log('\nLighthouse (mobile, simulated throttling; target: performance ≥ 98)');
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    for (const path of ['/', '/contabilidade-em/sao-paulo-sp', '/blog/posts/como-abrir-mei']) {
      const result = await lighthouse(`${BASE}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      const lhr = result!.lhr;
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      console.log(
        `  ${path.padEnd(34)} performance ${String(score('performance')).padStart(3)}   LCP ${metric('largest-contentful-paint').padStart(6)}   FCP ${metric('first-contentful-paint').padStart(6)}   TBT ${metric('total-blocking-time').padStart(6)}   CLS ${metric('cumulative-layout-shift').padStart(5)}   accessibility ${score('accessibility')}   SEO ${score('seo')}   best practices ${score('best-practices')}`,
      );
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await stop();
}
