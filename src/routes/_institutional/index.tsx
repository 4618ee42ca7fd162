import { Link, createFileRoute } from '@tanstack/react-router';
import { PLANS, formatMoney } from '../../../domain';
import { buttonClass } from '../../components/ui/Button';

export const Route = createFileRoute('/_institutional/')({
  component: HomePage,
});

const STEPS = [
  {
    title: 'Conte sobre o seu negócio',
    text: 'Responda algumas perguntas online: atividade, sócios e endereço. Leva poucos minutos.',
  },
  {
    title: 'Nós cuidamos da burocracia',
    text: 'Nossa equipe contábil registra ou transfere sua empresa e acompanha cada etapa com você.',
  },
  { title: 'Tudo em um só lugar', text: 'Notas fiscais, impostos, extratos e documentos organizados no seu painel.' },
];

function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Reimagine o controle da sua empresa
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            Contabilidade sem burocracia, rápida e segura, tudo resolvido online pelo melhor preço.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/app/login"
              search={{ mode: 'signup', track: 'create-company' }}
              className={buttonClass('primary', 'px-6 py-3 text-base')}
            >
              Abrir minha empresa
            </Link>
            <Link
              to="/app/login"
              search={{ mode: 'signup', track: 'migrate-company' }}
              className={buttonClass('secondary', 'px-6 py-3 text-base')}
            >
              Trocar de contador
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="como-funciona">
        <h2 id="como-funciona" className="text-2xl font-bold text-slate-900">
          Como funciona
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-6">
              <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-50" aria-labelledby="planos">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="planos" className="text-2xl font-bold text-slate-900">
            Planos
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-3">
            {PLANS.map((plan) => (
              <article key={plan.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{plan.description}</p>
                <p className="mt-6 text-3xl font-bold text-slate-900">
                  {formatMoney(plan.priceCents)}
                  <span className="text-sm font-normal text-slate-500">/mês</span>
                </p>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
