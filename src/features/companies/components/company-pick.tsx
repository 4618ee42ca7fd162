import { XMarkIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import type { Company } from '@domain';
import { companyDisplayName } from '@domain';

/** A company as a picker holds it: its id and the name shown. */
export interface PickedCompany {
  id: string;
  label: string;
}

export const pickedOf = (company: Pick<Company, 'id' | 'name' | 'alias' | 'cnpj'>): PickedCompany => ({
  id: company.id,
  label: companyDisplayName(company),
});

export interface CompanyPickerProps {
  label: string;
  value: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
}

export const PICKER_BUTTON_CLASS = 'rounded p-1 text-slate-400 hover:text-slate-700';

/** The buttons at the field's end: clearing the company chosen, and the toggle that shows the list. */
export function PickerButtons({
  label,
  value,
  onChange,
  toggle,
}: Pick<CompanyPickerProps, 'label' | 'value' | 'onChange'> & { toggle: ReactNode }) {
  return (
    <div className="absolute inset-y-0 right-0 flex items-center gap-1 pr-2">
      {value && (
        <button
          type="button"
          onClick={() => onChange(null)}
          className={PICKER_BUTTON_CLASS}
          aria-label={`Limpar ${label.toLowerCase()}`}
        >
          <XMarkIcon className="size-4" aria-hidden="true" />
        </button>
      )}
      {toggle}
    </div>
  );
}

/** The hint under the field, or its error. */
export function PickerMessage({ hint, error }: Pick<CompanyPickerProps, 'hint' | 'error'>) {
  if (error) return <p className="mt-1 text-xs font-medium text-red-600">{error}</p>;
  return hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null;
}
