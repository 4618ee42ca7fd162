import { Marked, Renderer } from 'marked';
import * as v from 'valibot';
import { BLOG_PAGE_SIZE } from '@domain';
import type { ContentClient, Story } from '../services/content';

/**
 * What the public pages read from the content source (the project's `content/` folder or a Storyblok space, both
 * behind `ContentClient`): each story checked against the shape its page needs, Markdown turned into HTML once.
 * A story that does not fit is left out and logged, never half-shown.
 */

const text = v.pipe(v.string(), v.trim(), v.minLength(1));
const faq = v.optional(v.array(v.object({ question: text, answer: text })), []);
const titled = v.object({ title: text, text });

const PostFields = v.object({
  title: text,
  description: text,
  author: v.optional(text, 'Equipe Contábil'),
  authorRole: v.optional(v.string()),
  body: v.string(),
});

const AreaFields = v.object({
  title: text,
  profession: text,
  description: text,
  headline: v.optional(v.string(), ''),
  cnaes: v.optional(v.array(v.pipe(v.string(), v.regex(/^\d{7}$/))), []),
  benefits: v.optional(v.array(titled), []),
  faq,
  body: v.string(),
});

const LandingFields = v.object({
  title: text,
  description: text,
  year: v.number(),
  baseYear: v.number(),
  deadlineStart: v.pipe(v.string(), v.isoDate()),
  deadlineEnd: v.pipe(v.string(), v.isoDate()),
  facts: v.optional(v.array(v.object({ label: text, value: text })), []),
  refundBatches: v.optional(v.array(v.pipe(v.string(), v.isoDate())), []),
  faq,
  body: v.string(),
});

const HomeFields = v.object({
  services: v.array(v.object({ title: text, text, href: v.optional(v.string()) })),
  testimonials: v.optional(v.array(v.object({ name: text, role: text, city: v.optional(v.string(), ''), quote: text })), []),
  faq,
});

const JourneyFields = v.object({
  title: text,
  description: text,
  intro: text,
  steps: v.array(titled),
  documents: v.optional(v.array(text), []),
  highlights: v.optional(v.array(titled), []),
  faq,
});

const DocumentFields = v.object({ title: text, description: text, body: v.string() });

const LinkFields = v.object({ target: v.pipe(v.string(), v.regex(/^\/(?!\/)/)) });
const TagsFields = v.object({ tags: v.record(v.string(), v.string()) });

export type Faq = { question: string; answer: string }[];

export interface Tag {
  slug: string;
  label: string;
}

export interface PostSummary {
  slug: string;
  title: string;
  description: string;
  /** ISO publication and last-update dates. */
  publishedAt: string;
  updatedAt: string;
  author: string;
  authorRole?: string;
  tags: Tag[];
  readingMinutes: number;
}

export interface Post extends PostSummary {
  html: string;
}

export type Area = Omit<v.InferOutput<typeof AreaFields>, 'body'> & { slug: string; html: string; updatedAt: string };
export type Landing = Omit<v.InferOutput<typeof LandingFields>, 'body'> & { slug: string; html: string; updatedAt: string };
export type HomeContent = v.InferOutput<typeof HomeFields>;
export type JourneyContent = v.InferOutput<typeof JourneyFields>;
export type JourneySlug = 'abrir-empresa' | 'trocar-contador';
/** A page of running text (e.g. the privacy policy). */
export interface TextPage {
  slug: string;
  title: string;
  description: string;
  html: string;
  updatedAt: string;
}

export interface SiteContent {
  home(): Promise<HomeContent | null>;
  journey(slug: JourneySlug): Promise<JourneyContent | null>;
  /** A page of posts, newest first (25 a page), of one tag when given. */
  posts(options: { page: number; tag?: string }): Promise<{ posts: PostSummary[]; total: number }>;
  post(slug: string): Promise<Post | null>;
  tags(): Promise<Tag[]>;
  area(slug: string): Promise<Area | null>;
  areas(): Promise<Area[]>;
  landing(slug: string): Promise<Landing | null>;
  textPage(slug: string): Promise<TextPage | null>;
  /** A short link's target path, or null. */
  link(alias: string): Promise<string | null>;
  /** Every post, for the sitemap (newest first). */
  allPosts(): Promise<PostSummary[]>;
}

export interface SiteContentOptions {
  /** How long an answer is reused; the local folder never changes while the server runs. */
  cacheMs: number;
  onInvalid?: (story: Story, issues: string) => void;
}

const WORDS_PER_MINUTE = 200;

