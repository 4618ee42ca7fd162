import type { Landing } from '../content';
import type { PageMeta } from '../document';
import { LeadForm } from '../lead-form';
import { breadcrumbJsonLd, faqJsonLd } from '../seo';
import type { Crumb } from '../ui';
import { Breadcrumbs, Container, FaqList, Prose, calendarDay } from '../ui';

/** The income-tax landing pages by year: `/lp/irpf/{year}` reads the story `lp/irpf-{year}`. */
export const IRPF_YEARS = ['2024', '2025'] as const;

const path = (landing: Landing) => `/lp/irpf/${landing.year}`;

const crumbs = (landing: Landing): Crumb[] => [
  { name: 'Início', path: '/' },
  { name: `Imposto de Renda ${landing.year}`, path: path(landing) },
];

export function landingMeta(landing: Landing, publicUrl: string): PageMeta {
  return {
    title: `${landing.title} | Contábil`,
    description: landing.description,
    path: path(landing),
    updatedAt: landing.updatedAt,
    jsonLd: [breadcrumbJsonLd(publicUrl, crumbs(landing)), ...(landing.faq.length ? [faqJsonLd(landing.faq)] : [])],
  };
}

/** Whether a declaration period is over, running or still to come, on `today` (YYYY-MM-DD in São Paulo). */
function periodState(landing: Landing, today: string): 'before' | 'open' | 'closed' {
  if (today < landing.deadlineStart) return 'before';
  return today <= landing.deadlineEnd ? 'open' : 'closed';
}

export function LandingPage({ landing, today }: { landing: Landing; today: string }) {
  const state = periodState(landing, today);
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <Breadcrumbs items={crumbs(landing)} />
          <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-700">
            Declaração {landing.year} · ano-base {landing.baseYear}
          </p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{landing.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">{landing.description}</p>
          <p
            className={`mt-6 inline-block rounded-lg px-4 py-2 text-sm font-medium ${state === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800'}`}
          >
            {state === 'closed' && (
              <>
                O prazo terminou em {calendarDay(landing.deadlineEnd)}. Quem não entregou ainda deve declarar o quanto antes: a
                multa cresce a cada mês.
              </>
            )}
            {state === 'open' && (
              <>
                Prazo aberto: de {calendarDay(landing.deadlineStart)} a {calendarDay(landing.deadlineEnd)}.
              </>
            )}
            {state === 'before' && (
              <>
                O prazo vai de {calendarDay(landing.deadlineStart)} a {calendarDay(landing.deadlineEnd)}.
              </>
            )}
          </p>
        </Container>
      </section>

      {landing.facts.length > 0 && (
        <section aria-labelledby="numeros" className="py-12">
          <Container>
            <h2 id="numeros" className="text-2xl font-bold text-slate-900">
              Os números de {landing.year}
            </h2>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {landing.facts.map((fact) => (
                <div key={fact.label} className="rounded-xl border border-slate-200 p-5">
                  <dt className="text-sm text-slate-600">{fact.label}</dt>
                  <dd className="mt-1 text-xl font-bold text-slate-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </Container>
        </section>
      )}

      <Container className="grid gap-12 pb-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Prose html={landing.html} />
        <aside className="space-y-6">
          {landing.refundBatches.length > 0 && (
            <div className="rounded-xl border border-slate-200 p-5">
              <h2 className="font-semibold text-slate-900">Lotes de restituição</h2>
              <ol className="mt-3 space-y-1 text-sm text-slate-700">
                {landing.refundBatches.map((day, i) => (
                  <li key={day}>
                    {i + 1}º lote: {calendarDay(day)}
                  </li>
                ))}
              </ol>
            </div>
          )}
          <LeadForm source={path(landing)} title="Quer ajuda com a sua declaração?" />
        </aside>
      </Container>

      <Container className="pb-16">
        <FaqList items={landing.faq} />
      </Container>
    </>
  );
}
