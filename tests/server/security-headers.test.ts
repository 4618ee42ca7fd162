import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDER, loadConfig } from '@server/config';
import type { SecurityOptions } from '@server/http/security';
import { compression } from '@server/http/compression';
import { json } from '@server/http/json';
import { HSTS_VALUE, defaultSecurityOptions, securityHeaders, securityOptionsFrom } from '@server/http/security';
import { APP_ROUTES_FILE } from '@server/spa-routes';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';
import { PRODUCTION_ENV } from '../support/production-env';

/** Every kind of response carries the security headers, with the Content-Security-Policy of its kind. */

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'contabil-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(
    join(distDir, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" />${CONFIG_PLACEHOLDER}</head><body><div id="root"></div><script type="module" src="/assets/app-test.js"></script></body></html>`,
  );
  await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ routes: ['/app/login'] }));
  await writeFile(join(distDir, 'assets', 'app-test.js'), 'console.log("app")');
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ site: {}, spa: { distDir } });
});
afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Inline scripts a browser would run (not JSON-LD data blocks, not scripts loaded by address). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , body]) => body);
const inlineStyles = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => body);

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
  return { response, text: await response.text() };
}

/** Each kind of response with the status it must have, so none quietly turns into another (an error into a 200). */
const KINDS: [string, string, number, RequestInit?][] = [
  ['API JSON', '/api/health', 200],
  ['an API error (401)', '/api/companies', 401],
  ['an unknown API address (404)', '/api/nada-aqui', 404],
  ['a bad request (400)', '/api/city-search', 400],
  [
    'a JSON body that is not JSON (400)',
    '/api/leads',
    400,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' },
  ],
  ['the SPA page', '/app/login', 200],
  ["the SPA's 404 page", '/app/pagina-que-nao-existe', 404],
  ['a public site page', '/', 200],
  ["the site's 404 page", '/pagina-que-nao-existe', 404],
  ['a redirect', '/links/irpf', 302],
  ['a static asset', '/assets/app-test.js', 200],
  ['a file of the build', '/favicon.svg', 200],
  ['robots.txt', '/robots.txt', 200],
  ['the functions API', '/fn/links/irpf', 200],
  ['a fake (JSON)', '/fakes/viacep/ws/01001000/json/', 200],
  [
    'a fake (a page)',
    '/fakes/cora/oauth/authorize?client_id=contabil-sandbox&response_type=code&redirect_uri=http://x&state=y',
    200,
  ],
];

