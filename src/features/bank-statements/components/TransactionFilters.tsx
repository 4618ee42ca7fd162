import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { MonthFilter } from '@/components/ui/DateField';
import { inlineControlClass } from './CategoryOptions';

export interface TransactionFilterValues {
  /** YYYY-MM */
  month?: string;
  semCategoria?: boolean;
}

/** Month and "Somente sem categoria": each change applies at once. */
export function TransactionFilters({
  value,
  onChange,
}: {
  value: TransactionFilterValues;
  onChange: (changes: TransactionFilterValues) => void;
}) {
  const id = useId();
  const filtered = Boolean(value.month || value.semCategoria);
  return (
    <form
      role="search"
      aria-label="Filtrar movimentações"
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-wrap items-end gap-3"
    >
      <div>
        <label htmlFor={`${id}-month`} className="block text-sm font-medium text-slate-700">
          Mês
        </label>
        <MonthFilter
          id={`${id}-month`}
          className={`mt-1 ${inlineControlClass}`}
          value={value.month}
          onMonth={(month) => onChange({ month })}
        />
      </div>
      <label className="flex cursor-pointer items-center gap-2 rounded-lg px-1 py-2.5 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={Boolean(value.semCategoria)}
          onChange={(e) => onChange({ semCategoria: e.target.checked || undefined })}
        />
        Somente sem categoria
      </label>
      {filtered && (
        <Button variant="ghost" onClick={() => onChange({ month: undefined, semCategoria: undefined })}>
          Limpar filtros
        </Button>
      )}
    </form>
  );
}
