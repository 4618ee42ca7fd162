import type { Cnae } from '@domain';
import { CNAE_SEARCH_MAX_LENGTH, PAGE_SIZE, cnaePath, cnaeTaxNotes, SIGNUP_LINKS } from '@domain';
import type { CnaeDetail } from '../data';
import type { PageMeta } from '../document';
import { breadcrumbJsonLd } from '../seo';
import type { Crumb } from '../ui';
import { Breadcrumbs, Container, Pager, buttonClass } from '../ui';

const TOOL: Crumb = { name: 'Consulta CNAE', path: '/tools/cnae' };
const HOME: Crumb = { name: 'Início', path: '/' };

/** One result; `src/site/islands/cnae-search.ts` draws the same markup for results found as the visitor types. */
export function CnaeResult({ cnae }: { cnae: Cnae }) {
  return (
    <li className="flex items-start justify-between gap-4 px-5 py-4">
      <a href={cnaePath(cnae.code, cnae.text)} className="group min-w-0">
        <span className="block font-mono text-sm font-semibold text-brand-700">{cnae.formatted}</span>
        <span className="block text-slate-900 group-hover:underline">{cnae.text}</span>
      </a>
      {cnae.isAllowedMei && (
        <span className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">MEI</span>
      )}
    </li>
  );
}

export function cnaeSearchMeta(query: string, page: number): PageMeta {
  return {
    title: query
      ? `CNAE “${query}”: resultados da consulta | Contábil`
      : 'Consulta CNAE: encontre o código da sua atividade | Contábil',
    description:
      'Pesquise os 1.331 códigos CNAE 2.3 por palavra ou número, veja a hierarquia, se a atividade pode ser MEI e observações de tributação.',
    path: '/tools/cnae',
    // The search results are many pages of the same thing; the tool itself is the page to index.
    noindex: Boolean(query) || page > 1,
  };
}

export function CnaeSearchPage({
  query,
  page,
  results,
  cut = false,
}: {
  query: string;
  page: number;
  results: { data: Cnae[]; total: number } | null;
  /** The text asked was longer than a search takes: only its beginning was searched. */
  cut?: boolean;
}) {
  const pages = results ? Math.ceil(results.total / PAGE_SIZE.cnaeSearch) : 0;
  return (
    <Container className="py-12">
      <Breadcrumbs items={[HOME, TOOL]} />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Consulta CNAE</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Encontre o código da atividade da sua empresa na tabela CNAE 2.3 do IBGE: busque por palavras (com ou sem acento) ou pelo
        número, com ou sem pontuação.
      </p>
      <form role="search" action="/tools/cnae" method="get" className="mt-8 max-w-2xl" data-island="cnae-search">
        <label htmlFor="cnae-q" className="block text-sm font-medium text-slate-800">
          Atividade ou código
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="cnae-q"
            name="q"
            type="search"
            defaultValue={query}
            autoComplete="off"
            maxLength={CNAE_SEARCH_MAX_LENGTH}
            placeholder="Ex.: contabilidade, cabeleireiro, 6201-5/01"
            aria-controls="cnae-results"
            className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600"
          />
          <button type="submit" className={buttonClass('primary')}>
            Buscar
          </button>
        </div>
      </form>
      <div className="mt-8 max-w-3xl" aria-live="polite" data-cnae-output>
        <p className="text-sm text-slate-600" data-cnae-status>
          {results
            ? results.total === 0
              ? `Nenhuma atividade encontrada para “${query}”. Tente outra palavra ou o número do código.`
              : `${results.total} ${results.total === 1 ? 'atividade encontrada' : 'atividades encontradas'}`
            : 'Digite ao menos duas letras ou parte do código.'}
          {cut && <span className="block">A busca considerou só os primeiros {CNAE_SEARCH_MAX_LENGTH} caracteres do texto.</span>}
        </p>
        <ul id="cnae-results" className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 empty:hidden">
          {results?.data.map((cnae) => (
            <CnaeResult key={cnae.code} cnae={cnae} />
          ))}
        </ul>
        <div data-cnae-pager>
          <Pager
            page={page}
            pages={pages}
            hrefOf={(p) => `/tools/cnae?q=${encodeURIComponent(query)}${p > 1 ? `&page=${p}` : ''}`}
          />
        </div>
      </div>
    </Container>
  );
}

const detailCrumbs = (cnae: Cnae): Crumb[] => [HOME, TOOL, { name: cnae.formatted, path: cnaePath(cnae.code, cnae.text) }];

export function cnaeDetailMeta({ cnae, occupations }: CnaeDetail, publicUrl: string): PageMeta {
  const mei = cnae.isAllowedMei
    ? `Permitida para MEI (${occupations.length} ${occupations.length === 1 ? 'ocupação' : 'ocupações'}).`
    : 'Não permitida para MEI.';
  return {
    title: `CNAE ${cnae.formatted} – ${cnae.text} | Contábil`,
    description: `CNAE ${cnae.formatted}: ${cnae.text}. ${mei} Hierarquia, tributação e atividades da subclasse.`.slice(0, 300),
    path: cnaePath(cnae.code, cnae.text),
    jsonLd: [breadcrumbJsonLd(publicUrl, detailCrumbs(cnae))],
  };
}

function Level({ label, code, text }: { label: string; code: string; text: string }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">
        <span className="font-mono text-sm text-slate-600">{code}</span> {text}
      </dd>
    </div>
  );
}

