import type { TaxCategory } from '@domain';
import { TAX_CATEGORY_KINDS, TAX_CATEGORY_KIND_LABEL } from '@domain';

/** The options of a category select, grouped: Entradas / Saídas / Movimentações entre contas. */
export function CategoryOptions({ categories, empty }: { categories: readonly TaxCategory[]; empty?: string }) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {TAX_CATEGORY_KINDS.map((kind) => {
        const group = categories.filter((category) => category.kind === kind);
        if (group.length === 0) return null;
        return (
          <optgroup key={kind} label={TAX_CATEGORY_KIND_LABEL[kind]}>
            {group.map((category) => (
              <option key={category.id} value={category.id} title={category.description}>
                {category.name}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}

/** The classes of a bare select or input outside a Field (filters, table rows, the bulk bar). */
export const inlineControlClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus-within:border-brand-600 focus-within:ring-1 focus-within:ring-brand-600 disabled:bg-slate-50 disabled:text-slate-400';
