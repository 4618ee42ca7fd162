import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDER } from '@server/config';
import type { AppEnv } from '@server/http/types';
import { mountSpa } from '@server/spa';
import { APP_ROUTES_FILE, appRouteMatcher, appRoutesOfRouteTree } from '@server/spa-routes';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * Every address under /app gets the SPA's page, which shows its own 404 for an unknown one; the server answers that
 * page with 404 too, from the routes the build found in the app's route tree.
 */

let server: TestServer;
let distDir: string;
let routes: string[];

const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" />${CONFIG_PLACEHOLDER}</head><body><div id="root"></div><script type="module" src="/assets/app-test.js"></script></body></html>`;

beforeAll(async () => {
  // The routes as the build writes them: taken from the route tree the router plugin generated.
  routes = appRoutesOfRouteTree(await readFile('src/routeTree.gen.ts', 'utf8'));
  distDir = await mkdtemp(join(tmpdir(), 'contabil-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ routes }));
  await writeFile(join(distDir, 'assets', 'app-test.js'), 'console.log("app")');
  server = await startTestServer({ site: {}, spa: { distDir } });
});
afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
  return { response, text: await response.text() };
}

/** The SPA's page: its root element and the inlined configuration. */
function expectSpaPage(response: Response, text: string) {
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(text).toContain('<div id="root"></div>');
  expect(text).toContain('"apiUrl":"/api"');
  expect(text).not.toContain(CONFIG_PLACEHOLDER);
}

describe('pages of the app', () => {
  const companyId = randomUUID();
  const PAGES = [
    '/app/login',
    '/app/login?mode=signup',
    '/app/panel',
    '/app/admin/companies',
    `/app/admin/companies/${companyId}`,
    `/app/admin/companies/${companyId}?tab=documents`,
    '/app/admin/companies/opening-orders',
    `/app/admin/users/${randomUUID()}`,
    `/app/bank-statements/accounts/${randomUUID()}/transactions`,
    '/app/wizard/company-opening',
    // The router drops a trailing slash and ignores case.
    '/app/',
    '/app/login/',
    '/app/admin/companies/',
    '/app/Admin/Companies',
    // An old address with a trailing slash, which the router redirects (without the slash it is the server's 301).
    '/app/admin/',
  ];
  it.each(PAGES)('%s answers the SPA with 200', async (path) => {
    const { response, text } = await get(path);
    expect(response.status).toBe(200);
    expectSpaPage(response, text);
  });

  const UNKNOWN = [
    '/app/anything-unknown',
    '/app/pagina-que-nao-existe?x=1',
    '/app/login/extra',
    '/app/admin/nada',
    '/app//login',
    `/app/admin/companies/${companyId}/extra`,
    `/app/bank-statements/accounts/${randomUUID()}`,
    '/app/_signedIn/panel',
  ];
  it.each(UNKNOWN)('%s answers the SPA (its own 404 page) with 404', async (path) => {
    const { response, text } = await get(path);
    expect(response.status).toBe(404);
    expectSpaPage(response, text);
  });

  it('lets the 404 page run the SPA as any page does', async () => {
    const policy = async (path: string) => (await get(path)).response.headers.get('content-security-policy');
    expect(await policy('/app/anything-unknown')).toBe(await policy('/app/login'));
  });

  it('answers HEAD with the same status', async () => {
    expect((await fetch(`${server.baseUrl}/app/anything-unknown`, { method: 'HEAD' })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/app/login`, { method: 'HEAD' })).status).toBe(200);
  });

  it('leaves static assets as they were', async () => {
    const asset = await get('/assets/app-test.js');
    expect(asset.response.status).toBe(200);
    expect(asset.text).toBe('console.log("app")');
    const missing = await get('/assets/old-build.js');
    expect(missing.response.status).toBe(404);
    expect(missing.text).not.toContain('<div id="root">');
  });
});

describe('the routes the build writes', () => {
  it('are the addresses of the route tree, with their parameters and without pathless layouts', () => {
    expect(routes).toContain('/app');
    expect(routes).toContain('/app/login');
    expect(routes).toContain('/app/admin/companies');
    expect(routes).toContain('/app/admin/companies/$companyId');
    expect(routes).toContain('/app/bank-statements/accounts/$accountId/transactions');
    expect(routes.filter((route) => route.includes('/_') || (route.endsWith('/') && route !== '/'))).toEqual([]);
  });

  it('refuse a route tree they cannot read, rather than call every page unknown', () => {
    expect(() => appRoutesOfRouteTree('export const routeTree = {}')).toThrow(/FileRoutesByTo/);
  });

  it('are required to serve the SPA', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'contabil-dist-'));
    try {
      await writeFile(join(bare, 'index.html'), INDEX_HTML);
      expect(() =>
        mountSpa(new Hono<AppEnv>(), bare, {
          environment: 'test',
          apiUrl: '/api',
          functionsUrl: '/fn',
          firebase: { apiKey: 'test', authDomain: 'test', projectId: 'demo-contabil' },
          authEmulatorUrl: null,
          allowedExternalHosts: [],
          viaCepUrl: '/fakes/viacep',
        }),
      ).toThrow(APP_ROUTES_FILE);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});

describe('matching an address against the route patterns', () => {
  const matches = appRouteMatcher(['/app/files/$', '/app/posts/{-$lang}/list', '/app/photos/img-{$id}.png', '/app/a.b/$id']);
  it.each([
    ['/app/files', true],
    ['/app/files/a/b/c', true],
    ['/app/posts/list', true],
    ['/app/posts/pt/list', true],
    ['/app/posts/pt/br/list', false],
    ['/app/photos/img-42.png', true],
    // The router lets the value between fixed ends be empty.
    ['/app/photos/img-.png', true],
    ['/app/photos/42.png', false],
    ['/app/a.b/1', true],
    ['/app/aXb/1', false],
    ['/app/a.b', false],
  ])('%s → %s', (path, expected) => {
    expect(matches(path)).toBe(expected);
  });
});
