import type { CityPageKind } from '@domain';
import { JUNTA_COMERCIAL, PLANS, cityPath, formatMoney, inCity, ofCity, ofState, SIGNUP_LINKS } from '@domain';
import type { City } from '../data';
import type { PageMeta } from '../document';
import { LeadForm } from '../lead-form';
import { breadcrumbJsonLd, faqJsonLd, localServiceJsonLd } from '../seo';
import type { Crumb } from '../ui';
import { Breadcrumbs, Container, FaqList, SectionTitle, buttonClass } from '../ui';

/** "São Paulo (SP)". */
const place = (city: City) => `${city.name} (${city.state})`;

/** "Contabilidade no Rio de Janeiro (RJ)": each city with its own preposition (`CITY_ARTICLE`). */
function heading(kind: CityPageKind, city: City) {
  return `${kind === 'contabilidade' ? 'Contabilidade' : 'Contador'} ${inCity(city, place(city))}`;
}

function description(kind: CityPageKind, city: City) {
  return kind === 'contabilidade'
    ? `Contabilidade online para empresas ${ofCity(city, place(city))}: abertura de empresa, MEI, impostos e notas fiscais, a partir de ${formatMoney(PLANS[0].priceCents)} por mês.`
    : `Contador online para MEI, ME e EPP ${inCity(city, place(city))}: troque de contador ou abra sua empresa sem sair de casa, com preço fixo por mês.`;
}

const crumbs = (kind: CityPageKind, city: City): Crumb[] => [
  { name: 'Início', path: '/' },
  { name: heading(kind, city), path: cityPath(kind, city) },
];

function faq(kind: CityPageKind, city: City) {
  const junta = JUNTA_COMERCIAL[city.state];
  return [
    {
      question:
        kind === 'contabilidade'
          ? `Uma contabilidade online atende empresas ${ofCity(city)}?`
          : `Preciso de um contador que fique ${inCity(city)}?`,
      answer: `Não é preciso ir a um escritório. Registro na ${junta}, CNPJ, inscrição municipal ${inCity(city)}, impostos e notas fiscais são feitos pela internet, e você fala com o seu contador pelo painel sempre que precisar.`,
    },
    {
      question: `Quanto custa a contabilidade para uma empresa ${inCity(city)}?`,
      answer: `Os planos têm preço fixo por mês: ${PLANS.map((plan) => `${plan.name} por ${formatMoney(plan.priceCents)}`).join(', ')}. Não cobramos taxa de adesão nem fidelidade.`,
    },
    {
      question: `Como abrir uma empresa ${inCity(city)}?`,
      answer: `Você responde às perguntas do nosso cadastro online (atividade, sócios, endereço) e nossa equipe cuida do registro na ${junta}, da inscrição no CNPJ e da inscrição e licenças na prefeitura ${ofCity(city)}, acompanhando cada etapa com você.`,
    },
    {
      question: 'Posso trocar de contador no meio do ano?',
      answer:
        'Sim. Você informa o CNPJ e o contador atual; nós pedimos a documentação ao escritório anterior (balanço, livros, folha e acessos) e assumimos a partir do mês combinado, sem a empresa ficar descoberta.',
    },
  ];
}

export function cityMeta(kind: CityPageKind, city: City, publicUrl: string): PageMeta {
  const path = cityPath(kind, city);
  return {
    title: `${heading(kind, city)} | Contábil`,
    description: description(kind, city),
    path,
    jsonLd: [
      localServiceJsonLd(publicUrl, path, { ibgeCode: city.ibgeCode, name: city.name, state: city.stateName }),
      breadcrumbJsonLd(publicUrl, crumbs(kind, city)),
      faqJsonLd(faq(kind, city)),
    ],
  };
}

