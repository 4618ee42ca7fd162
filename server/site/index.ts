import type { Context } from 'hono';
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import type { ReactNode } from 'react';
import { createElement } from 'react';
import * as v from 'valibot';
import type { CityPageKind, SimplesToolForm } from '@domain';
import {
  BLOG_PAGE_SIZE,
  CNAE_SEARCH_MAX_LENGTH,
  CnaeSearchQuerySchema,
  PAGE_SIZE,
  SIMPLES_TOOL_FORM_FIELDS,
  cityPath,
  citySlug,
  cnaeCodeOfSegment,
  cnaeFromRow,
  cnaePath,
  dasSimplesNacional,
  monthKey,
  parseCityStateSegment,
  readSimplesToolForm,
  saoPauloDate,
  simplesNacionalToolInput,
} from '@domain';
import type { Database } from '../db/client';
import { CompressedText, sendText } from '../http/compression';
import { functionsJson } from '../http/json';
import type { AppEnv } from '../http/types';
import type { CnaeSearchService } from '../services/cnae-search';
import type { SiteContent } from './content';
import { allCities, allCnaes, findCity, findCnaeDetail, findCnaesByCode, neighbourCities } from './data';
import type { PageMeta, RenderedPage, SiteShell } from './document';
import { renderPage } from './document';
import { AreaPage, areaMeta } from './pages/area';
import { BlogListPage, PostPage, blogMeta, postMeta } from './pages/blog';
import { CityPage, cityMeta } from './pages/city';
import { CnaeDetailPage, CnaeSearchPage, cnaeDetailMeta, cnaeSearchMeta } from './pages/cnae';
import { HomePage, homeMeta } from './pages/home';
import { JourneyPage, journeyMeta } from './pages/journey';
import { IRPF_YEARS, LandingPage, landingMeta } from './pages/landing';
import { NotFoundPage, notFoundMeta } from './pages/not-found';
import type { SimplesToolOutcome } from './pages/simples-nacional';
import { SIMPLES_TOOL_PATH, SimplesNacionalToolPage, simplesToolMeta } from './pages/simples-nacional';
import { TextPage, textPageMeta } from './pages/text';
import { sitemapIndex, urlSet } from './sitemap';

export interface SiteDeps {
  db: Database;
  /** The CNAE search of the API, with everyday words (`services/cnae-search.ts`). */
  searchCnaes: CnaeSearchService;
  content: SiteContent;
  shell: Omit<SiteShell, 'footer'>;
  /** How long a rendered page is reused (the content cache's time, so an edit shows within it). */
  pageCacheMs: number;
}

/** A page as the cache keeps it: its HTML compressed once per encoding asked, and its inline styles' hashes. */
type Rendered = { status: 200 | 404; html: CompressedText; inlineStyles: string[] } | { status: 301; location: string };

const HTML = 'text/html; charset=UTF-8';

/** Browsers and shared caches may reuse a page a few minutes, and serve it stale while they check again. */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';
const PageQuery = v.object({ page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/), v.transform(Number)), '1') });

/**
 * The public site (docs/features.md, institutional layout): every page rendered here as complete HTML — title, description,
 * canonical, Open Graph, h1 and text — before any script runs. A few small scripts (`src/site/`) enhance forms and
 * search; React, the router, Firebase and the app's code never load here.
 */