/** `/tools/cnae/{code}-{text}`: a subclass with its hierarchy, MEI and tax notes, and activities. */
export function CnaeDetailPage({ detail }: { detail: CnaeDetail }) {
  const { cnae, occupations, siblings } = detail;
  const { hierarchy } = cnae;
  const tax = cnaeTaxNotes(cnae);
  return (
    <Container className="py-12">
      <Breadcrumbs items={detailCrumbs(cnae)} />
      <p className="mt-6 font-mono text-sm font-semibold text-brand-700">CNAE {cnae.formatted}</p>
      <h1 className="mt-1 max-w-4xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{cnae.text}</h1>
      {!cnae.isActive && (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-amber-900">Esta subclasse não está ativa na versão atual.</p>
      )}

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-10">
          <section aria-labelledby="hierarquia">
            <h2 id="hierarquia" className="text-xl font-bold text-slate-900">
              Hierarquia
            </h2>
            <dl className="mt-3 divide-y divide-slate-100">
              <Level label="Seção" code={hierarchy.section.code} text={hierarchy.section.text} />
              <Level label="Divisão" code={hierarchy.division.code} text={hierarchy.division.text} />
              <Level label="Grupo" code={hierarchy.group.code} text={hierarchy.group.text} />
              <Level label="Classe" code={hierarchy.class.code} text={hierarchy.class.text} />
              <Level label="Subclasse" code={cnae.formatted} text={cnae.text} />
            </dl>
          </section>

          <section aria-labelledby="mei">
            <h2 id="mei" className="text-xl font-bold text-slate-900">
              Pode ser MEI?
            </h2>
            {cnae.isAllowedMei ? (
              <>
                <p className="mt-3 text-slate-700">
                  <strong className="text-emerald-800">Sim.</strong> Esta subclasse aparece na lista de ocupações permitidas ao
                  microempreendedor individual (Anexo XI da Resolução CGSN nº 140/2018):
                </p>
                <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
                  {occupations.map((occupation) => (
                    <li key={occupation.occupation} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                      <span className="text-slate-900">{occupation.occupation}</span>
                      <span className="text-xs text-slate-600">
                        DAS-MEI com{' '}
                        {[occupation.iss && 'ISS', occupation.icms && 'ICMS'].filter(Boolean).join(' e ') || 'só INSS'}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-3 text-slate-700">
                <strong className="text-slate-900">Não.</strong> Esta atividade não está entre as ocupações permitidas ao MEI. Ela
                pode ser exercida por uma microempresa (ME) ou empresa de pequeno porte (EPP), em geral no Simples Nacional.
              </p>
            )}
          </section>

          {(tax.annex || tax.rFactor !== null || cnae.obs) && (
            <section aria-labelledby="tributacao">
              <h2 id="tributacao" className="text-xl font-bold text-slate-900">
                Tributação no Simples Nacional
              </h2>
              <ul className="mt-3 space-y-2 text-slate-700">
                {tax.annex && (
                  <li>
                    Anexo <strong className="text-slate-900">{tax.annex}</strong> da LC 123/2006
                    {tax.basis && <span className="text-slate-600"> ({tax.basis})</span>}.
                  </li>
                )}
                {tax.rFactor === true && (
                  <li>
                    Sujeita ao <strong className="text-slate-900">Fator R</strong>: com folha de salários e pró-labore de 28 % ou
                    mais da receita dos últimos 12 meses, a empresa paga pelo Anexo III (a partir de 6 %); abaixo disso, pelo
                    Anexo V (a partir de 15,5 %).
                  </li>
                )}
                {tax.rFactor === false && <li>Não depende do Fator R.</li>}
                {cnae.obs && <li>{cnae.obs}</li>}
              </ul>
              <p className="mt-3 text-sm text-slate-600">
                Informação de referência: o enquadramento depende da atividade de fato exercida. Confirme com nosso contador.
              </p>
              <a
                href="/tools/simples-nacional"
                className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                Calcule o DAS do mês na Calculadora do Simples Nacional →
              </a>
            </section>
          )}

          {cnae.cnaeAllowedActivities.length > 0 && (
            <section aria-labelledby="compreende">
              <h2 id="compreende" className="text-xl font-bold text-slate-900">
                Esta subclasse compreende
              </h2>
              <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
                {cnae.cnaeAllowedActivities.map((activity) => (
                  <li key={activity}>{activity}</li>
                ))}
              </ul>
            </section>
          )}
          {cnae.cnaeNotAllowedActivities.length > 0 && (
            <section aria-labelledby="nao-compreende">
              <h2 id="nao-compreende" className="text-xl font-bold text-slate-900">
                Esta subclasse não compreende
              </h2>
              <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
                {cnae.cnaeNotAllowedActivities.map((activity) => (
                  <li key={activity}>{activity}</li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <aside className="space-y-6">
          <div className="rounded-2xl bg-brand-900 p-6 text-white">
            <p className="text-lg font-semibold">Vai abrir uma empresa com esta atividade?</p>
            <p className="mt-2 text-sm text-brand-100">Nós escolhemos os códigos certos com você e cuidamos do registro.</p>
            <a href={SIGNUP_LINKS.open} className={buttonClass('light', 'mt-4 w-full')}>
              Abrir minha empresa
            </a>
          </div>
          {siblings.length > 0 && (
            <nav aria-label="Outras subclasses da mesma classe" className="rounded-xl border border-slate-200 p-5">
              <h2 className="font-semibold text-slate-900">Outras subclasses da classe {hierarchy.class.code}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {siblings.map((sibling) => (
                  <li key={sibling.code}>
                    <a href={cnaePath(sibling.code, sibling.text)} className="text-brand-700 hover:underline">
                      {sibling.formatted}
                    </a>{' '}
                    <span className="text-slate-700">{sibling.text}</span>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <a href="/tools/cnae" className="block text-sm font-semibold text-brand-700 hover:underline">
            ← Nova consulta
          </a>
        </aside>
      </div>
    </Container>
  );
}
