import { SIGNUP_LINKS } from '@domain';
import type { JourneyContent, JourneySlug } from '../content';
import type { PageMeta } from '../document';
import { LeadForm } from '../lead-form';
import { breadcrumbJsonLd, faqJsonLd } from '../seo';
import { Breadcrumbs, Container, FaqList, NumberedSteps, SectionTitle, buttonClass } from '../ui';

const JOURNEY = {
  'abrir-empresa': { crumb: 'Abrir empresa', signup: SIGNUP_LINKS.open, cta: 'Abrir minha empresa' },
  'trocar-contador': { crumb: 'Trocar de contador', signup: SIGNUP_LINKS.migrate, cta: 'Trocar de contador agora' },
} as const;

export function journeyMeta(slug: JourneySlug, content: JourneyContent, publicUrl: string): PageMeta {
  const path = `/${slug}`;
  return {
    title: `${content.title} | Contábil`,
    description: content.description,
    path,
    jsonLd: [
      breadcrumbJsonLd(publicUrl, [
        { name: 'Início', path: '/' },
        { name: JOURNEY[slug].crumb, path },
      ]),
      ...(content.faq.length ? [faqJsonLd(content.faq)] : []),
    ],
  };
}

/** `/abrir-empresa` and `/trocar-contador`: the journey explained step by step, with the form and the signup. */
export function JourneyPage({ slug, content }: { slug: JourneySlug; content: JourneyContent }) {
  const journey = JOURNEY[slug];
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <Breadcrumbs
            items={[
              { name: 'Início', path: '/' },
              { name: journey.crumb, path: `/${slug}` },
            ]}
          />
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{content.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">{content.intro}</p>
          <a href={journey.signup} className={buttonClass('primary', 'mt-8 px-6 py-3 text-base')}>
            {journey.cta}
          </a>
        </Container>
      </section>

      <section aria-labelledby="passo-a-passo" className="py-14">
        <Container>
          <SectionTitle id="passo-a-passo">Passo a passo</SectionTitle>
          <NumberedSteps steps={content.steps} className="md:grid-cols-2 lg:grid-cols-3" />
        </Container>
      </section>

      {(content.documents.length > 0 || content.highlights.length > 0) && (
        <section className="bg-slate-50 py-14">
          <Container className="grid gap-10 lg:grid-cols-2">
            {content.documents.length > 0 && (
              <div>
                <h2 className="text-2xl font-bold text-slate-900">O que ter em mãos</h2>
                <ul className="mt-5 space-y-2 text-slate-700">
                  {content.documents.map((item) => (
                    <li key={item} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-700">
                        ✓
                      </span>
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {content.highlights.length > 0 && (
              <div>
                <h2 className="text-2xl font-bold text-slate-900">Por que com a Contábil</h2>
                <dl className="mt-5 space-y-4">
                  {content.highlights.map((item) => (
                    <div key={item.title}>
                      <dt className="font-semibold text-slate-900">{item.title}</dt>
                      <dd className="mt-1 text-slate-700">{item.text}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            )}
          </Container>
        </section>
      )}

      <Container className="grid gap-10 pb-16 lg:grid-cols-2">
        <FaqList items={content.faq} />
        <div className="lg:pt-14">
          <LeadForm source={`/${slug}`} />
        </div>
      </Container>
    </>
  );
}