/** Markdown from our editors (trusted: the project's files or our own CMS space). Links to other sites open apart. */
const markdown = new Marked({ gfm: true });
markdown.use({
  renderer: {
    // marked's own link (its URL cleaning and escaping), opened apart when it leads elsewhere.
    link(token) {
      const html = Renderer.prototype.link.call(this, token);
      return /^https?:\/\//.test(token.href) ? html.replace(/^<a ([^>]*)>/, '<a $1 rel="noopener" target="_blank">') : html;
    },
  },
  hooks: {
    // Wide tables scroll inside their own box on a phone instead of widening the page.
    postprocess: (html) => html.replace(/<table>/g, '<div class="table-wrap"><table>').replace(/<\/table>/g, '</table></div>'),
  },
});

const toHtml = (source: string) => markdown.parse(source, { async: false });

const readingMinutes = (body: string) => Math.max(1, Math.round(body.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE));

export function createSiteContent(client: ContentClient, options: SiteContentOptions): SiteContent {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < options.cacheMs) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { at: Date.now(), value });
    // A failure is not kept: the next request asks again.
    value.catch(() => cache.delete(key));
    return value;
  }

  function fields<S extends v.GenericSchema>(schema: S, story: Story | null): v.InferOutput<S> | null {
    if (!story) return null;
    const parsed = v.safeParse(schema, story.content);
    if (parsed.success) return parsed.output;
    options.onInvalid?.(story, v.summarize(parsed.issues));
    return null;
  }

  const tags = () =>
    cached('tags', async () => {
      const found = fields(TagsFields, await client.story('settings/tags'));
      return Object.entries(found?.tags ?? {}).map(([slug, label]) => ({ slug, label }));
    });

  async function summaryOf(story: Story): Promise<Post | null> {
    const post = fields(PostFields, story);
    if (!post) return null;
    const labels = new Map((await tags()).map((tag) => [tag.slug, tag.label]));
    return {
      slug: story.slug,
      title: post.title,
      description: post.description,
      publishedAt: story.first_published_at ?? story.created_at,
      updatedAt: story.published_at ?? story.first_published_at ?? story.created_at,
      author: post.author,
      authorRole: post.authorRole || undefined,
      tags: story.tag_list.map((slug) => ({ slug, label: labels.get(slug) ?? slug })),
      readingMinutes: readingMinutes(post.body),
      html: toHtml(post.body),
    };
  }

  const withoutHtml = ({ html: _html, ...summary }: Post): PostSummary => summary;

  const areaOf = (story: Story | null): Area | null => {
    const area = fields(AreaFields, story);
    if (!story || !area) return null;
    const { body, ...rest } = area;
    return { ...rest, slug: story.slug, html: toHtml(body), updatedAt: story.published_at ?? story.created_at };
  };

  return {
    home: () => cached('home', async () => fields(HomeFields, await client.story('pages/home'))),
    journey: (slug) => cached(`journey:${slug}`, async () => fields(JourneyFields, await client.story(`pages/${slug}`))),
    posts: ({ page, tag }) =>
      cached(`posts:${page}:${tag ?? ''}`, async () => {
        const { stories, total } = await client.stories({
          starts_with: 'blog/',
          sort_by: 'first_published_at:desc',
          per_page: BLOG_PAGE_SIZE,
          page,
          ...(tag ? { with_tag: tag } : {}),
        });
        const posts = (await Promise.all(stories.map(summaryOf))).filter((post): post is Post => post !== null);
        return { posts: posts.map(withoutHtml), total };
      }),
    post: (slug) =>
      cached(`post:${slug}`, async () => {
        const story = await client.story(`blog/${slug}`);
        return story ? summaryOf(story) : null;
      }),
    tags,
    area: (slug) => cached(`area:${slug}`, async () => areaOf(await client.story(`areas/${slug}`))),
    areas: () =>
      cached('areas', async () => {
        const stories = await client.allStories({ starts_with: 'areas/', sort_by: 'name:asc' });
        return stories.map(areaOf).filter((area): area is Area => area !== null);
      }),
    landing: (slug) =>
      cached(`landing:${slug}`, async () => {
        const story = await client.story(`lp/${slug}`);
        const landing = fields(LandingFields, story);
        if (!story || !landing) return null;
        const { body, ...rest } = landing;
        return { ...rest, slug: story.slug, html: toHtml(body), updatedAt: story.published_at ?? story.created_at };
      }),
    textPage: (slug) =>
      cached(`text:${slug}`, async () => {
        const story = await client.story(`pages/${slug}`);
        const page = fields(DocumentFields, story);
        if (!story || !page) return null;
        const updatedAt = story.published_at ?? story.created_at;
        return { slug, title: page.title, description: page.description, html: toHtml(page.body), updatedAt };
      }),
    link: (alias) =>
      cached(`link:${alias}`, async () => fields(LinkFields, await client.story(`links/${alias}`))?.target ?? null),
    allPosts: () =>
      cached('all-posts', async () => {
        const stories = await client.allStories({ starts_with: 'blog/', sort_by: 'first_published_at:desc' });
        const posts = await Promise.all(stories.map(summaryOf));
        return posts.filter((post): post is Post => post !== null).map(withoutHtml);
      }),
  };
}
