import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import type { ComponentType } from 'react';
import { useId, useRef, useState } from 'react';
import { controlClass } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import type { CompanyCombobox } from './CompanyCombobox';
import type { CompanyPickerProps } from './company-pick';
import { PICKER_BUTTON_CLASS, PickerButtons, PickerMessage } from './company-pick';

export type { CompanyPickerProps, PickedCompany } from './company-pick';
export { pickedOf } from './company-pick';

type Loaded = ComponentType<Parameters<typeof CompanyCombobox>[0]>;
let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
/** The combobox's code (Headless UI and what it brings, ~44 KB gzipped), fetched once for every picker. */
const loadCombobox = () => (loading ??= import('./CompanyCombobox').then((module) => (loaded = module.CompanyCombobox)));

/**
 * One company chosen by typing part of its name, trade name or CNPJ (the team's company search, 25 at a time);
 * clearing it chooses none.
 *
 * The page paints with a plain field that looks and reads the same (a combobox with its label, its value, the clear
 * and "Mostrar empresas" buttons); the combobox's code is fetched when a pointer comes near or the field takes the
 * focus, and takes over with what was typed meanwhile (docs/performance.md: load what a page does not need to paint
 * later).
 */
export function CompanyPicker(props: CompanyPickerProps) {
  const { label, value, onChange, error, hint, placeholder = 'Buscar por nome ou CNPJ' } = props;
  const [Combobox, setCombobox] = useState<Loaded | undefined>(() => loaded);
  const [typed, setTyped] = useState('');
  /** Someone reached for the list (focus or the toggle): only then is a slow or failed fetch worth saying. */
  const [waiting, setWaiting] = useState(false);
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  const id = useId();

  const load = () => {
    if (Combobox) return;
    setFailed(false);
    void loadCombobox().then(
      (loaded) => setCombobox(() => loaded),
      () => {
        // A failed fetch (offline): said under the field; the next approach tries again.
        loading = undefined;
        setFailed(true);
      },
    );
  };
  const reach = () => {
    setWaiting(true);
    load();
  };
  /** The toggle: the combobox, once here, takes the focus and so opens its list (it opens on focus). */
  const openWhenLoaded = () => {
    focused.current = true;
    reach();
  };
  /** How the toggle was last pressed (a mouse, a finger, a pen). */
  const pointer = useRef<string | null>(null);

  if (Combobox)
    return (
      <Combobox
        {...props}
        placeholder={placeholder}
        initialQuery={typed}
        autoFocus={focused.current || document.activeElement === input.current}
      />
    );

  return (
    <div onPointerEnter={load}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-invalid={error ? true : undefined}
          className={`${controlClass(error)} ${waiting && !failed ? 'pr-24' : 'pr-16'}`}
          value={value ? value.label : typed}
          onChange={(event) => setTyped(event.target.value)}
          onFocus={reach}
          placeholder={placeholder}
          autoComplete="off"
          readOnly={value !== null}
        />
        <PickerButtons
          label={label}
          value={value}
          onChange={onChange}
          toggle={
            <>
              {waiting && !failed && (
                <span role="status" aria-label="Carregando a lista de empresas…" className="text-brand-700">
                  <Spinner className="size-4" />
                </span>
              )}
              <button
                type="button"
                className={PICKER_BUTTON_CLASS}
                aria-label="Mostrar empresas"
                // As the combobox's own button does: a mouse opens on the press, anything else on the click. A
                // combobox arriving between press and release replaces this button, and the click never comes.
                onPointerDown={(event) => {
                  pointer.current = event.pointerType;
                  if (event.pointerType !== 'mouse' || event.button !== 0) return;
                  event.preventDefault();
                  openWhenLoaded();
                }}
                onClick={() => {
                  // A mouse's click was its press, handled; the next click may be a key's (after a failed fetch).
                  const byMouse = pointer.current === 'mouse';
                  pointer.current = null;
                  if (!byMouse) openWhenLoaded();
                }}
              >
                <ChevronUpDownIcon className="size-5" aria-hidden="true" />
              </button>
            </>
          }
        />
      </div>
      {waiting && failed ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          Não foi possível carregar a lista de empresas. Tente de novo.
        </p>
      ) : (
        <PickerMessage hint={hint} error={error} />
      )}
    </div>
  );
}
