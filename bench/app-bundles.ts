/**
 * `npm run bench:bundles`: the JavaScript each page of the app makes a browser load, printed, never asserted.
 *
 * For each route, opened fresh in Chromium (signed out, as the demo customer, the customer in the middle of an
 * opening, or the team): every script the page loads before it is idle, gzipped (level 9, as served precompressed),
 * how many files, and — from the build's source maps — what makes up the weight (npm packages and the app's own
 * folders), so a heavy dependency shows where it comes in. Targets: `/app/login` ≤ 157.5 KB, any customer page ≤ 189.5 KB.
 * Beside them, the floor every page pays: React DOM alone, gzipped the same way.
 *
 * The build is brought up to date first; the product runs on BENCH_PORT (3460) with a throwaway data folder.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS } from '../playwright.config';
import { buildIfChanged } from '../scripts/build-once';
import { SERVER_NODE_ARGS, buildServerIfChanged } from '../scripts/build-server';

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = join(process.cwd(), 'dist');

const FIRST_ACCOUNT = '/app/bank-statements/accounts/{first}/transactions';

type Who = 'nobody' | 'cliente@demo.test' | 'novo@demo.test' | 'admin@demo.test';
const ROUTES: [string, Who, string][] = [
  ['/app/login', 'nobody', 'login'],
  ['/app/panel', 'cliente@demo.test', 'customer'],
  ['/app/invoices', 'cliente@demo.test', 'customer'],
  ['/app/documents', 'cliente@demo.test', 'customer'],
  ['/app/bank-statements/accounts', 'cliente@demo.test', 'customer'],
  ['/app/user/my-billing', 'cliente@demo.test', 'customer'],
  ['/app/user/my-profile', 'cliente@demo.test', 'customer'],
  ['/app/user/my-docs', 'cliente@demo.test', 'customer'],
  ['/app/user/my-referrals', 'cliente@demo.test', 'customer'],
  ['/app/user/my-invites', 'cliente@demo.test', 'customer'],
  // The movements of the demo customer's first account (found on its accounts page).
  [FIRST_ACCOUNT, 'cliente@demo.test', 'customer'],
  ['/app/partners/duca', 'cliente@demo.test', 'customer'],
  ['/app/wizard/company-opening', 'novo@demo.test', 'customer'],
  ['/app/admin/companies', 'admin@demo.test', 'team'],
  ['/app/admin/invoices/nf-requests', 'admin@demo.test', 'team'],
];
const TARGET_KB: Record<string, number> = { login: 157.5, customer: 189.5 };

/** Which package or folder of the app a source of the build belongs to. */
function ownerOf(source: string): string {
  if (process.env.BUNDLE_DETAIL === 'files') return source.replace(/^(\.\.\/)+/, '');
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (npm) return npm[1];
  const own = /(?:^|\/)(src\/[^/]+|domain|machines)\//.exec(source);
  return own ? own[1] : '(other)';
}

/** Bytes of a built script per owner of its sources (from its source map). */
function makeup(file: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return sizes;
  const code = readFileSync(file, 'utf8').split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  let previous: { line: number; column: number; source: string | null } | null = null;
  consumer.eachMapping((m) => {
    if (previous) {
      const length =
        m.generatedLine === previous.line
          ? m.generatedColumn - previous.column
          : code[previous.line - 1].length - previous.column;
      const owner = ownerOf(previous.source ?? '');
      sizes.set(owner, (sizes.get(owner) ?? 0) + length);
    }
    previous = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
  });
  return sizes;
}

async function waitForServer(child: ChildProcess) {
  for (let i = 0; i < 960; i++) {
    if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode})`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the product did not start');
}

buildIfChanged(process.cwd(), DIST);
await buildServerIfChanged(process.cwd());
const dataDir = mkdtempSync(join(tmpdir(), 'contabil-bench-bundles-'));
const product = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist-server/start.js'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SCHEDULER_DISABLED: '1', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer(product);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  console.log('JavaScript per app page (gzipped, level 9; targets: /app/login ≤ 157.5 KB, customer pages ≤ 189.5 KB)');
  for (const [route, who, kind] of ROUTES) {
    const context = await browser.newContext({ locale: 'pt-BR' });
    if (who !== 'nobody') {
      const login = await context.newPage();
      await login.goto(`${BASE}/app/login`);
      await login.getByLabel('E-mail').fill(who);
      await login.getByLabel('Senha').fill('demo12345');
      await login.getByRole('button', { name: 'Entrar' }).click();
      await login.waitForURL((url) => !url.pathname.startsWith('/app/login'), { timeout: 30_000 });
      await login.close();
    }
    // A page of its own, the session shared through the context's storage: no pointer left over a link by the sign-in
    // (the router preloads a hovered link's code, which made the same page weigh up to ~9 KB more in one run than another).
    const page = await context.newPage();
    let path = route;
    if (route === FIRST_ACCOUNT) {
      await page.goto(`${BASE}/app/bank-statements/accounts`);
      const link = page.locator('a[href*="/transactions"]').first();
      await link.waitFor();
      path = (await link.getAttribute('href'))!.split('?')[0];
    }
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await context.close();
    let total = 0;
    const owners = new Map<string, number>();
    for (const path of scripts) {
      const file = join(DIST, path);
      if (!existsSync(file)) continue;
      const body = readFileSync(file);
      const gzipped = gzipSync(body, { level: 9 }).length;
      total += gzipped;
      if (process.env.BUNDLE_FILES === route) console.log(`      ${(gzipped / 1024).toFixed(1).padStart(6)} KB ${path}`);
      // Each owner's share of the file's gzipped size, in proportion to its bytes.
      const parts = makeup(file);
      const mapped = [...parts.values()].reduce((sum, n) => sum + n, 0) || 1;
      for (const [owner, bytes] of parts) owners.set(owner, (owners.get(owner) ?? 0) + (gzipped * bytes) / mapped);
    }
    const target = TARGET_KB[kind];
    const kb = total / 1024;
    const verdict = target ? (kb <= target ? `≤ ${target} KB` : `OVER ${target} KB`) : '';
    const heaviest = [...owners]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BUNDLE_OWNERS ?? 6))
      .map(([owner, bytes]) => `${owner} ${(bytes / 1024).toFixed(0)}`)
      .join(', ');
    console.log(
      `  ${route.padEnd(34)} ${kb.toFixed(1).padStart(6)} KB ${String(scripts.size).padStart(3)} files  ${verdict.padEnd(12)} ${heaviest}`,
    );
  }
  await browser.close();
} finally {
  const exited = new Promise((resolve) => product.once('exit', resolve));
  product.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