describe('security headers on every kind of response', () => {
  it.each(KINDS)('%s carries them', async (_, path, status, init) => {
    const { response } = await get(path, init);
    expect(response.status).toBe(status);
    const headers = response.headers;
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const csp = directives(headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src'] ?? csp['default-src']).toEqual(expect.arrayContaining(["'none'"]));
    // Plain HTTP and no trusted proxy: no HSTS (a browser would ignore it, and it would pin a development host).
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('lets the JSON-LD of a page be, as data a browser does not run', async () => {
    const { text } = await get('/');
    expect(text).toContain('<script type="application/ld+json">');
    expect(inlineScripts(text).join('')).not.toContain('"@context"');
  });

  it('lets nothing run or load from JSON, files and other resources', async () => {
    for (const path of ['/api/health', '/api/companies', '/assets/app-test.js', '/robots.txt']) {
      const csp = directives((await get(path)).response.headers.get('content-security-policy'));
      expect(csp['default-src'], path).toEqual(["'none'"]);
    }
  });

  it("allows exactly the SPA's configuration script by its hash, and Firebase Auth and the emulator to be called", async () => {
    const { response, text } = await get('/app/login');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(response.headers.get('content-security-policy'));
    const scripts = inlineScripts(text);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^window\.__APP_CONFIG__=/);
    expect(csp['script-src']).toEqual(["'self'", sha256(scripts[0])]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
      ]),
    );
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it.each(['/', '/blog', '/tools/cnae', '/pagina-que-nao-existe'])(
    '%s: every inline script and style of the public page is allowed by its hash, and nothing else inline',
    async (path) => {
      const { response, text } = await get(path);
      const csp = directives(response.headers.get('content-security-policy'));
      const scripts = inlineScripts(text);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(csp['script-src']).toContain(sha256(script));
      for (const style of inlineStyles(text)) expect(csp['style-src']).toContain(sha256(style));
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['style-src']).not.toContain("'unsafe-inline'");
    },
  );
});

describe('the policy follows the configuration', () => {
  const policiesOf = (env: Record<string, string>) => {
    const options = securityOptionsFrom(loadConfig({ APP_ENV: 'test', ...env }), {
      appInlineScripts: ['window.__APP_CONFIG__={}'],
      siteInlineStyles: ['body{margin:0}'],
    });
    const app = new Hono()
      .use(securityHeaders(options))
      .get('/app/login', (c) => c.html('<p>app</p>'))
      .get('/', (c) => c.html('<p>site</p>'));
    return {
      options,
      app: async () => directives((await app.request('/app/login')).headers.get('content-security-policy')),
      site: async () => directives((await app.request('/')).headers.get('content-security-policy')),
    };
  };

  it("lets the SPA reach an S3 store (path-style or the bucket's own host) to send and fetch files", async () => {
    const pathStyle = policiesOf({ S3_BUCKET: 'contabil-docs', S3_ENDPOINT: 'https://s3.exemplo.com.br' });
    expect((await pathStyle.app())['connect-src']).toContain('https://s3.exemplo.com.br');
    expect((await pathStyle.app())['img-src']).toContain('https://s3.exemplo.com.br');
    const aws = policiesOf({ S3_BUCKET: 'contabil-docs', S3_REGION: 'sa-east-1' });
    expect((await aws.app())['connect-src']).toContain('https://contabil-docs.s3.sa-east-1.amazonaws.com');
    const none = policiesOf({});
    expect((await none.app())['connect-src'].join(' ')).not.toContain('amazonaws');
  });

  it("names Google's tag-manager origins on public pages only when Google's container is configured", async () => {
    const google = policiesOf({ GTM_ID: 'GTM-ABC123' });
    expect((await google.site())['script-src']).toContain('https://www.googletagmanager.com');
    expect((await google.site())['connect-src']).toContain('https://*.google-analytics.com');
    expect((await google.app())['script-src'].join(' ')).not.toContain('googletagmanager');
    const local = policiesOf({ GTM_ID: 'GTM-DEMO1' });
    expect((await local.site())['script-src'].join(' ')).not.toContain('googletagmanager');
    const none = policiesOf({ ...PRODUCTION_ENV, GTM_ID: '' });
    expect((await none.site())['script-src'].join(' ')).not.toContain('googletagmanager');
  });

  it('calls the API, the postal-code service and the emulator where they are configured, and upgrades to HTTPS', async () => {
    const configured = policiesOf({
      PUBLIC_API_URL: 'https://api.contabil.com.br/v1',
      VIACEP_URL: 'https://viacep.com.br',
      PUBLIC_URL: 'https://contabil.com.br',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    const app = await configured.app();
    expect(app['connect-src']).toEqual(
      expect.arrayContaining(['https://api.contabil.com.br', 'https://viacep.com.br', 'http://127.0.0.1:9099']),
    );
    expect((await configured.site())['connect-src']).toContain('https://api.contabil.com.br');
    expect(app['upgrade-insecure-requests']).toEqual([]);
    expect(configured.options.hsts).toBe(true);
    expect((await policiesOf({}).app())['upgrade-insecure-requests']).toBeUndefined();
  });
});

describe('HSTS, only over TLS', () => {
  const appWith = (options: Partial<SecurityOptions>) =>
    new Hono()
      .use(securityHeaders({ ...defaultSecurityOptions('http://localhost:3000'), ...options }))
      .get('/', (c) => c.text('ok'));
  const hsts = async (options: Partial<SecurityOptions>, headers: Record<string, string> = {}) =>
    (await appWith(options).request('/', { headers })).headers.get('strict-transport-security');

  it('is sent when the public address is https', async () => {
    expect(await hsts({ hsts: true })).toBe(HSTS_VALUE);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    expect(await hsts({ trustProxy: 1 }, { 'x-forwarded-proto': 'https' })).toBe(HSTS_VALUE);
    expect(await hsts({ trustProxy: 1 }, { 'x-forwarded-proto': 'http' })).toBeNull();
    expect(await hsts({ trustProxy: 0 }, { 'x-forwarded-proto': 'https' })).toBeNull();
    expect(await hsts({})).toBeNull();
  });
});

describe('the headers of an API answer', () => {
  /** A JSON answer that counts how often its body is reached (@hono/node-server then builds the full web Response). */
  class WatchedResponse extends Response {
    bodyReads = 0;
    override get body() {
      this.bodyReads++;
      return super.body;
    }
    override get bodyUsed() {
      this.bodyReads++;
      return super.bodyUsed;
    }
  }

  it('are added without reading the body (each read costs a list call a fifth of its time on the server)', async () => {
    let answer: WatchedResponse | undefined;
    const app = new Hono()
      .use(securityHeaders({ ...defaultSecurityOptions('https://contabil.com.br') }))
      .use(compression())
      .get('/api/list', () => {
        answer = new WatchedResponse(JSON.stringify({ data: [], total: 0 }), {
          headers: { 'content-type': 'application/json' },
        });
        return answer;
      });
    const response = await app.request('/api/list');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer!.bodyReads).toBe(0);
    expect(await response.json()).toEqual({ data: [], total: 0 });
  });

  /** The security set: every header the middleware sets on an answer that is not a page. */
  const SECURITY = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  const securityOf = (headers: Headers) => Object.fromEntries(SECURITY.map((name) => [name, headers.get(name)]));

  it('come written into json()’s own answer, the same set an error or a file gets', async () => {
    const plain = (await get('/api/health')).response.headers;
    expect(securityOf(plain)).toEqual(securityOf((await get('/api/companies')).response.headers));
    expect(securityOf(plain)).toEqual(securityOf((await get('/robots.txt')).response.headers));
    expect(Object.values(securityOf(plain))).not.toContain(null);
  });

  it('say its length, its cache rules and, once it can be compressed, that it varies by encoding', async () => {
    const { response, text } = await get('/api/municipalities?state=SP', { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('application/json');
    const small = (await get('/api/health')).response.headers;
    expect(small.get('vary')).toBeNull();
    expect(small.get('content-length')).toBe(String(Buffer.byteLength((await get('/api/health')).text)));
  });

  it('stay on its compressed form, which decodes to the same JSON', async () => {
    const plain = await get('/api/municipalities?state=SP', { headers: { 'accept-encoding': 'identity' } });
    // Node's fetch decodes what it receives: the bytes as sent come through node:http.
    const { headers: sent, bytes } = await new Promise<{ headers: Headers; bytes: Buffer }>((resolve, reject) => {
      request(`${server.baseUrl}/api/municipalities?state=SP`, { headers: { 'accept-encoding': 'br' } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
          resolve({ headers, bytes: Buffer.concat(chunks) });
        });
      })
        .on('error', reject)
        .end();
    });
    const response = { headers: sent };
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(plain.text);
    expect(securityOf(response.headers)).toEqual(securityOf(plain.response.headers));
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('cannot be loosened by a route: its own headers go beside them, not over them', async () => {
    const app = new Hono()
      .use(securityHeaders({ ...defaultSecurityOptions('https://contabil.com.br') }))
      .get('/api/health/live', (c) =>
        json(c, 'GET /health/live', { status: 'ok' }, 200, { 'X-Frame-Options': 'ALLOWALL', 'Cache-Control': 'no-store' }),
      );
    const response = await app.request('/api/health/live');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('carry HSTS over TLS, and answer a HEAD with the headers alone', async () => {
    const app = new Hono()
      .use(securityHeaders({ ...defaultSecurityOptions('https://contabil.com.br') }))
      .use(compression())
      .get('/api/health/live', (c) => json(c, 'GET /health/live', { status: 'ok' }));
    const response = await app.request('/api/health/live');
    expect(response.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.json()).toEqual({ status: 'ok' });
    const head = await app.request('/api/health/live', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-frame-options')).toBe('DENY');
    expect(await head.text()).toBe('');
  });
});
