import type { ReactNode } from 'react';
import type { DasnSimeiPrefill, MonthSummary, Obligation, ObligationsAnswer, SimplesTax } from '@domain';
import { Link } from '@tanstack/react-router';
import { SIMPLES_TAXES, TAX_REMINDER_DAYS_BEFORE, fatorRAdvice, formatMoney, monthKey, saoPauloDate } from '@domain';
import { Badge } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { STATUS_TONE, TAX_LABEL, competenceBr, dateBr, obligationTitle, percentBr, statusLabel } from '@/features/taxes/labels';

/** The "Impostos" page once loaded (docs/taxes.md "The Impostos page"). */
export function TaxesOverview({ answer }: { answer: ObligationsAnswer }) {
  const today = saoPauloDate(new Date());
  const current = monthKey(today.year, today.month);
  const guides = answer.obligations.filter((o) => o.kind === 'das' || o.kind === 'das_mei');
  // This month's tax: the guide of the last month that has ended (due this month), else the newest there is.
  const closed = guides.filter((o) => o.competence < current);
  const focus = closed.at(-1) ?? guides.at(0);
  const dasn = answer.obligations.find((o) => o.kind === 'dasn_simei');
  const next = answer.obligations.filter((o) => o.status !== 'paga').sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1));
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {focus ? <ThisMonth obligation={focus} /> : null}
        <NextDue pending={next} />
      </div>
      {answer.mei && <MeiLimit mei={answer.mei} year={answer.year} />}
      {dasn?.dasnSimei && <DasnSimei obligation={dasn} prefill={dasn.dasnSimei} />}
      {focus?.calculation && focus.calculation.fatorR !== null && <FatorRAdviser obligation={focus} />}
      <RevenueChart months={answer.months} />
      <Calendar obligations={answer.obligations} />
    </div>
  );
}

