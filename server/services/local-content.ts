import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CONTENT_API, MAX_PAGE_SIZE } from '@domain';
import type { ContentClient, ContentQuery, Story, StoryList } from './content';

/**
 * The site's content kept in the project (`content/`), served through the same `ContentClient` interface as the
 * Storyblok CDN, so the site is complete without a CMS account and a Storyblok space can replace it by configuration.
 *
 * Each file becomes one story, shaped as the CDN shapes it:
 * - `blog/<slug>.md` → `blog/<slug>`, component `post`; `areas/<slug>.md` → `area`; `lp/<slug>.md` → `landing`:
 *   the YAML front matter becomes the content's fields and the Markdown after it the field `body`; a front matter
 *   `tags` list becomes the story's `tag_list`, and `date` its publication date.
 * - `pages/<slug>.json` → `pages/<slug>`, component `page`, the JSON object as fields.
 * - `tags.json` (slug → label) → `settings/tags`, component `tags`, field `tags`.
 * - `links.json` (a list of `{ alias, target, description }`) → one story `links/<alias>` each, component `short_link`.
 *
 * A front matter `draft: true` keeps a story out of `version=published` (the default), as an unpublished story.
 */

const COMPONENT_BY_FOLDER: Record<string, string> = { blog: 'post', areas: 'area', lp: 'landing', pages: 'page' };

