import { useId, useState } from 'react';
import type { TaxCategory } from '@domain';
import { TAX_CATEGORY_KINDS, TAX_CATEGORY_KIND_LABEL } from '@domain';
import { Button } from '@/components/ui/Button';
import { inlineControlClass } from './CategoryOptions';

/** The value of "remove the category" in the bulk select (an empty value means nothing chosen yet). */
const NONE = 'none';

/** "N selecionadas → categoria [select] Aplicar", while movements are selected. */
export function BulkBar({
  count,
  categories,
  busy,
  onApply,
  onClear,
}: {
  count: number;
  categories: readonly TaxCategory[];
  busy: boolean;
  onApply: (taxCategoryId: string | null) => void;
  onClear: () => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState('');
  return (
    <div
      role="region"
      aria-label="Categorizar selecionadas"
      data-testid="bulk-bar"
      className="sticky bottom-4 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-white p-3 shadow-lg"
    >
      <p className="text-sm font-semibold text-slate-900" aria-live="polite">
        {count === 1 ? '1 selecionada' : `${count} selecionadas`}
      </p>
      <span aria-hidden="true" className="text-slate-400">
        →
      </span>
      <label htmlFor={`${id}-category`} className="text-sm text-slate-700">
        categoria
      </label>
      <select
        id={`${id}-category`}
        aria-label="Categoria das selecionadas"
        className={`${inlineControlClass} min-w-0 flex-1 sm:flex-none`}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
      >
        <option value="">Escolha…</option>
        <option value={NONE}>Sem categoria (remover)</option>
        {TAX_CATEGORY_KINDS.map((kind) => (
          <optgroup key={kind} label={TAX_CATEGORY_KIND_LABEL[kind]}>
            {categories
              .filter((category) => category.kind === kind)
              .map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <Button busy={busy} disabled={!choice} onClick={() => onApply(choice === NONE ? null : choice)}>
        Aplicar
      </Button>
      <Button variant="ghost" onClick={onClear}>
        Limpar seleção
      </Button>
    </div>
  );
}