function Line({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1.5 text-sm ${strong ? 'border-t border-slate-200 pt-2 font-semibold' : ''}`}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function ThisMonth({ obligation }: { obligation: Obligation }) {
  const das = obligation.calculation;
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">{obligationTitle(obligation)}</h2>
        <Badge tone={STATUS_TONE[obligation.status]}>{statusLabel(obligation)}</Badge>
      </div>
      <p className="mb-3 text-sm text-slate-600">
        Vence em {dateBr(obligation.dueDate)}
        {obligation.provisional ? ' · valor parcial: o mês ainda não terminou' : ''}.
      </p>
      <dl aria-label="Cálculo do imposto">
        {obligation.dasMei ? (
          <>
            <Line label="INSS (5% do salário mínimo)">{formatMoney(obligation.dasMei.inssCents)}</Line>
            {obligation.dasMei.icmsCents > 0 && <Line label="ICMS">{formatMoney(obligation.dasMei.icmsCents)}</Line>}
            {obligation.dasMei.issCents > 0 && <Line label="ISS">{formatMoney(obligation.dasMei.issCents)}</Line>}
            <Line label="Receita do mês (notas emitidas)">{formatMoney(obligation.revenueCents ?? 0)}</Line>
          </>
        ) : das ? (
          <>
            <Line label="Receita do mês">{formatMoney(obligation.revenueCents ?? 0)}</Line>
            <Line label="Receita dos últimos 12 meses (RBT12)">{formatMoney(das.rbt12Cents)}</Line>
            {das.fatorR !== null && (
              <Line label="Fator R (folha ÷ RBT12)">
                {percentBr(das.fatorR)} → Anexo {das.annex}
              </Line>
            )}
            <Line label="Anexo e faixa">
              Anexo {das.annex}, {das.bracket}ª faixa
            </Line>
            <Line label="Alíquota nominal">{percentBr(das.nominalRate)}</Line>
            <Line label="Parcela a deduzir">{formatMoney(das.deductionCents)}</Line>
            <Line label="Alíquota efetiva">{percentBr(das.effectiveRate, 4)}</Line>
            {SIMPLES_TAXES.filter((tax) => das.taxes[tax] !== undefined).map((tax: SimplesTax) => (
              <Line key={tax} label={TAX_LABEL[tax]}>
                {formatMoney(das.taxes[tax]!)}
              </Line>
            ))}
            {das.issWithheldCents > 0 && (
              <Line label="ISS retido pelo tomador (fora do DAS)">{formatMoney(das.issWithheldCents)}</Line>
            )}
          </>
        ) : (
          <p className="text-sm text-slate-600">
            O anexo do Simples Nacional desta empresa ainda não foi informado pela equipe; o valor aparece assim que for.
          </p>
        )}
        {obligation.amountCents !== null && (
          <Line label="Total a pagar" strong>
            {formatMoney(obligation.amountCents)}
          </Line>
        )}
      </dl>
    </Card>
  );
}

function NextDue({ pending }: { pending: Obligation[] }) {
  const late = pending.filter((o) => o.status === 'atrasada');
  const upcoming = pending.filter((o) => o.status === 'a_fazer').slice(0, 3);
  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold text-slate-900">Próximos vencimentos</h2>
      {late.length > 0 && (
        <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {late.length === 1 ? 'Há 1 obrigação atrasada' : `Há ${late.length} obrigações atrasadas`}: fale com a equipe para
          regularizar.
        </p>
      )}
      {late.length + upcoming.length === 0 ? (
        <p className="text-sm text-slate-600">Tudo em dia neste ano.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {[...late, ...upcoming].map((o) => (
            <li key={`${o.kind}-${o.competence}`} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{obligationTitle(o)}</span>
                <span className="block text-slate-600">vence em {dateBr(o.dueDate)}</span>
              </span>
              <span className="flex flex-col items-end gap-1">
                {o.amountCents !== null && <span className="tabular-nums">{formatMoney(o.amountCents)}</span>}
                <Badge tone={STATUS_TONE[o.status]}>{statusLabel(o)}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-600">
        Lembretes por e-mail: {TAX_REMINDER_DAYS_BEFORE} dias antes de cada guia e declaração anual vencer, e no dia seguinte se a
        guia não constar como paga.{' '}
        <Link to="/app/user/my-profile" hash="avisos" className="font-medium text-brand-700 underline">
          Ligar ou desligar em Meu perfil
        </Link>
      </p>
    </Card>
  );
}

function MeiLimit({ mei, year }: { mei: NonNullable<ObligationsAnswer['mei']>; year: number }) {
  const percent = Math.min(mei.ratio, 1.2) / 1.2;
  const tone = mei.level === 'ok' ? 'bg-brand-600' : mei.level === 'attention' ? 'bg-amber-500' : 'bg-red-600';
  return (
    <Card>
      <h2 className="mb-1 text-lg font-bold text-slate-900">Limite do MEI em {year}</h2>
      <p className="mb-3 text-sm text-slate-600">
        {formatMoney(mei.revenueCents)} de {formatMoney(mei.limitCents)} ({percentBr(mei.ratio, 1)})
      </p>
      <div
        role="meter"
        aria-label="Faturamento do ano em relação ao limite do MEI"
        aria-valuemin={0}
        aria-valuemax={mei.limitCents}
        aria-valuenow={mei.revenueCents}
        aria-valuetext={`${percentBr(mei.ratio, 1)} do limite`}
        className="relative h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full ${tone}`} style={{ width: `${percent * 100}%` }} />
        {/* The limit itself, at 100 of the 120 % the bar spans. */}
        <div className="absolute inset-y-0 w-0.5 bg-slate-700" style={{ left: `${(1 / 1.2) * 100}%` }} />
      </div>
      <p className="mt-3 text-sm font-medium text-slate-900">{mei.title}</p>
      <p className="text-sm text-slate-600">{mei.message}</p>
    </Card>
  );
}

function DasnSimei({ obligation, prefill }: { obligation: Obligation; prefill: DasnSimeiPrefill }) {
  const year = obligation.competence;
  return (
    <Card>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">Declaração anual do MEI (DASN-SIMEI) de {year}</h2>
        <Badge tone={STATUS_TONE[obligation.status]}>{statusLabel(obligation)}</Badge>
      </div>
      <p className="mb-3 text-sm text-slate-600">
        Entregue até {dateBr(obligation.dueDate)}. O que ela vai declarar, pelo que temos até agora
        {obligation.provisional ? ' (o ano ainda não terminou)' : ''}:
      </p>
      <dl aria-label={`O que a DASN-SIMEI de ${year} vai declarar`}>
        <Line label="Receita de comércio e indústria">{formatMoney(prefill.commerceCents)}</Line>
        <Line label="Receita de prestação de serviços">{formatMoney(prefill.servicesCents)}</Line>
        {prefill.toSplitCents > 0 && (
          <Line label="Receita informada pela equipe, a dividir entre comércio e serviços">
            {formatMoney(prefill.toSplitCents)}
          </Line>
        )}
        <Line label="Receita bruta total" strong>
          {formatMoney(prefill.commerceCents + prefill.servicesCents + prefill.toSplitCents)}
        </Line>
        <Line label="Teve empregado no ano">{prefill.hadEmployee ? 'Sim' : 'Não'}</Line>
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        As notas emitidas por aqui contam como serviços. Se vendeu ou prestou serviços sem nota, ou teve um empregado que não está
        aqui, avise a equipe antes da entrega.
      </p>
    </Card>
  );
}

