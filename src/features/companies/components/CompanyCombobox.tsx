import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from '@headlessui/react';
import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { companyDisplayName, formatCnpj } from '@domain';
import { companyQueries } from '@/lib/api/companies';
import { controlClass } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import type { CompanyPickerProps, PickedCompany } from './company-pick';
import { PICKER_BUTTON_CLASS, PickerButtons, PickerMessage, pickedOf } from './company-pick';

/**
 * The company picker's combobox (Headless UI), loaded when a person first reaches for the field: it takes over from
 * the field drawn before it with what was typed there, and the focus.
 */
export function CompanyCombobox({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  initialQuery,
  autoFocus,
}: CompanyPickerProps & { initialQuery: string; autoFocus: boolean }) {
  const [query, setQuery] = useState(initialQuery);
  const input = useRef<HTMLInputElement>(null);
  // What was typed in the field drawn before: written after the combobox has shown its value (its effects run first).
  useEffect(() => {
    if (initialQuery && input.current) input.current.value = initialQuery;
  }, [initialQuery]);
  const search = useDeferredValue(query.trim());
  const results = useQuery(companyQueries.list({ query: search, page: 1 }));
  const options = results.data?.data ?? [];

  return (
    <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')} immediate>
      <div>
        <Label className="block text-sm font-medium text-slate-700">{label}</Label>
        <div className="relative">
          <ComboboxInput
            className={`${controlClass(error)} pr-16`}
            aria-invalid={error ? true : undefined}
            displayValue={(company: PickedCompany | null) => company?.label ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            ref={input}
            // The field drawn before it had the focus: it stays where the person was typing.
            autoFocus={autoFocus}
          />
          <PickerButtons
            label={label}
            value={value}
            onChange={onChange}
            toggle={
              <ComboboxButton className={PICKER_BUTTON_CLASS} aria-label="Mostrar empresas">
                <ChevronUpDownIcon className="size-5" aria-hidden="true" />
              </ComboboxButton>
            }
          />
          {/* Under the input, in the page's tree rather than a portal on <body>: inside a modal <dialog> (the browser's
              top layer) a list portalled outside it would sit under the dialog's backdrop, seen but not clickable. */}
          <ComboboxOptions className="absolute inset-x-0 top-full z-[70] mt-1 max-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg empty:invisible">
            {results.isPending ? (
              <div className="px-3 py-2 text-brand-700">
                <Spinner className="size-4" label="Buscando empresas…" />
              </div>
            ) : results.isError ? (
              <p className="px-3 py-2 text-sm text-red-600">{results.error.message}</p>
            ) : options.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-600">Nenhuma empresa encontrada.</p>
            ) : (
              options.map((company) => (
                <ComboboxOption
                  key={company.id}
                  value={pickedOf(company)}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm data-focus:bg-slate-100 data-selected:font-semibold"
                >
                  <span className="block truncate text-slate-900">{companyDisplayName(company)}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {[
                      company.name !== companyDisplayName(company) ? company.name : null,
                      company.cnpj ? formatCnpj(company.cnpj) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || 'Sem CNPJ ainda'}
                  </span>
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </div>
        <PickerMessage hint={hint} error={error} />
      </div>
    </Combobox>
  );
}
