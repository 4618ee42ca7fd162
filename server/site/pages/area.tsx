import type { Cnae } from '@domain';
import { cnaePath, SIGNUP_LINKS } from '@domain';
import type { Area } from '../content';
import type { PageMeta } from '../document';
import { LeadForm } from '../lead-form';
import { breadcrumbJsonLd, faqJsonLd } from '../seo';
import type { Crumb } from '../ui';
import { Breadcrumbs, Container, FaqList, Prose, buttonClass } from '../ui';

const crumbs = (area: Area): Crumb[] => [
  { name: 'Início', path: '/' },
  { name: area.title, path: `/areas/${area.slug}` },
];

export function areaMeta(area: Area, publicUrl: string): PageMeta {
  return {
    title: `${area.title} | Contábil`,
    description: area.description,
    path: `/areas/${area.slug}`,
    updatedAt: area.updatedAt,
    jsonLd: [breadcrumbJsonLd(publicUrl, crumbs(area)), ...(area.faq.length ? [faqJsonLd(area.faq)] : [])],
  };
}

/** `/areas/{slug}`: accounting for one profession. */
export function AreaPage({ area, cnaes, others }: { area: Area; cnaes: Cnae[]; others: Area[] }) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <Breadcrumbs items={crumbs(area)} />
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{area.title}</h1>
          {area.headline && <p className="mt-5 max-w-2xl text-lg text-slate-700">{area.headline}</p>}
          <a href={SIGNUP_LINKS.open} className={buttonClass('primary', 'mt-8 px-6 py-3 text-base')}>
            Abrir minha empresa
          </a>
        </Container>
      </section>

      {area.benefits.length > 0 && (
        <Container className="py-12">
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {area.benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-xl border border-slate-200 p-5">
                <h2 className="font-semibold text-slate-900">{benefit.title}</h2>
                <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      )}

      <Container className="grid gap-12 pb-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Prose html={area.html} />
        <aside className="space-y-6">
          {cnaes.length > 0 && (
            <div className="rounded-xl border border-slate-200 p-5">
              <h2 className="font-semibold text-slate-900">Atividades (CNAE) mais usadas</h2>
              <ul className="mt-3 space-y-3 text-sm">
                {cnaes.map((cnae) => (
                  <li key={cnae.code}>
                    <a href={cnaePath(cnae.code, cnae.text)} className="font-medium text-brand-700 hover:underline">
                      {cnae.formatted}
                    </a>
                    <span className="block text-slate-600">{cnae.text}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {others.length > 0 && (
            <nav aria-label="Outras profissões" className="rounded-xl border border-slate-200 p-5">
              <h2 className="font-semibold text-slate-900">Outras profissões</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {others.map((other) => (
                  <li key={other.slug}>
                    <a href={`/areas/${other.slug}`} className="text-brand-700 hover:underline">
                      Contabilidade para {other.profession}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </aside>
      </Container>

      <Container className="grid gap-10 pb-16 lg:grid-cols-2">
        <FaqList items={area.faq} />
        <div className="lg:pt-14">
          <LeadForm source={`/areas/${area.slug}`} title={`Contabilidade para ${area.profession}: fale com a gente`} />
        </div>
      </Container>
    </>
  );
}
