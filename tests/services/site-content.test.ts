import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyblokFake } from '@server/fakes/storyblok';
import { createContentClient } from '@server/services/content';
import { createLocalContentClient, loadLocalStories } from '@server/services/local-content';
import { createSiteContent } from '@server/site/content';
import type { LocalServer } from './local-server';
import { listen } from './local-server';

const day = (i: number) => `2026-${String(Math.floor(i / 28) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'content-'));
  await mkdir(join(dir, 'blog'));
  await mkdir(join(dir, 'pages'));
  for (let i = 0; i < 30; i++) {
    await writeFile(
      join(dir, 'blog', `post-${i}.md`),
      `---\ntitle: 'Post ${i}: título'\ndescription: 'Resumo ${i}'\ndate: '${day(i)}'\ntags: ['${i % 3 === 0 ? 'mei' : 'impostos'}']\n---\n\n## Seção\n\nTexto do post ${i} com [link](/abrir-empresa) e [fora](https://www.gov.br) e [aspas](/blog "Dica \\"boa\\"").\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`,
    );
  }
  await writeFile(
    join(dir, 'blog', 'rascunho.md'),
    `---\ntitle: Rascunho\ndescription: Ainda não\ndate: '2026-12-01'\ndraft: true\n---\nTexto`,
  );
  await writeFile(join(dir, 'blog', 'sem-titulo.md'), `---\ndescription: Sem título\ndate: '2026-01-01'\n---\nTexto`);
  await writeFile(join(dir, 'tags.json'), JSON.stringify({ mei: 'MEI', impostos: 'Impostos' }));
  await writeFile(join(dir, 'links.json'), JSON.stringify([{ alias: 'abrir', target: '/abrir-empresa' }]));
  await writeFile(
    join(dir, 'pages', 'home.json'),
    JSON.stringify({ services: [{ title: 'Abertura', text: 'Abrimos.' }], faq: [] }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the content folder as a content API', () => {
  it('pages posts 25 at a time, newest first, without drafts unless asked', async () => {
    const client = createLocalContentClient(dir);
    const first = await client.stories({ starts_with: 'blog/', sort_by: 'first_published_at:desc' });
    expect(first.total).toBe(31);
    expect(first.stories).toHaveLength(25);
    expect(first.stories[0].slug).toBe('post-29');
    const dates = first.stories.map((story) => story.first_published_at!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await client.stories({ starts_with: 'blog/', page: 2 });
    expect(second.stories).toHaveLength(6);
    expect(await client.story('blog/rascunho')).toBeNull();
    expect(await client.story('blog/rascunho', { version: 'draft' })).not.toBeNull();
    expect((await client.stories({ starts_with: 'blog/', with_tag: 'mei' })).total).toBe(10);
  });

  it('keeps a story’s uuid across reads, and finds stories by uuid in the order asked', async () => {
    const a = createLocalContentClient(dir);
    const b = createLocalContentClient(dir);
    const post = (await a.story('blog/post-3'))!;
    expect((await b.story('blog/post-3'))!.uuid).toBe(post.uuid);
    const other = (await a.story('blog/post-7'))!;
    expect((await a.storiesByUuids([other.uuid, post.uuid, 'nada'])).map((s) => s.slug)).toEqual(['post-7', 'post-3']);
  });

  it('names the file it cannot read', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'content-broken-'));
    await mkdir(join(broken, 'blog'));
    await writeFile(join(broken, 'blog', 'quebrado.md'), `---\ntitle: 'sem fim\n---\nTexto`);
    expect(() => loadLocalStories(broken)).toThrow(/blog\/quebrado\.md/);
    await rm(broken, { recursive: true, force: true });
  });
});

describe('the site’s content', () => {
  it('turns posts into pages: HTML from Markdown, tag labels, reading time; a story that does not fit is left out', async () => {
    const invalid: string[] = [];
    const content = createSiteContent(createLocalContentClient(dir), {
      cacheMs: 0,
      onInvalid: (story) => invalid.push(story.slug),
    });
    const post = (await content.post('post-4'))!;
    expect(post.title).toBe('Post 4: título');
    expect(post.tags).toEqual([{ slug: 'impostos', label: 'Impostos' }]);
    expect(post.html).toContain('<h2>Seção</h2>');
    expect(post.html).toContain('<a href="/abrir-empresa">link</a>');
    expect(post.html).toContain('<a href="https://www.gov.br" rel="noopener" target="_blank">fora</a>');
    // A title with quotes stays inside its attribute.
    expect(post.html).toContain('<a href="/blog" title="Dica &quot;boa&quot;">aspas</a>');
    expect(post.html).toContain('<div class="table-wrap"><table>');
    expect(post.readingMinutes).toBe(1);
    expect(await content.post('sem-titulo')).toBeNull();
    expect(invalid).toEqual(['sem-titulo']);
    expect(await content.link('abrir')).toBe('/abrir-empresa');
    expect(await content.link('nada')).toBeNull();
  });

  describe('from a Storyblok space', () => {
    let cdn: LocalServer;
    beforeAll(async () => {
      // The project's own content, published in a (fake) Storyblok space.
      cdn = await listen(storyblokFake({ token: 'site-token', stories: loadLocalStories('content'), rateLimitPerSecond: 1000 }));
    });
    afterAll(() => cdn.close());

    it('gives the same pages as the content folder', async () => {
      const local = createSiteContent(createLocalContentClient('content'), { cacheMs: 0 });
      const remote = createSiteContent(createContentClient({ baseUrl: `${cdn.url}/v2`, token: 'site-token' }), { cacheMs: 0 });
      expect(await remote.post('como-abrir-mei')).toEqual(await local.post('como-abrir-mei'));
      expect(await remote.posts({ page: 1 })).toEqual(await local.posts({ page: 1 }));
      expect(await remote.posts({ page: 1, tag: 'mei' })).toEqual(await local.posts({ page: 1, tag: 'mei' }));
      expect(await remote.area('medicos')).toEqual(await local.area('medicos'));
      expect(await remote.home()).toEqual(await local.home());
      expect(await remote.journey('trocar-contador')).toEqual(await local.journey('trocar-contador'));
      expect(await remote.landing('irpf-2025')).toEqual(await local.landing('irpf-2025'));
      expect(await remote.link('abrir')).toBe('/abrir-empresa');
      expect((await remote.areas()).map((area) => area.slug).sort()).toEqual(
        (await local.areas()).map((area) => area.slug).sort(),
      );
    });
  });
});