/** `/contabilidade-em/{city}-{uf}` and `/contador-em/{city}-{uf}`: one page per municipality, each kind its own angle. */
export function CityPage({ kind, city, neighbours }: { kind: CityPageKind; city: City; neighbours: City[] }) {
  const junta = JUNTA_COMERCIAL[city.state];
  const other: CityPageKind = kind === 'contabilidade' ? 'contador' : 'contabilidade';
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <Breadcrumbs items={crumbs(kind, city)} />
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{heading(kind, city)}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            {kind === 'contabilidade'
              ? `Abra sua empresa, emita notas fiscais e mantenha os impostos em dia ${inCity(city)} sem sair de casa: uma equipe contábil cuida de tudo pela internet.`
              : `Um contador dedicado à sua empresa ${inCity(city)}, com atendimento online, preço fixo e tudo organizado em um só painel.`}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={SIGNUP_LINKS.open} className={buttonClass('primary', 'px-6 py-3 text-base')}>
              Abrir empresa {inCity(city)}
            </a>
            <a href={SIGNUP_LINKS.migrate} className={buttonClass('secondary', 'px-6 py-3 text-base')}>
              Trocar de contador
            </a>
          </div>
        </Container>
      </section>

      <Container className="grid gap-12 py-14 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-10">
          <section aria-labelledby="abrir">
            <SectionTitle id="abrir">Como abrir uma empresa {inCity(city)}</SectionTitle>
            <ol className="mt-5 space-y-4 text-slate-700">
              <li>
                <strong className="text-slate-900">Registro na {junta}.</strong> A Junta Comercial do estado {ofState(city)}{' '}
                registra o contrato social (ou o requerimento de empresário) — o MEI é registrado direto no Portal do
                Empreendedor.
              </li>
              <li>
                <strong className="text-slate-900">CNPJ na Receita Federal.</strong> A inscrição sai junto com o registro, pela
                integração da Redesim.
              </li>
              <li>
                <strong className="text-slate-900">Inscrição municipal e alvará {inCity(city)}.</strong> Para prestar serviços e
                emitir nota fiscal de serviço (NFS-e), a empresa se inscreve na prefeitura, que também define a alíquota do ISS
                (de 2 % a 5 %, conforme a atividade).
              </li>
              <li>
                <strong className="text-slate-900">Regime de impostos.</strong> Escolhemos com você entre MEI, Simples Nacional e
                lucro presumido, conforme a atividade e o faturamento esperado.
              </li>
            </ol>
            <p className="mt-4 text-slate-700">
              Nós cuidamos de cada etapa e você acompanha tudo pelo painel. Veja o passo a passo completo em{' '}
              <a href="/abrir-empresa" className="text-brand-700 underline">
                abrir empresa
              </a>
              .
            </p>
          </section>

          <section aria-labelledby="servicos">
            <SectionTitle id="servicos">O que a Contábil faz pela sua empresa {inCity(city)}</SectionTitle>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2">
              {[
                [
                  'Impostos em dia',
                  'Cálculo e guias do Simples Nacional (DAS), do MEI e dos demais tributos, com aviso antes do vencimento.',
                ],
                [
                  'Notas fiscais',
                  `Você pede a nota de serviço pelo painel e nós emitimos no padrão da prefeitura ${ofCity(city)}.`,
                ],
                ['Extratos e conciliação', 'Envie o extrato do banco e veja receitas e despesas classificadas por categoria.'],
                ['Pró-labore e folha', 'Pró-labore dos sócios e, no plano Completo, folha de pagamento e eSocial.'],
              ].map(([title, text]) => (
                <li key={title} className="rounded-xl border border-slate-200 p-5">
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="planos">
            <SectionTitle id="planos">Planos</SectionTitle>
            <ul className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {PLANS.map((plan) => (
                <li key={plan.id} className="flex flex-wrap items-center justify-between gap-3 p-5">
                  <div className="max-w-md">
                    <h3 className="font-semibold text-slate-900">{plan.name}</h3>
                    <p className="text-sm text-slate-600">{plan.description}</p>
                  </div>
                  <p className="text-xl font-bold text-slate-900">
                    {formatMoney(plan.priceCents)}
                    <span className="text-sm font-normal text-slate-600">/mês</span>
                  </p>
                </li>
              ))}
            </ul>
          </section>

          <FaqList items={faq(kind, city)} />
        </div>

        <aside className="space-y-6">
          <LeadForm source={cityPath(kind, city)} title={`Fale com um contador sobre sua empresa ${inCity(city)}`} />
          <div
            data-island="city-search"
            data-base={kind === 'contabilidade' ? '/contabilidade-em' : '/contador-em'}
            className="rounded-xl border border-slate-200 p-5"
          >
            <label htmlFor="city-q" className="font-semibold text-slate-900">
              Procurar outra cidade
            </label>
            <input
              id="city-q"
              type="search"
              autoComplete="off"
              placeholder="Digite o nome da cidade"
              className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600"
            />
            <ul aria-label="Cidades encontradas" aria-live="polite" className="mt-2 space-y-1 empty:hidden" />
          </div>
          <nav aria-label="Outras cidades" className="rounded-xl border border-slate-200 p-5">
            <h2 className="font-semibold text-slate-900">
              {neighbours.every((n) => n.state === city.state) ? `Outras cidades ${ofState(city)}` : 'Outras capitais'}
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {neighbours.map((neighbour) => (
                <li key={neighbour.ibgeCode}>
                  <a href={cityPath(kind, neighbour)} className="text-brand-700 hover:underline">
                    {neighbour.name}
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm">
              <a href={cityPath(other, city)} className="text-brand-700 hover:underline">
                {heading(other, city)}
              </a>
            </p>
          </nav>
        </aside>
      </Container>
    </>
  );
}
