import type { DasPart, DasResult, SimplesTax, SimplesToolForm, SimplesToolFormField } from '@domain';
import { SIGNUP_LINKS, SIMPLES_NACIONAL_RULES, formatMoney, versionAt } from '@domain';
import type { ReactNode } from 'react';
import type { PageMeta } from '../document';
import { breadcrumbJsonLd } from '../seo';
import type { Crumb } from '../ui';
import { Breadcrumbs, Container, buttonClass } from '../ui';

export const SIMPLES_TOOL_PATH = '/tools/simples-nacional';
const CRUMBS: Crumb[] = [
  { name: 'Início', path: '/' },
  { name: 'Calculadora do Simples Nacional', path: SIMPLES_TOOL_PATH },
];

/** What the page shows: nothing asked yet, the fields to correct, or the DAS. */
export type SimplesToolOutcome =
  | { kind: 'empty' }
  | { kind: 'invalid'; fields: Partial<Record<SimplesToolFormField, string>> }
  | { kind: 'result'; das: DasResult; payroll12Cents?: number };

export function simplesToolMeta(asked: boolean, publicUrl: string): PageMeta {
  return {
    title: 'Calculadora do Simples Nacional: DAS com Fator R, passo a passo | Contábil',
    description:
      'Calcule o DAS do Simples Nacional como o PGDAS-D: RBT12, faixa, alíquota nominal e efetiva, Fator R entre os anexos III e V, exportação e cada imposto em reais.',
    path: SIMPLES_TOOL_PATH,
    // Each set of figures is its own address; the calculator itself is the page to index.
    noindex: asked,
    jsonLd: [breadcrumbJsonLd(publicUrl, CRUMBS)],
  };
}

const percent = (fraction: number, digits: number, roundingMode: 'halfExpand' | 'trunc' = 'halfExpand') =>
  `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: digits, roundingMode }).format(fraction * 100)} %`;
/** Hundredths of a percent (550) as "5,50 %". */
const share = (hundredths: number) => percent(hundredths / 10_000, 2);
const money = (cents: number) => formatMoney(cents);
const ordinal = (n: number) => `${n}ª`;

const TAX_NAMES: Record<SimplesTax, string> = {
  IRPJ: 'IRPJ',
  CSLL: 'CSLL',
  COFINS: 'Cofins',
  PIS: 'PIS/Pasep',
  CPP: 'CPP (INSS patronal)',
  IPI: 'IPI',
  ICMS: 'ICMS',
  ISS: 'ISS',
};

const ANNEX_OPTIONS: { value: string; label: string }[] = [
  { value: 'I', label: 'Anexo I — comércio' },
  { value: 'II', label: 'Anexo II — indústria' },
  { value: 'III', label: 'Anexo III — serviços (ex.: manutenção, agências de viagem, academias)' },
  { value: 'IV', label: 'Anexo IV — serviços (construção, limpeza, vigilância, advocacia)' },
  { value: 'V', label: 'Anexo V — serviços (ex.: auditoria, jornalismo, publicidade)' },
  { value: 'fator-r', label: 'III ou V, pelo Fator R (ex.: desenvolvimento de software, consultoria, engenharia)' },
];

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-500';

