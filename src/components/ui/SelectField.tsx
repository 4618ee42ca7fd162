import type { SelectHTMLAttributes } from 'react';
import type { FieldProps } from './Field';
import { Field } from './Field';

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
