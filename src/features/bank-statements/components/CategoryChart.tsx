import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BillingByCategory, BillingByCategoryRow } from '@domain';
import { MONTH_NAMES, capitalizedMonthName, saoPauloDate } from '@domain';
import { bankQueries } from '../api';
import { Alert, Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { inlineControlClass } from './CategoryOptions';
import { formatAmount, formatMonth } from '../format';
import type { PeriodChoice, PeriodKind } from '../period';
import { initialPeriod } from '../period';

/** The API's period: `2026`, `2026-T2` or `2026-05`. */
function periodOf({ kind, year, quarter, month }: PeriodChoice): string {
  if (kind === 'quarter') return `${year}-T${quarter}`;
  if (kind === 'month') return `${year}-${String(month).padStart(2, '0')}`;
  return String(year);
}

function periodLabel(choice: PeriodChoice): string {
  if (choice.kind === 'quarter') return `${choice.quarter}º trimestre de ${choice.year}`;
  if (choice.kind === 'month') return formatMonth(periodOf(choice));
  return String(choice.year);
}

function PeriodPicker({ value, onChange }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void }) {
  const id = useId();
  const thisYear = saoPauloDate(new Date()).year;
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  const label = 'block text-xs font-medium text-slate-600';
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Período do gráfico</legend>
      <div>
        <label htmlFor={`${id}-kind`} className={label}>
          Período
        </label>
        <select
          id={`${id}-kind`}
          className={inlineControlClass}
          value={value.kind}
          onChange={(e) => onChange({ ...value, kind: e.target.value as PeriodKind })}
        >
          <option value="month">Mês</option>
          <option value="quarter">Trimestre</option>
          <option value="year">Ano</option>
        </select>
      </div>
      {value.kind === 'month' && (
        <div>
          <label htmlFor={`${id}-month`} className={label}>
            Mês
          </label>
          <select
            id={`${id}-month`}
            className={inlineControlClass}
            value={value.month}
            onChange={(e) => onChange({ ...value, month: Number(e.target.value) })}
          >
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={i + 1}>
                {capitalizedMonthName(i + 1)}
              </option>
            ))}
          </select>
        </div>
      )}
      {value.kind === 'quarter' && (
        <div>
          <label htmlFor={`${id}-quarter`} className={label}>
            Trimestre
          </label>
          <select
            id={`${id}-quarter`}
            className={inlineControlClass}
            value={value.quarter}
            onChange={(e) => onChange({ ...value, quarter: Number(e.target.value) })}
          >
            {[1, 2, 3, 4].map((q) => (
              <option key={q} value={q}>
                {q}º trimestre
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-year`} className={label}>
          Ano
        </label>
        <select
          id={`${id}-year`}
          className={inlineControlClass}
          value={value.year}
          onChange={(e) => onChange({ ...value, year: Number(e.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

const byVolume = (a: BillingByCategoryRow, b: BillingByCategoryRow) =>
  // Uncategorised movements last: they are the ones still to classify.
  Number(a.taxCategoryId === null) - Number(b.taxCategoryId === null) || b.inCents + b.outCents - (a.inCents + a.outCents);

function Bar({ cents, max, tone }: { cents: number; max: number; tone: 'in' | 'out' }) {
  if (cents === 0) return null;
  // At most 70 % of the row, leaving room for the figure beside the bar.
  const width = Math.max((cents / max) * 70, 0.5);
  return (
    <div className="flex items-center gap-2">
      <div className={`h-3 rounded-r ${tone === 'in' ? 'bg-emerald-500' : 'bg-red-400'}`} style={{ width: `${width}%` }} />
      <span className={`shrink-0 text-xs tabular-nums ${tone === 'in' ? 'text-emerald-800' : 'text-red-700'}`}>
        {tone === 'in' ? '+' : '−'}
        {formatAmount(cents)}
      </span>
    </div>
  );
}

/** Horizontal bars, money in and out per category; the same figures in a table for screen readers. */
export function CategoryBars({ report, label }: { report: BillingByCategory; label: string }) {
  const rows = report.rows.filter((row) => row.inCents > 0 || row.outCents > 0).sort(byVolume);
  const max = Math.max(...rows.map((row) => Math.max(row.inCents, row.outCents)), 1);
  return (
    <figure data-testid="category-chart">
      <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <span>
          Entradas: <strong className="text-emerald-800">{formatAmount(report.totalInCents)}</strong>
        </span>
        <span>
          Saídas: <strong className="text-red-700">{formatAmount(report.totalOutCents)}</strong>
        </span>
        <span>
          Resultado: <strong className="text-slate-900">{formatAmount(report.totalInCents - report.totalOutCents)}</strong>
        </span>
      </figcaption>
      <div aria-hidden="true" className="mt-4 space-y-3">
        {rows.map((row) => (
          <div key={row.taxCategoryId ?? 'none'} className="grid gap-1 sm:grid-cols-[14rem_1fr] sm:gap-4">
            <div className="text-sm">
              <span className={`font-medium ${row.taxCategoryId ? 'text-slate-800' : 'text-amber-800'}`}>{row.name}</span>
              <span className="ml-1 text-xs text-slate-500">({row.count})</span>
            </div>
            <div className="space-y-1">
              <Bar cents={row.inCents} max={max} tone="in" />
              <Bar cents={row.outCents} max={max} tone="out" />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-4 flex gap-4 text-xs text-slate-600" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-emerald-500" /> Entradas
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-red-400" /> Saídas
        </span>
      </div>
      {/* Hidden inside a clipped box: a table ignores the 1px width of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Entradas e saídas por categoria em {label}</caption>
          <thead>
            <tr>
              <th scope="col">Categoria</th>
              <th scope="col">Entradas</th>
              <th scope="col">Saídas</th>
              <th scope="col">Movimentações</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.taxCategoryId ?? 'none'}>
                <th scope="row">{row.name}</th>
                <td>{formatAmount(row.inCents)}</td>
                <td>{formatAmount(row.outCents)}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The company's movements by tax category over a chosen period (default: `initialPeriod`). */
export function CategoryChart({ companyId }: { companyId: string }) {
  const [choice, setChoice] = useState<PeriodChoice>(() => initialPeriod(saoPauloDate(new Date())));
  const period = periodOf(choice);
  const label = periodLabel(choice);
  const report = useQuery({ ...bankQueries.billingByCategory(companyId, period), placeholderData: keepPreviousData });
  const empty = report.data && report.data.totalInCents === 0 && report.data.totalOutCents === 0;
  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Entradas e saídas por categoria</h2>
          <p className="text-sm text-slate-600">Movimentações de todas as contas em {label}.</p>
        </div>
        <PeriodPicker value={choice} onChange={setChoice} />
      </div>
      <div className="mt-4" aria-busy={report.isFetching || undefined}>
        {report.isPending ? (
          <div className="flex justify-center py-10 text-brand-700">
            <Spinner className="size-6" label="Carregando o gráfico…" />
          </div>
        ) : report.isError ? (
          <Alert>{report.error.message}</Alert>
        ) : empty ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            Nenhuma movimentação em {label}. Importe um extrato ou escolha outro período.
          </p>
        ) : (
          <div className={report.isPlaceholderData ? 'opacity-60' : undefined}>
            <CategoryBars report={report.data} label={label} />
          </div>
        )}
      </div>
    </Card>
  );
}
