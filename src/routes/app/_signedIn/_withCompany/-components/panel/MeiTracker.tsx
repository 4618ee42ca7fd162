import { formatMoney } from '@domain';
import type { AnnualBilling } from '@domain';

const TONE = {
  ok: { bar: 'bg-brand-600', box: 'border-slate-200 bg-white' },
  attention: { bar: 'bg-amber-500', box: 'border-amber-200 bg-amber-50' },
  over: { bar: 'bg-orange-600', box: 'border-orange-200 bg-orange-50' },
  excluded: { bar: 'bg-red-600', box: 'border-red-200 bg-red-50' },
} as const;

/** How much of the MEI's yearly revenue limit the company has billed, with what each level means. */
export function MeiTracker({ billing, mei }: { billing: AnnualBilling; mei: NonNullable<AnnualBilling['mei']> }) {
  const tone = TONE[mei.level];
  // The bar spans up to 120 % of the limit: past that the level cannot get worse.
  const fill = Math.min(mei.ratio / 1.2, 1) * 100;
  return (
    <section aria-labelledby="mei-title" className={`rounded-xl border p-5 ${tone.box}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="mei-title" className="text-base font-semibold text-slate-900">
          Limite do MEI em {billing.year}
        </h2>
        <p className="text-sm text-slate-700">
          <strong>{formatMoney(billing.totalCents)}</strong> de {formatMoney(mei.limitCents)} ({Math.round(mei.ratio * 100)}%)
        </p>
      </div>
      <div
        className="relative mt-4 h-3 rounded-full bg-slate-200"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={120}
        aria-valuenow={Math.round(mei.ratio * 100)}
        aria-label="Uso do limite do MEI"
      >
        <div className={`h-full rounded-full ${tone.bar}`} style={{ width: `${fill}%` }} />
        {[0.8, 1].map((mark) => (
          <span
            key={mark}
            className="absolute top-[-4px] h-5 w-0.5 bg-slate-500"
            style={{ left: `${(mark / 1.2) * 100}%` }}
            aria-hidden="true"
          />
        ))}
      </div>
      <div className="relative mt-1 h-4 text-[11px] text-slate-500" aria-hidden="true">
        {[0, 0.8, 1, 1.2].map((mark) => (
          <span
            key={mark}
            className="absolute -translate-x-1/2 first:translate-x-0 last:-translate-x-full"
            style={{ left: `${(mark / 1.2) * 100}%` }}
          >
            {Math.round(mark * 100)}%
          </span>
        ))}
      </div>
      <p className="mt-4 font-semibold text-slate-900">{mei.title}</p>
      <p className="mt-1 text-sm text-slate-700">{mei.message}</p>
    </section>
  );
}