export function createSite(deps: SiteDeps) {
  const { db, content, searchCnaes } = deps;
  const pages = new LRUCache<string, Rendered>({ max: 2000, ttl: deps.pageCacheMs || 1, ttlAutopurge: false });

  async function shell(): Promise<SiteShell> {
    const areas = await content.areas();
    return { ...deps.shell, footer: { areas: areas.map(({ slug, profession }) => ({ slug, profession })) } };
  }

  const render = async (meta: PageMeta, body: ReactNode) => renderPage(await shell(), meta, body);
  const kept = (status: 200 | 404, page: RenderedPage): Rendered => ({
    status,
    html: new CompressedText(page.html),
    inlineStyles: page.inlineStyles,
  });

  async function notFound(path: string): Promise<Rendered & { status: 404 }> {
    const page = await render(notFoundMeta(path), createElement(NotFoundPage, { path }));
    return { status: 404, html: new CompressedText(page.html), inlineStyles: page.inlineStyles };
  }

  /** Answers a page from the cache or renders it; `build` returns null for a page that does not exist. */
  async function respond(c: Context<AppEnv>, build: () => Promise<Rendered | null>) {
    const key = c.req.path + new URL(c.req.url).search;
    let page = deps.pageCacheMs > 0 ? pages.get(key) : undefined;
    if (!page) {
      page = (await build()) ?? (await notFound(c.req.path));
      if (deps.pageCacheMs > 0) pages.set(key, page);
    }
    if (page.status === 301) return c.redirect(page.location, 301);
    c.header('Cache-Control', page.status === 200 ? CACHE_CONTROL : 'no-cache');
    c.set('inlineStyles', page.inlineStyles);
    return sendText(c, page.html, page.status, HTML);
  }

  const ok = async (meta: PageMeta, body: ReactNode): Promise<Rendered> => kept(200, await render(meta, body));
  const publicUrl = deps.shell.publicUrl;

  async function cityPage(c: Context<AppEnv>, kind: CityPageKind) {
    const segment = c.req.param('cityState') ?? '';
    const parsed = parseCityStateSegment(segment);
    if (!parsed) {
      // A typed address with accents or capitals goes to its proper form.
      const cleaned = parseCityStateSegment(citySlug(segment)); // the router has decoded it already
      if (cleaned && cleaned.slug !== segment) return c.redirect(cityPath(kind, { slug: cleaned.slug, state: cleaned.uf }), 301);
    }
    return respond(c, async () => {
      if (!parsed) return null;
      const city = await findCity(db, parsed.slug, parsed.uf);
      if (!city) return null;
      return ok(
        cityMeta(kind, city, publicUrl),
        createElement(CityPage, { kind, city, neighbours: await neighbourCities(db, city) }),
      );
    });
  }

  const app = new Hono<AppEnv>()
    .get('/', (c) =>
      respond(c, async () => {
        const [home, { posts }] = await Promise.all([content.home(), content.posts({ page: 1 })]);
        return ok(homeMeta(home, publicUrl), createElement(HomePage, { content: home, posts: posts.slice(0, 3) }));
      }),
    )
    .get('/abrir-empresa', (c) => journey(c, 'abrir-empresa'))
    .get('/trocar-contador', (c) => journey(c, 'trocar-contador'))
    .get('/areas/:slug', (c) =>
      respond(c, async () => {
        const area = await content.area(c.req.param('slug'));
        if (!area) return null;
        const [cnaes, all] = await Promise.all([findCnaesByCode(db, area.cnaes), content.areas()]);
        const others = all.filter((other) => other.slug !== area.slug);
        return ok(areaMeta(area, publicUrl), createElement(AreaPage, { area, cnaes, others }));
      }),
    )
    .get('/blog', (c) =>
      respond(c, async () => {
        const query = v.safeParse(PageQuery, c.req.query());
        if (!query.success) return null;
        const page = query.output.page;
        const tags = await content.tags();
        const tagSlug = c.req.query('tag');
        const tag = tagSlug === undefined ? undefined : tags.find((item) => item.slug === tagSlug);
        if (tagSlug !== undefined && !tag) return null;
        const { posts, total } = await content.posts({ page, tag: tag?.slug });
        if (page > 1 && page > Math.ceil(total / BLOG_PAGE_SIZE)) return null;
        return ok(blogMeta({ page, tag, publicUrl }), createElement(BlogListPage, { posts, total, page, tags, tag }));
      }),
    )
    .get('/blog/posts/:slug', (c) =>
      respond(c, async () => {
        const post = await content.post(c.req.param('slug'));
        if (!post) return null;
        const { posts } = await content.posts({ page: 1 });
        const others = posts.filter((other) => other.slug !== post.slug);
        // Posts that share a theme first, then the newest.
        const shared = (other: (typeof others)[number]) =>
          other.tags.some((tag) => post.tags.some((own) => own.slug === tag.slug));
        const related = [...others.filter(shared), ...others.filter((other) => !shared(other))].slice(0, 3);
        return ok(postMeta(post, publicUrl), createElement(PostPage, { post, related }));
      }),
    )
    .get('/contabilidade-em/:cityState', (c) => cityPage(c, 'contabilidade'))
    .get('/contador-em/:cityState', (c) => cityPage(c, 'contador'))
    .get('/lp/irpf/:year', (c) =>
      respond(c, async () => {
        const year = c.req.param('year');
        if (!(IRPF_YEARS as readonly string[]).includes(year)) return null;
        const landing = await content.landing(`irpf-${year}`);
        if (!landing) return null;
        const { year: y, month, day } = saoPauloDate(new Date());
        const today = `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        return ok(landingMeta(landing, publicUrl), createElement(LandingPage, { landing, today }));
      }),
    )
    .get('/tools/cnae', async (c) => {
      const pageQuery = v.safeParse(PageQuery, { page: c.req.query('page') });
      if (!pageQuery.success) return respond(c, async () => null);
      const page = pageQuery.output.page;
      const asked = (c.req.query('q') ?? '').trim();
      const query = asked.slice(0, CNAE_SEARCH_MAX_LENGTH).trim();
      const parsed = v.safeParse(CnaeSearchQuerySchema, {
        search: query,
        limit: String(PAGE_SIZE.cnaeSearch),
        offset: String((page - 1) * PAGE_SIZE.cnaeSearch),
        isActive: 'true',
      });
      const results = !query
        ? null
        : parsed.success
          ? await searchCnaes(parsed.output).then(({ data, total }) => ({ data: data.map(cnaeFromRow), total }))
          : { data: [], total: 0 };
      const build = async () =>
        render(
          cnaeSearchMeta(query, page),
          createElement(CnaeSearchPage, { query, page, results, cut: asked.length > CNAE_SEARCH_MAX_LENGTH }),
        );
      // Searches are not cached: the list of possible words is endless.
      if (!query) return respond(c, async () => kept(200, await build()));
      const rendered = await build();
      c.header('Cache-Control', 'no-cache');
      c.set('inlineStyles', rendered.inlineStyles);
      return c.html(rendered.html);
    })
    .get(SIMPLES_TOOL_PATH, async (c) => {
      const today = saoPauloDate(new Date());
      const competence = monthKey(today.year, today.month);
      const form: SimplesToolForm = {};
      for (const field of SIMPLES_TOOL_FORM_FIELDS) {
        const value = c.req.query(field);
        if (value !== undefined) form[field] = value.slice(0, 100);
      }
      const page = (outcome: SimplesToolOutcome) =>
        render(
          simplesToolMeta(outcome.kind !== 'empty', publicUrl),
          createElement(SimplesNacionalToolPage, { form, outcome, competence }),
        );
      // The empty calculator is one page for everyone; each set of figures is computed on request (nothing stored).
      if (Object.keys(form).length === 0) return respond(c, async () => kept(200, await page({ kind: 'empty' })));
      const read = readSimplesToolForm(form);
      const outcome: SimplesToolOutcome = read.ok
        ? {
            kind: 'result',
            das: dasSimplesNacional(simplesNacionalToolInput(read.query, competence)),
            payroll12Cents: read.query.payroll12Cents,
          }
        : { kind: 'invalid', fields: read.fields };
      const rendered = await page(outcome);
      // A result depends only on the address and the month's rules: caches may keep it a while, never an error.
      c.header('Cache-Control', read.ok ? 'public, max-age=300' : 'no-cache');
      c.set('inlineStyles', rendered.inlineStyles);
      return c.html(rendered.html, read.ok ? 200 : 400);
    })
    .get('/tools/cnae/:codeText', (c) =>
      respond(c, async () => {
        const segment = c.req.param('codeText');
        const code = cnaeCodeOfSegment(segment) ?? cnaeCodeOfSegment(segment.replace(/[^0-9a-z-]/gi, '').toLowerCase());
        const detail = code ? await findCnaeDetail(db, code) : null;
        if (!detail) return null;
        const canonical = cnaePath(detail.cnae.code, detail.cnae.text);
        // One address per subclass: another text after the code leads to the right one.
        if (c.req.path !== canonical) return { status: 301, location: canonical };
        return ok(cnaeDetailMeta(detail, publicUrl), createElement(CnaeDetailPage, { detail }));
      }),
    )
    .get('/links/:alias', async (c) => {
      const target = await content.link(c.req.param('alias'));
      if (!target) return respond(c, async () => null);
      c.header('Cache-Control', 'public, max-age=300');
      return c.redirect(target, 302);
    })
    .get('/privacidade', (c) =>
      respond(c, async () => {
        const page = await content.textPage('privacidade');
        return page ? ok(textPageMeta(page), createElement(TextPage, { page })) : null;
      }),
    )
    .get('/404', (c) => respond(c, async () => null))
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /app/',
          'Disallow: /api/',
          'Disallow: /fn/',
          'Disallow: /fakes/',
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    })
    .get('/sitemap.xml', (c) => xml(c, sitemapIndex(publicUrl, ['paginas', 'blog', 'cnae', 'cidades'])))
    .get('/sitemaps/:name{[a-z]+\\.xml}', async (c) => {
      const name = c.req.param('name').replace(/\.xml$/, '');
      if (name === 'paginas') {
        const areas = await content.areas();
        return xml(
          c,
          urlSet(publicUrl, [
            { path: '/' },
            { path: '/abrir-empresa' },
            { path: '/trocar-contador' },
            { path: '/blog' },
            { path: '/tools/cnae' },
            { path: SIMPLES_TOOL_PATH },
            { path: '/privacidade' },
            ...IRPF_YEARS.map((year) => ({ path: `/lp/irpf/${year}` })),
            ...areas.map((area) => ({ path: `/areas/${area.slug}`, lastModified: area.updatedAt })),
          ]),
        );
      }
      if (name === 'blog') {
        const posts = await content.allPosts();
        return xml(
          c,
          urlSet(
            publicUrl,
            posts.map((post) => ({ path: `/blog/posts/${post.slug}`, lastModified: post.updatedAt })),
          ),
        );
      }
      if (name === 'cnae') {
        return xml(
          c,
          urlSet(
            publicUrl,
            (await allCnaes(db)).map((cnae) => ({ path: cnaePath(cnae.code, cnae.text) })),
          ),
        );
      }
      if (name === 'cidades') {
        const cities = await allCities(db);
        return xml(
          c,
          urlSet(
            publicUrl,
            cities.flatMap((city) => [{ path: cityPath('contabilidade', city) }, { path: cityPath('contador', city) }]),
          ),
        );
      }
      return respond(c, async () => null);
    });

  function journey(c: Context<AppEnv>, slug: 'abrir-empresa' | 'trocar-contador') {
    return respond(c, async () => {
      const journeyContent = await content.journey(slug);
      if (!journeyContent) return null;
      return ok(journeyMeta(slug, journeyContent, publicUrl), createElement(JourneyPage, { slug, content: journeyContent }));
    });
  }

  function xml(c: Context<AppEnv>, body: string) {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body);
  }

  /** The functions API (docs/api.md: `GET /areas/{slug}`, `GET /links/{alias}`), mounted under `/fn`. */
  const functions = new Hono<AppEnv>()
    .get('/areas/:slug', async (c) => {
      const area = await content.area(c.req.param('slug'));
      if (!area) return c.json({ error: { code: 'not_found', message: 'Área não encontrada.' } }, 404);
      return functionsJson(c, 'GET /areas/:slug', { data: area });
    })
    .get('/links/:alias', async (c) => {
      const target = await content.link(c.req.param('alias'));
      if (!target) return c.json({ error: { code: 'not_found', message: 'Link não encontrado.' } }, 404);
      return functionsJson(c, 'GET /links/:alias', { data: { alias: c.req.param('alias'), target } });
    });

  /** The site's answer to any other address: the 404 page, with its status (never the app's page). */
  async function notFoundResponse(c: Context<AppEnv>) {
    const page = await notFound(c.req.path);
    c.header('Cache-Control', 'no-cache');
    c.set('inlineStyles', page.inlineStyles);
    return sendText(c, page.html, 404, HTML);
  }

  return { app, functions, notFoundResponse };
}

export type Site = ReturnType<typeof createSite>;