function FatorRAdviser({ obligation }: { obligation: Obligation }) {
  const das = obligation.calculation!;
  const advice = fatorRAdvice({
    competence: obligation.competence,
    rbt12Cents: das.rbt12Cents,
    revenueCents: das.parts.find((p) => p.kind === 'internal')?.revenueCents ?? 0,
    payroll12Cents: obligation.payroll12Cents ?? 0,
  });
  return (
    <Card>
      <h2 className="mb-1 text-lg font-bold text-slate-900">Fator R</h2>
      {!advice ? (
        <p className="text-sm text-slate-600">
          A folha dos últimos 12 meses é {percentBr(das.fatorR ?? 0)} da receita: a partir de 28% a empresa paga pelo Anexo III, o
          de alíquotas menores. Mantenha o pró-labore para continuar nele.
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            A folha dos últimos 12 meses é {percentBr(advice.fatorR)} da receita, abaixo de 28%: a empresa paga pelo Anexo V. Com
            um pró-labore maior ela passa para o Anexo III.
          </p>
          <dl aria-label="Simulação do Fator R">
            <Line label="Pró-labore por mês para chegar a 28%">{formatMoney(advice.monthlyProLaboreCents)}</Line>
            <Line label="INSS do sócio sobre ele (11%)">{formatMoney(advice.monthlyInssCents)}</Line>
            <Line label="DAS deste mês no Anexo V">{formatMoney(advice.dasVCents)}</Line>
            <Line label="DAS deste mês no Anexo III">{formatMoney(advice.dasIIICents)}</Line>
            <Line label="Economia por mês no DAS">{formatMoney(advice.savingCents)}</Line>
            <Line label="Economia descontado o INSS" strong>
              {formatMoney(advice.netSavingCents)}
            </Line>
          </dl>
          <p className="mt-3 text-xs text-slate-500">
            Supõe a receita e o RBT12 deste mês e o pró-labore pago nos 12 meses que o Fator R considera; o INSS é 11% do
            pró-labore até o teto (Lei 8.212/1991, art. 21). O IRRF sobre o pró-labore não está incluído. Converse com a equipe
            antes de mudar.
          </p>
        </>
      )}
    </Card>
  );
}

function RevenueChart({ months }: { months: MonthSummary[] }) {
  const max = Math.max(1, ...months.map((m) => m.revenueCents));
  const width = (cents: number) => `${Math.max((cents / max) * 100, cents > 0 ? 1 : 0)}%`;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-bold text-slate-900">Receita e imposto por mês</h2>
      <p className="mb-4 flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-sky-500" /> Receita (notas emitidas)
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-brand-700" /> Imposto do mês
        </span>
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">Receita e imposto de cada mês</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Mês</th>
            <th scope="col">Receita e imposto</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.competence}>
              <th scope="row" className="w-16 py-1.5 pr-3 text-left align-top font-normal text-slate-600">
                {competenceBr(m.competence).slice(0, 2)}/{m.competence.slice(2, 4)}
              </th>
              <td className="py-1.5">
                <div className="flex items-center gap-2">
                  <div aria-hidden className="h-2.5 rounded-sm bg-sky-500" style={{ width: width(m.revenueCents) }} />
                  <span className="shrink-0 tabular-nums text-slate-700">Receita {formatMoney(m.revenueCents)}</span>
                </div>
                <div className="mt-1 flex items-center gap-2">
                  <div aria-hidden className="h-2.5 rounded-sm bg-brand-700" style={{ width: width(m.taxCents ?? 0) }} />
                  <span className="shrink-0 tabular-nums text-slate-700">
                    Imposto {m.taxCents === null ? '—' : formatMoney(m.taxCents)}
                    {m.paidCents > 0 ? ' (pago)' : ''}
                  </span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Calendar({ obligations }: { obligations: Obligation[] }) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold text-slate-900">Calendário do ano</h2>
      <ul aria-label="Obrigações do ano" className="divide-y divide-slate-100">
        {obligations.map((o) => (
          <li key={`${o.kind}-${o.competence}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{obligationTitle(o)}</span>
              <span className="block text-slate-600">vence em {dateBr(o.dueDate)}</span>
            </span>
            <span className="flex items-center gap-3">
              {o.amountCents !== null && (
                <span className="tabular-nums text-slate-800">
                  {formatMoney(o.amountCents)}
                  {o.provisional ? ' (parcial)' : ''}
                </span>
              )}
              <Badge tone={STATUS_TONE[o.status]}>{statusLabel(o)}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