/** A stable id from the slug, so a story keeps its uuid and id across restarts (as a CMS story does). */
function stableIds(fullSlug: string): { id: number; uuid: string } {
  const hash = createHash('sha1').update(`content:${fullSlug}`).digest('hex');
  const uuid = `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
  return { id: parseInt(hash.slice(0, 8), 16), uuid };
}

function splitFrontMatter(text: string, file: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return { data: {}, body: text };
  const data = parseYaml(match[1]) as unknown;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`${file}: the front matter must be a YAML mapping`);
  }
  return { data: data as Record<string, unknown>, body: match[2].trim() };
}

function isoDate(value: unknown, fallback: Date): string {
  if (typeof value === 'string' || value instanceof Date) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return fallback.toISOString();
}

interface LocalStory extends Story {
  draft: boolean;
}

function makeStory(
  fullSlug: string,
  name: string,
  content: Record<string, unknown> & { component: string },
  options: { date?: unknown; updated?: unknown; tags?: unknown; modified: Date; draft?: boolean },
): LocalStory {
  const { id, uuid } = stableIds(fullSlug);
  const published = isoDate(options.date, options.modified);
  const slug = fullSlug.slice(fullSlug.lastIndexOf('/') + 1);
  return {
    id,
    uuid,
    name,
    slug,
    full_slug: fullSlug,
    content: { _uid: uuid, ...content },
    created_at: published,
    first_published_at: published,
    published_at: isoDate(options.updated ?? options.date, options.modified),
    tag_list: Array.isArray(options.tags) ? options.tags.map(String) : [],
    lang: 'default',
    draft: options.draft ?? false,
  };
}

function* filesUnder(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries.sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Reads every story of a content folder; throws on a file it cannot read, naming it. */
export function loadLocalStories(dir: string): Story[] {
  const stories: LocalStory[] = [];
  for (const path of filesUnder(dir)) {
    const rel = relative(dir, path).split(sep).join('/');
    const modified = statSync(path).mtime;
    const text = readFileSync(path, 'utf8');
    const folder = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
    const slug = basename(rel, extname(rel));
    try {
      if (rel === 'tags.json') {
        stories.push(makeStory('settings/tags', 'Tags', { component: 'tags', tags: JSON.parse(text) }, { modified }));
      } else if (rel === 'links.json') {
        for (const link of JSON.parse(text) as { alias: string; target: string; description?: string }[]) {
          stories.push(
            makeStory(
              `links/${link.alias}`,
              link.alias,
              { component: 'short_link', target: link.target, description: link.description ?? '' },
              { modified },
            ),
          );
        }
      } else if (extname(rel) === '.md' && COMPONENT_BY_FOLDER[folder]) {
        const { data, body } = splitFrontMatter(text, rel);
        const { tags, date, updated, draft, ...fields } = data;
        stories.push(
          makeStory(
            `${folder}/${slug}`,
            String(fields.title ?? slug),
            { component: COMPONENT_BY_FOLDER[folder], ...fields, date, body },
            { date, updated, tags, modified, draft: draft === true },
          ),
        );
      } else if (extname(rel) === '.json' && folder === 'pages') {
        const fields = JSON.parse(text) as Record<string, unknown>;
        stories.push(makeStory(`pages/${slug}`, String(fields.title ?? slug), { component: 'page', ...fields }, { modified }));
      }
    } catch (error) {
      throw new Error(`Content file ${rel} could not be read: ${(error as Error).message}`, { cause: error });
    }
  }
  return stories;
}

function sortStories<S extends Story>(stories: S[], sortBy: string | undefined): S[] {
  const [field = 'first_published_at', direction = 'desc'] = (sortBy ?? 'first_published_at:desc').split(':');
  const valueOf = (story: S): string => {
    if (field.startsWith('content.')) return String(story.content[field.slice('content.'.length)] ?? '');
    return String((story as unknown as Record<string, unknown>)[field] ?? '');
  };
  const sign = direction === 'asc' ? 1 : -1;
  return [...stories].sort((a, b) => sign * valueOf(a).localeCompare(valueOf(b)) || a.full_slug.localeCompare(b.full_slug));
}

/** A `ContentClient` over the stories of a content folder, read once. */
export function createLocalContentClient(dir: string): ContentClient {
  const all = loadLocalStories(dir) as LocalStory[];
  const visible = (version: ContentQuery['version']) => all.filter((story) => version === 'draft' || !story.draft);
  // What leaves the client is a plain story, as the CDN sends it.
  const plain = ({ draft: _draft, ...story }: LocalStory): Story => story;

  function list<T>(query: ContentQuery = {}): Promise<StoryList<T>> {
    const perPage = Math.min(query.per_page ?? CONTENT_API.pageSize, MAX_PAGE_SIZE);
    const page = Math.max(query.page ?? 1, 1);
    const uuids = query.by_uuids ? new Set(query.by_uuids.split(',')) : null;
    const matching = visible(query.version).filter(
      (story) =>
        (!query.starts_with || story.full_slug.startsWith(query.starts_with)) &&
        (!query.with_tag || query.with_tag.split(',').some((tag) => story.tag_list.includes(tag))) &&
        (!uuids || uuids.has(story.uuid)),
    );
    const sorted = sortStories(matching, query.sort_by);
    const stories = sorted.slice((page - 1) * perPage, page * perPage).map(plain) as Story<T>[];
    return Promise.resolve({ stories, total: matching.length, perPage });
  }

  return {
    stories: list,
    async allStories<T>(query: Omit<ContentQuery, 'page'> = {}) {
      const stories: Story<T>[] = [];
      for (let page = 1; ; page++) {
        const batch = await list<T>({ ...query, page, per_page: MAX_PAGE_SIZE });
        stories.push(...batch.stories);
        if (stories.length >= batch.total || batch.stories.length === 0) return stories;
      }
    },
    async story<T>(fullSlug: string, query: Pick<ContentQuery, 'version'> = {}) {
      const found = visible(query.version).find((story) => story.full_slug === fullSlug);
      return found ? (plain(found) as Story<T>) : null;
    },
    async storiesByUuids<T>(uuids: readonly string[]) {
      const byUuid = new Map(visible('published').map((story) => [story.uuid, story]));
      return uuids.flatMap((uuid) => {
        const story = byUuid.get(uuid);
        return story ? [plain(story) as Story<T>] : [];
      });
    },
  };
}
