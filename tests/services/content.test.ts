import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storyblokFake } from '@server/fakes/storyblok';
import type { Story } from '@server/services/content';
import { ContentApiError, createContentClient } from '@server/services/content';
import type { LocalServer } from './local-server';
import { listen } from './local-server';

const TOKEN = 'public-token';

function story(i: number, extra: Partial<Story & { published: boolean }> = {}): Story & { published?: boolean } {
  return {
    id: i,
    uuid: `uuid-${i}`,
    name: `Post ${i}`,
    slug: `post-${i}`,
    full_slug: `blog/post-${i}`,
    content: { component: 'post', title: `Post ${i}` },
    created_at: '2026-01-01T00:00:00Z',
    published_at: '2026-01-02T00:00:00Z',
    first_published_at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
    tag_list: i % 2 ? ['mei'] : ['impostos'],
    ...extra,
  };
}

const STORIES = [
  ...Array.from({ length: 120 }, (_, i) => story(i + 1)),
  story(999, { full_slug: 'blog/rascunho', published: false }),
];
let cdn: LocalServer;
let strict: LocalServer;

beforeAll(async () => {
  cdn = await listen(storyblokFake({ token: TOKEN, stories: STORIES, rateLimitPerSecond: 1000 }));
  strict = await listen(storyblokFake({ token: TOKEN, stories: STORIES, rateLimitPerSecond: 3 }));
});
afterAll(async () => {
  await cdn.close();
  await strict.close();
});

const client = (server = cdn, extra = {}) =>
  createContentClient({ baseUrl: `${server.url}/v2`, token: TOKEN, sleep: async () => {}, ...extra });

describe('the content client (docs/rules.md)', () => {
  it('pages 25 at a time, published only by default, and follows the cv redirect', async () => {
    const fetchSpy = vi.fn(fetch);
    const content = client(cdn, { fetch: fetchSpy });
    const first = await content.stories({ starts_with: 'blog/' });
    expect(first.perPage).toBe(25);
    expect(first.stories).toHaveLength(25);
    expect(first.total).toBe(120);
    const asked = new URL(String(fetchSpy.mock.calls[0][0]));
    expect(asked.searchParams.get('version')).toBe('published');
    // The next call sends the cv the API redirected to.
    await content.stories({ page: 2 });
    expect(new URL(String(fetchSpy.mock.calls[1][0])).searchParams.get('cv')).toBe('1700000000');
    expect(await content.allStories({ starts_with: 'blog/' })).toHaveLength(120);
    expect((await content.stories({ version: 'draft' })).total).toBe(121);
  });

  it('reads one story, null when absent, and asks uuids in batches of 50 keeping the order', async () => {
    const fetchSpy = vi.fn(fetch);
    const content = client(cdn, { fetch: fetchSpy });
    expect((await content.story('blog/post-7'))?.name).toBe('Post 7');
    expect(await content.story('blog/nao-existe')).toBeNull();
    expect(await content.story('blog/rascunho')).toBeNull();
    fetchSpy.mockClear();
    const uuids = Array.from({ length: 120 }, (_, i) => `uuid-${120 - i}`);
    const stories = await content.storiesByUuids(uuids);
    expect(stories.map((s) => s.uuid)).toEqual(uuids);
    const batches = fetchSpy.mock.calls.map(([url]) => new URL(String(url)).searchParams.get('by_uuids')!.split(',').length);
    expect(batches).toEqual([50, 50, 20]);
  });

  it('raises an error with message, status and response for a non-2xx answer', async () => {
    const wrongToken = createContentClient({ baseUrl: `${cdn.url}/v2`, token: 'nope', sleep: async () => {} });
    const error = await wrongToken.stories().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentApiError);
    expect(error).toMatchObject({ status: 401, response: { error: 'Unauthorized' } });
    const unknown = await client()
      .stories({ 'filter_query[x]': 'y', sort_by: 'name:asc' })
      .catch((e) => e);
    expect(unknown).not.toBeInstanceOf(Error);
  });

  it('retries a 429 up to 5 times, then gives up with the error', async () => {
    let calls = 0;
    const always429 = vi.fn(async () => {
      calls += 1;
      return new Response('{"error":"slow down"}', { status: 429, headers: { 'retry-after': '1' } });
    });
    const sleeps: number[] = [];
    let clock = 0;
    const content = createContentClient({
      baseUrl: 'http://cdn.test/v2',
      token: TOKEN,
      fetch: always429 as unknown as typeof fetch,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    const error = await content.stories().catch((e) => e);
    expect(error).toMatchObject({ status: 429 });
    expect(calls).toBe(6);
    expect(sleeps.filter((ms) => ms >= 1000 && ms < 1600)).toHaveLength(5);
  });

  it('recovers from the fake CDN’s rate limit', { timeout: 20_000 }, async () => {
    const content = createContentClient({ baseUrl: `${strict.url}/v2`, token: TOKEN });
    const results = await Promise.all([1, 2, 3].map((n) => content.story(`blog/post-${n}`)));
    expect(results.map((s) => s?.name)).toEqual(['Post 1', 'Post 2', 'Post 3']);
  });

  it('sends at most 5 requests a second, 3 with OAuth', async () => {
    for (const [oauth, limit] of [
      [false, 5],
      [true, 3],
    ] as const) {
      let clock = 0;
      const times: number[] = [];
      const fake = vi.fn(async () => {
        times.push(clock);
        return new Response('{"stories":[],"cv":1}', { status: 200, headers: { total: '0' } });
      });
      const content = createContentClient({
        baseUrl: 'http://cdn.test/v2',
        token: TOKEN,
        oauth,
        fetch: fake as unknown as typeof fetch,
        now: () => clock,
        sleep: async (ms) => void (clock += ms),
      });
      for (let i = 0; i < 12; i++) await content.stories();
      for (const t of times) expect(times.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(limit);
      expect(times.filter((t) => t < 1000)).toHaveLength(limit);
    }
  });
});
