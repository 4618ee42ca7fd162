import { PLANS, formatMoney, SIGNUP_LINKS } from '@domain';
import type { HomeContent, PostSummary } from '../content';
import type { PageMeta } from '../document';
import { LeadForm } from '../lead-form';
import { organizationJsonLd, faqJsonLd } from '../seo';
import { Container, FaqList, NumberedSteps, SectionTitle, buttonClass } from '../ui';
import { PostCard } from './blog';

export const HOME_TITLE = 'Reimagine o controle da sua empresa';
export const HOME_DESCRIPTION = 'Contabilidade sem burocracia, rápida e segura, tudo resolvido online pelo melhor preço.';

const HOW_IT_WORKS = [
  {
    title: 'Conte sobre o seu negócio',
    text: 'Responda algumas perguntas online: atividade, sócios e endereço. Leva poucos minutos.',
  },
  {
    title: 'Nós cuidamos da burocracia',
    text: 'Nossa equipe contábil registra ou transfere sua empresa e acompanha cada etapa com você.',
  },
  {
    title: 'Tudo em um só lugar',
    text: 'Notas fiscais, impostos, extratos e documentos organizados no seu painel.',
  },
];

export function homeMeta(content: HomeContent | null, publicUrl: string): PageMeta {
  return {
    title: `${HOME_TITLE} | Contábil`,
    description: HOME_DESCRIPTION,
    path: '/',
    jsonLd: [organizationJsonLd(publicUrl), ...(content?.faq.length ? [faqJsonLd(content.faq)] : [])],
  };
}

export function HomePage({ content, posts }: { content: HomeContent | null; posts: PostSummary[] }) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              Contabilidade online para MEI, ME e EPP
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{HOME_TITLE}</h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">{HOME_DESCRIPTION}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={SIGNUP_LINKS.open} className={buttonClass('primary', 'px-6 py-3 text-base')}>
                Abrir minha empresa
              </a>
              <a href={SIGNUP_LINKS.migrate} className={buttonClass('secondary', 'px-6 py-3 text-base')}>
                Trocar de contador
              </a>
            </div>
            <ul className="mt-8 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              {[
                'Sem fidelidade',
                'Contador dedicado à sua empresa',
                'Abertura acompanhada passo a passo',
                'Notas fiscais pelo painel',
              ].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <span aria-hidden="true" className="text-brand-700">
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div aria-hidden="true" className="hidden rounded-2xl border border-brand-100 bg-white p-6 shadow-sm lg:block">
            <p className="text-sm font-semibold text-slate-900">Seu painel</p>
            <div className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div className="rounded-xl bg-brand-50 p-4">
                <p className="text-slate-600">Faturamento no ano</p>
                <p className="mt-1 text-xl font-bold text-slate-900">R$ 48.750,00</p>
              </div>
              <div className="rounded-xl bg-slate-50 p-4">
                <p className="text-slate-600">Próximo DAS</p>
                <p className="mt-1 text-xl font-bold text-slate-900">dia 20</p>
              </div>
            </div>
            <div className="mt-4 flex h-28 items-end gap-2">
              {[40, 55, 35, 70, 60, 85, 75, 90].map((h, i) => (
                <span key={i} className="flex-1 rounded-t bg-brand-600/80" style={{ height: `${h}%` }} />
              ))}
            </div>
          </div>
        </Container>
      </section>

      {content && content.services.length > 0 && (
        <section aria-labelledby="servicos" className="py-16">
          <Container>
            <SectionTitle id="servicos" intro="Da abertura ao dia a dia: a contabilidade da sua empresa, sem papelada.">
              O que fazemos por você
            </SectionTitle>
            <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {content.services.map((service) => (
                <li key={service.title} className="rounded-xl border border-slate-200 p-6">
                  <h3 className="font-semibold text-slate-900">
                    {service.href ? (
                      <a href={service.href} className="hover:text-brand-700">
                        {service.title}
                      </a>
                    ) : (
                      service.title
                    )}
                  </h3>
                  <p className="mt-2 text-sm text-slate-600">{service.text}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}

      <section aria-labelledby="como-funciona" className="bg-slate-50 py-16">
        <Container>
          <SectionTitle id="como-funciona">Como funciona</SectionTitle>
          <NumberedSteps steps={HOW_IT_WORKS} className="sm:grid-cols-3" />
        </Container>
      </section>

      <section aria-labelledby="planos" className="py-16">
        <Container>
          <SectionTitle id="planos" intro="Preço fixo por mês, sem taxa de adesão e sem fidelidade.">
            Planos
          </SectionTitle>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {PLANS.map((plan, i) => (
              <article
                key={plan.id}
                className={`flex flex-col rounded-2xl border p-6 ${i === 1 ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-slate-200'}`}
              >
                <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{plan.description}</p>
                <p className="mt-6 text-3xl font-bold text-slate-900">
                  {formatMoney(plan.priceCents)}
                  <span className="text-sm font-normal text-slate-600">/mês</span>
                </p>
                <a
                  href={plan.id === 'mei' ? SIGNUP_LINKS.open : SIGNUP_LINKS.migrate}
                  className={buttonClass(i === 1 ? 'primary' : 'secondary', 'mt-6')}
                  aria-label={`Começar com o plano ${plan.name}`}
                >
                  Começar
                </a>
              </article>
            ))}
          </div>
        </Container>
      </section>

      {content && content.testimonials.length > 0 && (
        <section aria-labelledby="depoimentos" className="bg-brand-900 py-16 text-white">
          <Container>
            <h2 id="depoimentos" className="text-2xl font-bold sm:text-3xl">
              Quem já simplificou a contabilidade
            </h2>
            <div
              className={`mt-8 grid gap-6 md:grid-cols-2 ${content.testimonials.length % 3 === 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}
            >
              {content.testimonials.map((t) => (
                <figure key={t.name} className="rounded-2xl bg-white/10 p-6">
                  <blockquote className="text-brand-50">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold">{t.name}</span>
                    <span className="text-brand-100">
                      {' '}
                      · {t.role}
                      {t.city && `, ${t.city}`}
                    </span>
                  </figcaption>
                </figure>
              ))}
            </div>
          </Container>
        </section>
      )}

      <Container className="grid gap-10 py-16 lg:grid-cols-2">
        <div>{content && <FaqList items={content.faq} />}</div>
        <div className="lg:pt-14">
          <LeadForm source="/" />
        </div>
      </Container>

      {posts.length > 0 && (
        <section aria-labelledby="do-blog" className="bg-slate-50 py-16">
          <Container>
            <div className="flex items-end justify-between gap-4">
              <SectionTitle id="do-blog">Do nosso blog</SectionTitle>
              <a href="/blog" className="text-sm font-semibold text-brand-700 hover:underline">
                Ver todos os artigos →
              </a>
            </div>
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {posts.map((post) => (
                <PostCard key={post.slug} post={post} />
              ))}
            </div>
          </Container>
        </section>
      )}
    </>
  );
}
