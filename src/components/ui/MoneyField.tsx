import { MaskInput } from 'maska';
import { useEffect, useRef } from 'react';
import type { TextFieldProps } from './TextField';
import { TextField } from './TextField';
import { MONEY_MASK, moneyCents } from '@/lib/masks';

const toText = (cents: number | undefined) =>
  cents === undefined ? '' : (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A value in reais, typed with the Brazilian grouping and decimal comma; reports centavos. */
export function MoneyField({
  cents,
  onCentsChange,
  ...field
}: Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'inputRef'> & {
  cents: number | undefined;
  onCentsChange: (cents: number | undefined) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const onChange = useRef(onCentsChange);
  onChange.current = onCentsChange;
  useEffect(() => {
    if (!ref.current) return;
    const masked = new MaskInput(ref.current, {
      ...MONEY_MASK,
      onMaska: (detail) => onChange.current(moneyCents(detail.masked)),
    });
    return () => masked.destroy();
  }, []);
  return (
    <div className="relative">
      <TextField {...field} inputRef={ref} inputMode="decimal" defaultValue={toText(cents)} placeholder="0,00" />
    </div>
  );
}
