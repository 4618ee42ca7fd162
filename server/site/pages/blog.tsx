import { BLOG_PAGE_SIZE, SIGNUP_LINKS } from '@domain';
import type { Post, PostSummary, Tag } from '../content';
import type { PageMeta } from '../document';
import { LeadForm } from '../lead-form';
import { articleJsonLd, breadcrumbJsonLd } from '../seo';
import type { Crumb } from '../ui';
import { Breadcrumbs, Container, Pager, Prose, buttonClass, longDate } from '../ui';

export const blogPath = (options: { page?: number; tag?: string } = {}) => {
  const query = new URLSearchParams();
  if (options.tag) query.set('tag', options.tag);
  if (options.page && options.page > 1) query.set('page', String(options.page));
  const text = query.toString();
  return text ? `/blog?${text}` : '/blog';
};

function TagLinks({ tags }: { tags: Tag[] }) {
  return tags.map((tag) => (
    <a
      key={tag.slug}
      href={blogPath({ tag: tag.slug })}
      className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 hover:bg-brand-100"
    >
      {tag.label}
    </a>
  ));
}

export function PostCard({ post, heading: Heading = 'h3' }: { post: PostSummary; heading?: 'h2' | 'h3' }) {
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
      <p className="text-xs text-slate-600">
        <time dateTime={post.publishedAt}>{longDate(post.publishedAt)}</time> · {post.readingMinutes} min de leitura
      </p>
      <Heading className="mt-2 text-lg font-semibold text-slate-900">
        <a href={`/blog/posts/${post.slug}`} className="hover:text-brand-700">
          {post.title}
        </a>
      </Heading>
      <p className="mt-2 flex-1 text-sm text-slate-600">{post.description}</p>
      {post.tags.length > 0 && (
        <p className="mt-4 flex flex-wrap gap-2">
          <TagLinks tags={post.tags} />
        </p>
      )}
    </article>
  );
}

export function blogMeta(options: { page: number; tag?: Tag; publicUrl: string }): PageMeta {
  const about = options.tag ? `: ${options.tag.label}` : '';
  const page = options.page > 1 ? ` (página ${options.page})` : '';
  return {
    title: `Blog${about}${page} | Contábil`,
    description: options.tag
      ? `Artigos sobre ${options.tag.label.toLowerCase()} para quem tem ou quer abrir uma empresa: explicações claras da equipe contábil.`
      : 'Impostos, MEI, abertura de empresa, notas fiscais e gestão financeira explicados sem complicação pela nossa equipe contábil.',
    path: blogPath({ page: options.page, tag: options.tag?.slug }),
  };
}

export function BlogListPage({
  posts,
  total,
  page,
  tags,
  tag,
}: {
  posts: PostSummary[];
  total: number;
  page: number;
  tags: Tag[];
  tag?: Tag;
}) {
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {tag ? `Blog: ${tag.label}` : 'Blog da Contábil'}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Impostos, MEI, abertura de empresa e gestão financeira, explicados sem complicação pela nossa equipe contábil.
      </p>
      <nav aria-label="Temas" className="mt-6 flex flex-wrap gap-2">
        <a
          href="/blog"
          aria-current={!tag ? 'page' : undefined}
          className={`rounded-full px-3 py-1 text-sm font-medium ${!tag ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
        >
          Todos
        </a>
        {tags.map((item) => (
          <a
            key={item.slug}
            href={blogPath({ tag: item.slug })}
            aria-current={tag?.slug === item.slug ? 'page' : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ${tag?.slug === item.slug ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
          >
            {item.label}
          </a>
        ))}
      </nav>
      {posts.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-600">
          Nenhum artigo {tag ? 'com este tema ' : ''}ainda.{' '}
          <a href="/blog" className="text-brand-700 underline">
            Ver todos os artigos
          </a>
        </p>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <PostCard key={post.slug} post={post} heading="h2" />
          ))}
        </div>
      )}
      <Pager page={page} pages={pages} hrefOf={(p) => blogPath({ page: p, tag: tag?.slug })} />
    </Container>
  );
}

const postCrumbs = (post: Post): Crumb[] => [
  { name: 'Início', path: '/' },
  { name: 'Blog', path: '/blog' },
  { name: post.title, path: `/blog/posts/${post.slug}` },
];

export function postMeta(post: Post, publicUrl: string): PageMeta {
  return {
    title: `${post.title} | Blog Contábil`,
    description: post.description,
    path: `/blog/posts/${post.slug}`,
    type: 'article',
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    jsonLd: [articleJsonLd(publicUrl, post), breadcrumbJsonLd(publicUrl, postCrumbs(post))],
  };
}

export function PostPage({ post, related }: { post: Post; related: PostSummary[] }) {
  return (
    <>
      <Container className="py-10">
        <Breadcrumbs items={postCrumbs(post)} />
        <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <article>
            <header>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
              <p className="mt-4 text-lg text-slate-700">{post.description}</p>
              <p className="mt-4 text-sm text-slate-600">
                Por <span className="font-medium text-slate-800">{post.author}</span>
                {post.authorRole && `, ${post.authorRole}`} ·{' '}
                <time dateTime={post.publishedAt}>{longDate(post.publishedAt)}</time> · {post.readingMinutes} min de leitura
              </p>
            </header>
            <Prose html={post.html} className="mt-8" />
            {post.tags.length > 0 && (
              <p className="mt-10 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                Temas:
                <TagLinks tags={post.tags} />
              </p>
            )}
          </article>
          <aside className="space-y-6 lg:sticky lg:top-6 lg:self-start">
            <div className="rounded-2xl bg-brand-900 p-6 text-white">
              <p className="text-lg font-semibold">Deixe a contabilidade com a gente</p>
              <p className="mt-2 text-sm text-brand-100">Abra sua empresa ou troque de contador sem sair de casa.</p>
              <div className="mt-4 flex flex-col gap-2">
                <a href={SIGNUP_LINKS.open} className={buttonClass('light')}>
                  Abrir minha empresa
                </a>
                <a href={SIGNUP_LINKS.migrate} className="text-center text-sm font-semibold text-white underline">
                  Trocar de contador
                </a>
              </div>
            </div>
          </aside>
        </div>
      </Container>
      {related.length > 0 && (
        <section aria-labelledby="leia-tambem" className="bg-slate-50 py-14">
          <Container>
            <h2 id="leia-tambem" className="text-2xl font-bold text-slate-900">
              Leia também
            </h2>
            <div className="mt-6 grid gap-6 md:grid-cols-3">
              {related.map((item) => (
                <PostCard key={item.slug} post={item} />
              ))}
            </div>
          </Container>
        </section>
      )}
      <Container className="py-14">
        <LeadForm source={`/blog/posts/${post.slug}`} title="Ficou com alguma dúvida? Fale com um contador" />
      </Container>
    </>
  );
}
