import { CONTENT_API } from '@domain';

/** A story of the content delivery API (Storyblok v2 shape; only what the site reads is typed). */
export interface Story<TContent = Record<string, unknown>> {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: TContent & { component: string; _uid?: string };
  created_at: string;
  published_at: string | null;
  first_published_at: string | null;
  tag_list: string[];
  lang?: string;
}

export interface StoryList<TContent = Record<string, unknown>> {
  stories: Story<TContent>[];
  /** From the `Total` header. */
  total: number;
  perPage: number;
}

export interface ContentQuery {
  version?: 'published' | 'draft';
  starts_with?: string;
  page?: number;
  per_page?: number;
  sort_by?: string;
  with_tag?: string;
  language?: string;
  resolve_relations?: string;
  resolve_links?: 'story' | 'url' | 'link';
  /** Comma-separated uuids; `storiesByUuids` batches them. */
  by_uuids?: string;
  [filter: `filter_query[${string}]`]: string | undefined;
}

/** docs/rules.md: a non-2xx answer raises an error with message, status and response. */
export class ContentApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly response: unknown,
  ) {
    super(message);
  }
}

export interface ContentClientOptions {
  /** https://api.storyblok.com/v2 (or a region's host), or the local fake. */
  baseUrl: string;
  token: string;
  /** OAuth (management) tokens get a lower rate (docs/rules.md: 3/s instead of 5/s). */
  oauth?: boolean;
  fetch?: typeof fetch;
  /** Waits between attempts; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface ContentClient {
  /** One page of stories (page size 25 unless told), `version=published` unless told. */
  stories<T = Record<string, unknown>>(query?: ContentQuery): Promise<StoryList<T>>;
  /** Every page of a listing, one after another. */
  allStories<T = Record<string, unknown>>(query?: Omit<ContentQuery, 'page'>): Promise<Story<T>[]>;
  /** One story by its full slug; null when it does not exist (404). */
  story<T = Record<string, unknown>>(
    fullSlug: string,
    query?: Pick<ContentQuery, 'version' | 'language' | 'resolve_relations' | 'resolve_links'>,
  ): Promise<Story<T> | null>;
  /** Stories by uuid, asked in batches of 50 (docs/rules.md), in the order given. */
  storiesByUuids<T = Record<string, unknown>>(uuids: readonly string[]): Promise<Story<T>[]>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The marketing-content client with the behaviour docs/rules.md fixes: page size 25, `by_uuids` in batches of 50, at most
 * 5 requests a second (3 with OAuth), up to 5 retries on 429 (honouring Retry-After), `version=published` by
 * default (the common SDK defaults to draft), and the cache version (`cv`) the API redirects to, kept and sent.
 */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const fetchFn = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  const perSecond = options.oauth ? CONTENT_API.requestsPerSecondOAuth : CONTENT_API.requestsPerSecond;
  const sent: number[] = [];
  let cacheVersion: string | undefined;

  /** A sliding one-second window: the n-th request waits until the (n − limit)-th is a second old. */
  async function throttle() {
    for (;;) {
      const windowStart = now() - 1000;
      while (sent.length && sent[0] <= windowStart) sent.shift();
      if (sent.length < perSecond) break;
      await sleep(sent[0] - windowStart);
    }
    sent.push(now());
  }

  async function get(path: string, params: Record<string, string | number | undefined>): Promise<Response> {
    const url = new URL(`${base}/${path}`);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, String(value));
    url.searchParams.set('token', options.token);
    if (cacheVersion) url.searchParams.set('cv', cacheVersion);
    for (let attempt = 0; ; attempt++) {
      await throttle();
      const response = await fetchFn(url, { headers: { accept: 'application/json' } });
      // The API redirects a request without `cv` to the latest one; fetch followed it — remember it, even if the
      // redirected request was then refused.
      const cv = response.url ? new URL(response.url).searchParams.get('cv') : null;
      if (cv) {
        cacheVersion = cv;
        url.searchParams.set('cv', cv);
      }
      if (response.status === 429 && attempt < CONTENT_API.maxRetriesOn429) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 250 * 2 ** attempt;
        // A little jitter, so requests refused together do not come back together.
        await sleep(wait + Math.floor(Math.random() * 100 * (attempt + 1)));
        continue;
      }
      if (!response.ok && response.status !== 404) {
        const body = await response.text();
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {
          // Not JSON: keep the text.
        }
        throw new ContentApiError(`Content API answered ${response.status} for ${path}`, response.status, parsed);
      }
      return response;
    }
  }

  async function list<T>(query: ContentQuery = {}): Promise<StoryList<T>> {
    const perPage = query.per_page ?? CONTENT_API.pageSize;
    const response = await get('cdn/stories', {
      ...query,
      version: query.version ?? 'published',
      per_page: perPage,
      page: query.page ?? 1,
    });
    const body = (await response.json()) as { stories: Story<T>[]; cv?: number };
    if (body.cv) cacheVersion = String(body.cv);
    return { stories: body.stories, total: Number(response.headers.get('total') ?? body.stories.length), perPage };
  }

  return {
    stories: list,
    async allStories<T>(query: Omit<ContentQuery, 'page'> = {}) {
      const all: Story<T>[] = [];
      for (let page = 1; ; page++) {
        const { stories, total, perPage } = await list<T>({ ...query, page });
        all.push(...stories);
        if (stories.length < perPage || all.length >= total) return all;
      }
    },
    async story<T>(
      fullSlug: string,
      query: Pick<ContentQuery, 'version' | 'language' | 'resolve_relations' | 'resolve_links'> = {},
    ) {
      const path = `cdn/stories/${fullSlug.split('/').map(encodeURIComponent).join('/')}`;
      const response = await get(path, { ...query, version: query.version ?? 'published' });
      if (response.status === 404) return null;
      const body = (await response.json()) as { story: Story<T>; cv?: number };
      if (body.cv) cacheVersion = String(body.cv);
      return body.story;
    },
    async storiesByUuids<T>(uuids: readonly string[]) {
      const found = new Map<string, Story<T>>();
      for (let i = 0; i < uuids.length; i += CONTENT_API.uuidBatchSize) {
        const batch = uuids.slice(i, i + CONTENT_API.uuidBatchSize);
        const stories = await this.allStories<T>({ by_uuids: batch.join(','), per_page: 100 });
        for (const story of stories) found.set(story.uuid, story);
      }
      return uuids.map((uuid) => found.get(uuid)).filter((story): story is Story<T> => Boolean(story));
    },
  };
}
