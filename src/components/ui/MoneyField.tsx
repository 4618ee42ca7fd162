import { MaskInput } from 'maska';
import { useEffect, useRef } from 'react';
import type { TextFieldProps } from './TextField';
import { TextField } from './TextField';

const toText = (cents: number | undefined) =>
  cents === undefined ? '' : (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "98,70" ↔ 9870 centavos (conventions: money is an integer number of centavos). */
export function parseMoney(text: string): number | undefined {
  const clean = text.replace(/[^\d,]/g, '').replace(',', '.');
  if (!clean) return undefined;
  const value = Number(clean);
  return Number.isFinite(value) ? Math.round(value * 100) : undefined;
}

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
      number: { locale: 'pt-BR', fraction: 2, unsigned: true },
      onMaska: (detail) => onChange.current(parseMoney(detail.masked)),
    });
    return () => masked.destroy();
  }, []);
  return (
    <div className="relative">
      <TextField {...field} inputRef={ref} inputMode="decimal" defaultValue={toText(cents)} placeholder="0,00" />
    </div>
  );
}
