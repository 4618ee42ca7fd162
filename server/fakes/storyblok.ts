import { Hono } from 'hono';
import type { Story } from '../services/content';

/**
 * A local stand-in for Storyblok's Content Delivery API v2 (facts in shared/reference/external-apis.md): a request
 * without `cv` is redirected to the same URL with the latest `cv`; an unknown parameter answers 422; too many requests
 * in a second answer 429; `Total`/`Per-Page` headers; `version=draft` also sees unpublished stories.
 */
export interface StoryblokFakeOptions {
  token: string;
  stories: (Story & { published?: boolean })[];
  /** Requests a second before 429; Storyblok's CDN allows far more for cached content, 50 by default here. */
  rateLimitPerSecond?: number;
  cv?: number;
  now?: () => number;
}

const KNOWN = new Set([
  'token',
  'version',
  'cv',
  'resolve_relations',
  'resolve_links',
  'per_page',
  'page',
  'by_uuids',
  'language',
  'starts_with',
  'sort_by',
  'with_tag',
  'find_by',
  'excluding_fields',
]);

export function storyblokFake(options: StoryblokFakeOptions) {
  const now = options.now ?? Date.now;
  const cv = options.cv ?? 1_700_000_000;
  const hits: number[] = [];
  const app = new Hono();

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const windowStart = now() - 1000;
    while (hits.length && hits[0] <= windowStart) hits.shift();
    if (hits.length >= (options.rateLimitPerSecond ?? 50)) {
      return c.json({ error: 'Too Many Requests' }, 429, { 'retry-after': '1' });
    }
    hits.push(now());
    if (url.searchParams.get('token') !== options.token) return c.json({ error: 'Unauthorized' }, 401);
    for (const key of url.searchParams.keys()) {
      if (!KNOWN.has(key) && !key.startsWith('filter_query[')) return c.json({ error: `Unknown parameter ${key}` }, 422);
    }
    if (!url.searchParams.has('cv')) {
      url.searchParams.set('cv', String(cv));
      return c.redirect(url.pathname + url.search, 301);
    }
    return next();
  });

  const visible = (version: string | undefined) =>
    options.stories.filter((story) => version === 'draft' || story.published !== false);
  const strip = ({ published: _published, ...story }: Story & { published?: boolean }) => story;

  app.get('/v2/cdn/stories', (c) => {
    const q = c.req.query();
    let stories = visible(q.version);
    if (q.starts_with) stories = stories.filter((s) => s.full_slug.startsWith(q.starts_with));
    if (q.with_tag) stories = stories.filter((s) => q.with_tag.split(',').some((tag) => s.tag_list.includes(tag)));
    if (q.by_uuids) {
      const uuids = q.by_uuids.split(',');
      stories = stories.filter((s) => uuids.includes(s.uuid));
    }
    if (q.sort_by === 'first_published_at:desc') {
      stories = [...stories].sort((a, b) => (b.first_published_at ?? '').localeCompare(a.first_published_at ?? ''));
    }
    const perPage = Math.min(Number(q.per_page ?? 25), 100);
    const page = Number(q.page ?? 1);
    const slice = stories.slice((page - 1) * perPage, page * perPage).map(strip);
    return c.json({ stories: slice, cv, rels: [], links: [] }, 200, {
      total: String(stories.length),
      'per-page': String(perPage),
    });
  });

  app.get('/v2/cdn/stories/*', (c) => {
    const slug = decodeURIComponent(c.req.path.replace(/^.*\/v2\/cdn\/stories\//, ''));
    const q = c.req.query();
    const story = visible(q.version).find((s) => (q.find_by === 'uuid' ? s.uuid === slug : s.full_slug === slug));
    if (!story) return c.json({ error: 'This record could not be found' }, 404);
    return c.json({ story: strip(story), cv, rels: [], links: [] });
  });

  return app;
}
