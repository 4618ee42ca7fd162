import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDER } from '@server/config';
import { seedReferenceData } from '@server/seed/reference';
import { HEAD_SCRIPT } from '@server/site/document';
import { APP_ROUTES_FILE } from '@server/spa-routes';
import { buildSiteCss } from '../support/site-css';
import type { TestServer } from '../support/server';
import { TEST_SITE_ASSETS, startTestServer } from '../support/server';

/**
 * A public page paints from its document alone: the CSS of its first screen inlined (10 KB at most), nothing fetched
 * or run before — the whole stylesheet (long-cached) and the script come once it is painted.
 */

let server: TestServer;
let distDir: string;
let siteCss: string;
const STYLESHEET = '/assets/site-speed.css';

beforeAll(async () => {
  siteCss = await buildSiteCss();
  distDir = await mkdtemp(join(tmpdir(), 'contabil-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), `<!doctype html><html><head>${CONFIG_PLACEHOLDER}</head><body></body></html>`);
  await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ routes: [] }));
  await writeFile(join(distDir, STYLESHEET), siteCss);
  server = await startTestServer({
    site: {
      assets: { ...TEST_SITE_ASSETS, inlineCss: siteCss, deferredStylesheets: [STYLESHEET], preloads: ['/assets/chunk-test.js'] },
    },
    spa: { distDir },
  });
  await seedReferenceData(server.db);
});
afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

async function get(path: string) {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { response, html: await response.text() };
}

const inlineStyles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css);
const head = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)![1];
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const PAGES = [
  '/',
  '/contabilidade-em/sao-paulo-sp',
  '/contador-em/campinas-sp',
  '/blog',
  '/blog/posts/como-abrir-mei',
  '/tools/cnae',
  '/tools/cnae?q=contabilidade',
  '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  '/tools/simples-nacional',
  '/tools/simples-nacional?annex=III&rbt12=500.000,00&revenue=10.000,00',
  '/areas/medicos',
  '/abrir-empresa',
  '/lp/irpf/2025',
  '/privacidade',
  '/pagina-que-nao-existe',
];

describe.each(PAGES)('%s', (path) => {
  it('inlines the CSS of its first screen only: 10 KB at most, allowed by its hash', async () => {
    const { response, html } = await get(path);
    const styles = inlineStyles(html);
    expect(styles).toHaveLength(1);
    expect(Buffer.byteLength(styles[0])).toBeLessThanOrEqual(10 * 1024);
    expect(Buffer.byteLength(styles[0])).toBeLessThan(Buffer.byteLength(siteCss) / 2);
    expect(response.headers.get('content-security-policy')).toContain(sha256(styles[0]));
  });

  it('fetches and runs nothing before its first paint; the head script loads the stylesheet and the script after it', async () => {
    const { html } = await get(path);
    const noscriptless = head(html).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
    expect(noscriptless).not.toMatch(/<link[^>]+rel="(?:stylesheet|modulepreload|preload)"/);
    expect(noscriptless).not.toMatch(/<script[^>]+src=/);
    expect(html).toMatch(new RegExp(`<html[^>]* data-stylesheets="${STYLESHEET}"`));
    expect(html).toMatch(/<html[^>]* data-scripts="\/assets\/site-test\.js"/);
    expect(html).toMatch(/<html[^>]* data-preloads="\/assets\/chunk-test\.js"/);
    expect(head(html)).toContain(`<script>${HEAD_SCRIPT}</script>`);
    // Without scripts the browser loads the stylesheet itself.
    expect(head(html)).toContain(`<noscript><link rel="stylesheet" href="${STYLESHEET}"/></noscript>`);
  });
});

describe('the first screen', () => {
  it("has the rules of the header, the page's first elements and the cookie banner, not those of hover or the footer", async () => {
    const [css] = inlineStyles((await get('/')).html);
    // The header's container, the hero's title, the banner's position.
    for (const rule of ['.max-w-6xl{', '.text-4xl{', '.fixed{', '.bottom-0{']) expect(css).toContain(rule);
    // The banner hidden once answered: a class the head script sets, kept whatever the markup says.
    expect(css).toContain('.consent-given #consent:not(.reopened)');
    expect(css).not.toMatch(/:hover/);
    expect(css).not.toMatch(/transition-property/);
    // The footer's five columns (lg:grid-cols-5) are only in the footer.
    expect(css).not.toContain('lg\\:grid-cols-5');
    // Theme variables only as used: the palette's unused shades are not there.
    expect(css).toContain('--color-slate-900:');
    expect(css).not.toContain('--color-red-50:');
  });

  it('of a blog post styles the article it opens with', async () => {
    const [css] = inlineStyles((await get('/blog/posts/como-abrir-mei')).html);
    expect(css).toContain('.prose');
  });
});

describe('the whole stylesheet', () => {
  it('is served from the build’s assets (Vite names it by its content), cached for a year, never revalidated', async () => {
    const { response, html } = await get(STYLESHEET);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(html).toBe(siteCss);
  });
});
