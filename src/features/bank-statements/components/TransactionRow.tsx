import type { BankTransaction, TaxCategory } from '@domain';
import { Badge } from '@/components/ui/Badge';
import { CategoryOptions, inlineControlClass } from './CategoryOptions';
import { formatDay, formatSignedAmount } from '../format';

/** Who chose the category: "manual" or "regra". */
function SourceBadge({ source }: { source: BankTransaction['categorySource'] }) {
  if (!source) return null;
  return (
    <span title={source === 'manual' ? 'Categoria escolhida manualmente' : 'Categoria dada por uma regra'}>
      <span className="sr-only">Escolhida por: </span>
      <Badge tone={source === 'manual' ? 'gray' : 'blue'}>{source === 'manual' ? 'manual' : 'regra'}</Badge>
    </span>
  );
}

/**
 * One movement. A table row on wide screens; on a phone the same cells stack (date and amount on top, then the
 * description, then the category), keeping the table's semantics through explicit roles.
 */
export function TransactionRow({
  transaction,
  currency,
  categories,
  selected,
  onSelect,
  categoryValue,
  saving,
  onCategory,
}: {
  transaction: BankTransaction;
  currency: string;
  categories: readonly TaxCategory[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The category shown, which may be one being saved. */
  categoryValue: string | null;
  saving: boolean;
  onCategory: (taxCategoryId: string | null) => void;
}) {
  const day = formatDay(transaction.postedOn);
  const incoming = transaction.amountCents >= 0;
  const showMemo = transaction.memo && transaction.memo.trim() !== transaction.description.trim();
  return (
    <tr
      role="row"
      data-testid="transaction-row"
      className={`grid grid-cols-[auto_1fr_auto] gap-x-3 px-4 py-3 md:table-row md:p-0 ${selected ? 'bg-brand-50/60' : 'hover:bg-slate-50'}`}
    >
      <td role="cell" className="row-span-3 pt-0.5 md:w-10 md:px-4 md:py-3">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Selecionar “${transaction.description}” de ${day}`}
        />
      </td>
      <td
        role="cell"
        className="col-start-2 row-start-1 text-xs text-slate-500 md:px-4 md:py-3 md:text-sm md:whitespace-nowrap md:text-slate-700"
      >
        {day}
      </td>
      <td role="cell" className="col-span-2 col-start-2 row-start-2 min-w-0 md:max-w-md md:px-4 md:py-3">
        <p className="break-words font-medium text-slate-900">{transaction.description}</p>
        {showMemo && <p className="break-words text-xs text-slate-500">{transaction.memo}</p>}
      </td>
      <td
        role="cell"
        className={`col-start-3 row-start-1 text-right font-semibold tabular-nums whitespace-nowrap md:px-4 md:py-3 ${
          incoming ? 'text-emerald-700' : 'text-red-700'
        }`}
      >
        <span className="sr-only">{incoming ? 'Entrada de ' : 'Saída de '}</span>
        {formatSignedAmount(transaction.amountCents, currency)}
      </td>
      <td role="cell" className="col-span-2 col-start-2 row-start-3 mt-2 md:mt-0 md:px-4 md:py-3">
        <div className="flex flex-wrap items-center gap-2">
          <select
            className={`${inlineControlClass} w-full md:w-56`}
            aria-label={`Categoria de “${transaction.description}” de ${day}`}
            value={categoryValue ?? ''}
            aria-busy={saving || undefined}
            onChange={(e) => onCategory(e.target.value || null)}
          >
            <CategoryOptions categories={categories} empty="Sem categoria" />
          </select>
          {!saving && categoryValue === transaction.taxCategoryId && <SourceBadge source={transaction.categorySource} />}
        </div>
      </td>
    </tr>
  );
}
