import type { ReactNode } from 'react';
import { useId } from 'react';

/** Radio cards: one choice among a few, each with a short explanation. */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  columns = 3,
}: {
  legend: string;
  name: string;
  value: T | undefined;
  options: { value: T; title: string; description?: ReactNode; disabled?: boolean }[];
  onChange: (value: T) => void;
  error?: string;
  columns?: 2 | 3;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-300 ${
              option.disabled ? 'cursor-not-allowed opacity-50' : 'border-slate-300 hover:border-slate-400'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="mt-0.5 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-slate-900">{option.title}</span>
              {option.description && <span className="mt-0.5 block text-xs text-slate-600">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** A short explanation under the label, read with the box. */
  hint?: ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={describedBy}
          className="mt-0.5 size-4 accent-brand-700"
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 pl-6 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