function Field({
  name,
  label,
  hint,
  form,
  errors,
  children,
}: {
  name: SimplesToolFormField;
  label: string;
  hint?: string;
  form: SimplesToolForm;
  errors: Partial<Record<SimplesToolFormField, string>>;
  children?: ReactNode;
}) {
  const error = errors[name];
  const described = [hint && `sn-${name}-hint`, error && `sn-${name}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={`sn-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children ?? (
        <input
          id={`sn-${name}`}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          defaultValue={form[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={inputClass}
        />
      )}
      {hint && (
        <p id={`sn-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`sn-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function CalculatorForm({
  form,
  errors,
  competence,
}: {
  form: SimplesToolForm;
  errors: Partial<Record<SimplesToolFormField, string>>;
  competence: string;
}) {
  const exportOpen = Boolean(form.exportRbt12 || form.exportRevenue || errors.exportRbt12 || errors.exportRevenue);
  return (
    <form action={SIMPLES_TOOL_PATH} method="get" aria-label="Calcular o DAS" noValidate className="space-y-5">
      <Field
        name="annex"
        label="Anexo da atividade"
        hint="Está na Consulta CNAE de cada atividade. Várias atividades em anexos diferentes: calcule cada receita no seu."
        form={form}
        errors={errors}
      >
        <select
          id="sn-annex"
          name="annex"
          defaultValue={form.annex ?? ''}
          aria-invalid={errors.annex ? true : undefined}
          aria-describedby={['sn-annex-hint', errors.annex && 'sn-annex-error'].filter(Boolean).join(' ')}
          className={inputClass}
        >
          <option value="" disabled>
            Escolha o anexo
          </option>
          {ANNEX_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="rbt12"
        label="Receita bruta dos últimos 12 meses (RBT12), em R$"
        hint="A soma do faturamento dos 12 meses antes do mês calculado (sem as exportações)."
        form={form}
        errors={errors}
      />
      <Field
        name="revenue"
        label="Receita do mês, em R$"
        hint="O faturamento no mercado interno do mês calculado."
        form={form}
        errors={errors}
      />
      <Field
        name="payroll12"
        label="Folha de salários dos últimos 12 meses, em R$ (opcional)"
        hint="Só para “III ou V, pelo Fator R”: salários, pró-labore, INSS patronal e FGTS dos 12 meses antes do mês calculado."
        form={form}
        errors={errors}
      />
      <details open={exportOpen} className="rounded-lg border border-slate-200 px-4 py-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">Exportação (opcional)</summary>
        <div className="mt-4 space-y-5">
          <Field
            name="exportRbt12"
            label="Receita de exportação dos últimos 12 meses, em R$"
            hint="As exportações têm RBT12 e faixa próprias, e não pagam Cofins, PIS, IPI, ICMS nem ISS."
            form={form}
            errors={errors}
          />
          <Field name="exportRevenue" label="Receita de exportação do mês, em R$" form={form} errors={errors} />
        </div>
      </details>
      <Field name="competence" label="Mês de apuração" hint="As tabelas em vigor nesse mês." form={form} errors={errors}>
        <input
          id="sn-competence"
          name="competence"
          type="month"
          min="2018-01"
          defaultValue={form.competence || competence}
          aria-invalid={errors.competence ? true : undefined}
          aria-describedby={['sn-competence-hint', errors.competence && 'sn-competence-error'].filter(Boolean).join(' ')}
          className={inputClass}
        />
      </Field>
      <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')}>
        Calcular o DAS
      </button>
    </form>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

const PART_TITLES: Record<DasPart['kind'], string> = {
  internal: 'Mercado interno',
  issWithheld: 'Receita com ISS retido',
  export: 'Exportação',
};

/** One line of revenue worked out as the PGDAS-D does: bracket, rates, and each tax with its share. */
function PartCalculation({ part, das }: { part: DasPart; das: DasResult }) {
  const rules = versionAt(SIMPLES_NACIONAL_RULES, das.competence).value;
  const brackets = rules.annexes[part.annex];
  const bracket = brackets[part.bracket - 1];
  const floor = part.bracket === 1 ? 0 : brackets[part.bracket - 2].ceilingCents + 1;
  const effective = percent(part.effectiveRate, 4);
  const headingId = `parte-${part.kind}`;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {PART_TITLES[part.kind]}: {money(part.totalCents)}
      </h3>
      <dl className="mt-2 divide-y divide-slate-100">
        <Row term="Receita do mês">{money(part.revenueCents)}</Row>
        <Row term={part.kind === 'export' ? 'RBT12 das exportações' : 'RBT12'}>{money(part.rbt12Cents)}</Row>
        <Row term="Faixa">
          {ordinal(part.bracket)} faixa do Anexo {part.annex}: {part.bracket === 1 ? 'até' : `de ${money(floor)} até`}{' '}
          {money(bracket.ceilingCents)}
        </Row>
        <Row term="Alíquota nominal">{share(bracket.nominalRate)}</Row>
        <Row term="Parcela a deduzir">{money(bracket.deductionCents)}</Row>
        <Row term="Alíquota efetiva">
          {part.rbt12Cents === 0 ? (
            <>{effective}: sem receita nos 12 meses anteriores, vale a alíquota nominal da 1ª faixa.</>
          ) : (
            <>
              (RBT12 × alíquota nominal − parcela a deduzir) ÷ RBT12 = ({money(part.rbt12Cents)} × {share(bracket.nominalRate)} −{' '}
              {money(bracket.deductionCents)}) ÷ {money(part.rbt12Cents)} = <strong>{effective}</strong>
            </>
          )}
        </Row>
      </dl>
      {part.issCapped && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          O ISS passaria de 5 % da receita: fica em 5 % e a diferença vai para os tributos federais (LC 123/2006, art. 18, §
          1º-B).
        </p>
      )}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Cada tributo de {PART_TITLES[part.kind].toLowerCase()}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Tributo
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Cálculo
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Valor
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(Object.entries(part.taxes) as [SimplesTax, number][]).map(([tax, cents]) => (
              <tr key={tax}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {TAX_NAMES[tax]}
                </th>
                <td className="py-2 pr-3 text-slate-700">
                  {part.issCapped
                    ? tax === 'ISS'
                      ? `${money(part.revenueCents)} × 5,00 %`
                      : 'parte da diferença acima dos 5 % do ISS'
                    : `${money(part.revenueCents)} × ${effective} × ${share(bracket.shares[tax] ?? 0)}`}
                </td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">{money(cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200">
              <th scope="row" colSpan={2} className="py-2 pr-3 font-semibold text-slate-900">
                Soma dos tributos, cada um arredondado ao centavo
              </th>
              <td className="whitespace-nowrap py-2 text-right font-semibold tabular-nums text-slate-900">
                {money(part.totalCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** Why the annex is the one used: chosen, or the Fator R's comparison with 28 %. */
function AnnexReason({ das, payroll12Cents }: { das: DasResult; payroll12Cents?: number }) {
  if (das.fatorR === null || payroll12Cents === undefined) return <>Anexo {das.annex}, o escolhido.</>;
  const threshold = versionAt(SIMPLES_NACIONAL_RULES, das.competence).value.fatorRThreshold;
  const reaches = das.annex === 'III';
  const revenue12 = das.parts.filter((part) => part.kind !== 'issWithheld').reduce((sum, part) => sum + part.rbt12Cents, 0);
  return (
    <>
      Anexo {das.annex}, pelo Fator R: folha de salários de 12 meses ÷ receita de 12 meses (com as exportações) ={' '}
      {money(payroll12Cents)} ÷ {money(revenue12)} = <strong>{percent(das.fatorR, 4, 'trunc')}</strong>,{' '}
      {reaches ? 'igual ou acima de' : 'abaixo de'} {share(threshold)}. Com {share(threshold)} ou mais a atividade paga pelo Anexo
      III; abaixo, pelo Anexo V (LC 123/2006, art. 18, §§ 5º-J e 5º-M).
    </>
  );
}

function Result({ das, payroll12Cents }: { das: DasResult; payroll12Cents?: number }) {
  const [year, month] = das.competence.split('-');
  return (
    <section aria-labelledby="resultado" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="resultado" className="text-2xl font-bold tracking-tight text-slate-900">
        DAS de {month}/{year}: <span className="text-brand-700">{money(das.totalCents)}</span>
      </h2>
      <dl className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
        <Row term="Anexo usado">
          <AnnexReason das={das} payroll12Cents={payroll12Cents} />
        </Row>
        {das.outsideDas.length > 0 && (
          <Row term="Sublimite">
            RBT12 acima de R$ 3.600.000,00: o {das.outsideDas.join(' e o ')} é pago fora do DAS, direto ao{' '}
            {das.outsideDas.includes('ICMS') ? 'estado' : 'município'}.
          </Row>
        )}
      </dl>
      {das.parts.map((part) => (
        <PartCalculation key={part.kind} part={part} das={das} />
      ))}
      {das.parts.length > 1 && (
        <p className="mt-6 text-lg font-semibold text-slate-900">
          Total do DAS: {das.parts.map((part) => money(part.totalCents)).join(' + ')} = {money(das.totalCents)}
        </p>
      )}
      <p className="mt-6 text-xs text-slate-600">Tabelas: {das.source}.</p>
    </section>
  );
}

/** `/tools/simples-nacional`: the DAS of a month, line by line; a GET form, complete without any script. */
export function SimplesNacionalToolPage({
  form,
  outcome,
  competence,
}: {
  form: SimplesToolForm;
  outcome: SimplesToolOutcome;
  competence: string;
}) {
  const errors = outcome.kind === 'invalid' ? outcome.fields : {};
  return (
    <Container className="py-12">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Calculadora do Simples Nacional</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        O DAS do mês calculado como o PGDAS-D da Receita calcula: a faixa pela receita dos últimos 12 meses, a alíquota efetiva, o
        Fator R entre os anexos III e V, as exportações à parte e cada imposto em reais.
      </p>
      {/* minmax(0, …) and min-w-0: the long option labels and the taxes' table must not widen a phone's page. */}
      <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="min-w-0">
          <CalculatorForm form={form} errors={errors} competence={competence} />
        </div>
        <div className="min-w-0">
          {outcome.kind === 'result' && <Result das={outcome.das} payroll12Cents={outcome.payroll12Cents} />}
          {outcome.kind === 'invalid' && (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
              Corrija {Object.keys(errors).length === 1 ? 'o campo indicado' : 'os campos indicados'} para ver o cálculo.
            </p>
          )}
          {outcome.kind === 'empty' && (
            <div className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
              <p className="font-semibold text-slate-900">Preencha o anexo, a receita dos últimos 12 meses e a do mês.</p>
              <p className="mt-2">
                Mostramos cada passo: a faixa, a alíquota nominal, a parcela a deduzir, a alíquota efetiva com a conta feita e o
                valor de cada tributo, somados como no DAS.
              </p>
              <p className="mt-2">
                Um exemplo do Manual do PGDAS-D:{' '}
                <a
                  href={`${SIMPLES_TOOL_PATH}?annex=III&rbt12=500.000,00&revenue=10.000,00`}
                  className="font-semibold text-brand-700 underline"
                >
                  Anexo III, RBT12 de R$ 500.000,00 e R$ 10.000,00 no mês
                </a>
                .
              </p>
            </div>
          )}
          <p className="mt-6 text-sm text-slate-600">
            Cálculo de referência. Não separa receitas com ICMS por substituição tributária, PIS e Cofins monofásicos ou ISS
            retido, nem aplica as regras do primeiro ano de atividade: para isso, fale com nosso contador.
          </p>
          <div className="mt-6 rounded-2xl bg-brand-900 p-6 text-white">
            <p className="text-lg font-semibold">Quer o DAS calculado e entregue todo mês?</p>
            <p className="mt-2 text-sm text-brand-100">
              Calculamos pelas suas notas, avisamos o vencimento e mostramos a conta no seu painel.
            </p>
            <a href={SIGNUP_LINKS.migrate} className={buttonClass('light', 'mt-4')}>
              Trocar de contador
            </a>
          </div>
        </div>
      </div>
    </Container>
  );
}
