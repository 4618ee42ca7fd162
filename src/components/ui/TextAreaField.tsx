import type { TextareaHTMLAttributes } from 'react';
import type { FieldProps } from './Field';
import { Field } from './Field';

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea rows={3} {...control} {...textarea} />}
    </Field>
  );
}
