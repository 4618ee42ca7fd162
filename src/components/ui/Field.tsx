import type { ReactNode } from 'react';
import { useId } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

export interface FieldProps {
  label: string;
  /** The pt-BR message under the control; marks it invalid for assistive technology too. */
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/**
 * A field's focus: its border and a 1px ring in the brand colour, a 2px frame with 3.7:1 contrast on white (the
 * pale ring it had before was barely visible). `focus-within`, so a date or month field keeps it while the focus is
 * on its calendar button.
 */
export const FIELD_FOCUS = 'outline-none focus-within:border-brand-600 focus-within:ring-1 focus-within:ring-brand-600';

/** The classes of a text-like control, red when it holds an error. */
export const controlClass = (error: string | undefined) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm shadow-xs outline-none transition focus-within:ring-1 ${
    error
      ? 'border-red-400 focus-within:border-red-600 focus-within:ring-red-600'
      : 'border-slate-300 focus-within:border-brand-600 focus-within:ring-brand-600'
  }`;

/** A select or input that filters a list, beside its search box. */
export const filterControlClass = `rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm ${FIELD_FOCUS}`;

/** A form control's frame: its label, the hint or the error under it, and the ids that tie them together. */
export function Field({
  label,
  error,
  hint,
  className = '',
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: controlClass(error),
      })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
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
