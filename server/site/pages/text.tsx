import type { TextPage as TextPageContent } from '../content';
import type { PageMeta } from '../document';
import { Breadcrumbs, Container, Prose, longDate } from '../ui';

export const textPageMeta = (page: TextPageContent): PageMeta => ({
  title: `${page.title} | Contábil`,
  description: page.description,
  path: `/${page.slug}`,
  updatedAt: page.updatedAt,
});

/** A page of running text from the content (the privacy and cookie policy). */
export function TextPage({ page }: { page: TextPageContent }) {
  return (
    <Container className="py-12">
      <Breadcrumbs
        items={[
          { name: 'Início', path: '/' },
          { name: page.title, path: `/${page.slug}` },
        ]}
      />
      <h1 className="mt-6 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
      <p className="mt-2 text-sm text-slate-600">Atualizada em {longDate(page.updatedAt)}</p>
      <Prose html={page.html} className="mt-8" />
    </Container>
  );
}
