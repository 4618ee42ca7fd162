import type { MaskTokens } from 'maska';
import { MaskInput } from 'maska';
import { useEffect, useRef } from 'react';
import { MOBILE_MASK, PHONE_MASK } from '@/lib/masks';
import type { TextFieldProps } from './TextField';
import { TextField } from './TextField';

/**
 * An input's mask (maska), reporting the masked text: the returned ref goes on an uncontrolled input, whose text
 * follows `value` when it changes from outside (keeping the caret where the person types otherwise).
 */
export function useMask(
  mask: string | string[],
  tokens: MaskTokens | undefined,
  value: string,
  onValueChange: (masked: string) => void,
) {
  const ref = useRef<HTMLInputElement>(null);
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;

  useEffect(() => {
    if (!ref.current) return;
    const masked = new MaskInput(ref.current, { mask, tokens, onMaska: (detail) => onChange.current(detail.masked) });
    return () => masked.destroy();
  }, [mask, tokens]);

  useEffect(() => {
    if (ref.current && ref.current.value !== value) ref.current.value = value;
  }, [value]);

  return ref;
}

export interface MaskedFieldProps extends Omit<TextFieldProps, 'onChange' | 'value' | 'defaultValue' | 'inputRef'> {
  /** maska pattern: `#` digit, `@` letter, `*` letter or digit (docs/rules.md); several patterns pick by length. */
  mask: string | string[];
  /** Extra tokens, e.g. a letter-or-digit one that upper-cases (the alphanumeric CNPJ). */
  tokens?: MaskTokens;
  value: string;
  onValueChange: (masked: string) => void;
}

/** A text field with an input mask (maska), keeping the caret where the person types. */
export function MaskedField({ mask, tokens, value, onValueChange, ...field }: MaskedFieldProps) {
  const ref = useMask(mask, tokens, value, onValueChange);
  return <TextField {...field} inputRef={ref} defaultValue={value} />;
}

/**
 * A phone with its DDD, typed as digits: a mobile or a landline, or a mobile only (a partner's "Celular"). Pass
 * `autoComplete="tel-national"` where the person types their own number.
 */
export function PhoneField({
  mobileOnly = false,
  ...field
}: Omit<MaskedFieldProps, 'mask' | 'tokens' | 'type' | 'inputMode'> & { mobileOnly?: boolean }) {
  return <MaskedField type="tel" inputMode="numeric" mask={mobileOnly ? MOBILE_MASK : PHONE_MASK} {...field} />;
}
