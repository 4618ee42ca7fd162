import { MONTH_ABBREVIATIONS, MONTH_NAMES, formatMoney } from '@domain';
import type { AnnualBilling } from '@domain';

/** Issued invoices per month of the year, as bars; the same figures in a table for screen readers. */
export function BillingChart({ billing }: { billing: AnnualBilling }) {
  const max = Math.max(...billing.months.map((m) => m.totalCents), 1);
  const width = 600;
  const height = 200;
  const bar = width / 12;
  const best = billing.months.reduce((a, b) => (b.totalCents > a.totalCents ? b : a));
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        className="mt-4 h-auto w-full max-h-72"
        role="img"
        aria-labelledby="billing-chart-title"
      >
        <title id="billing-chart-title">
          {`Faturamento de ${billing.year}: ${formatMoney(billing.totalCents)} no ano${best.totalCents > 0 ? `; maior mês, ${MONTH_NAMES[best.month - 1]} (${formatMoney(best.totalCents)})` : ''}.`}
        </title>
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line key={f} x1={0} x2={width} y1={height - f * height} y2={height - f * height} className="stroke-slate-100" />
        ))}
        {billing.months.map((m, i) => {
          const h = (m.totalCents / max) * (height - 8);
          return (
            <g key={m.month}>
              <rect
                x={i * bar + bar * 0.18}
                y={height - h}
                width={bar * 0.64}
                height={Math.max(h, m.totalCents ? 2 : 0)}
                rx={4}
                className="fill-brand-600"
              >
                <title>{`${MONTH_NAMES[m.month - 1]}: ${formatMoney(m.totalCents)} (${m.count} ${m.count === 1 ? 'nota' : 'notas'})`}</title>
              </rect>
              <text x={i * bar + bar / 2} y={height + 16} textAnchor="middle" className="fill-slate-500 text-[11px]">
                {MONTH_ABBREVIATIONS[i]}
              </text>
            </g>
          );
        })}
      </svg>
      {/* Hidden inside a clipped box: a table ignores the 1px width of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Faturamento por mês em {billing.year}</caption>
          <tbody>
            {billing.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{MONTH_NAMES[m.month - 1]}</th>
                <td>{formatMoney(m.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
