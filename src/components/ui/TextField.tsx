import type { InputHTMLAttributes } from 'react';
import type { FieldProps } from './Field';
import { Field } from './Field';

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  inputRef?: React.Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, inputRef, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <input ref={inputRef} {...control} {...input} />}
    </Field>
  );
}
