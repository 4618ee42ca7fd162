import type { InputHTMLAttributes } from 'react';
import { DATE_MASK, MONTH_MASK, dateFieldValue, isIsoMonth, isoDateToBr, isoMonthToBr, monthFieldValue } from '@/lib/dates';
import type { MaskedFieldProps } from './MaskedField';
import { MaskedField, useMask } from './MaskedField';

/*
 * Days and months typed dd/mm/aaaa and mm/aaaa whatever the browser's language (a `type="date"` input follows the
 * browser: "mm/dd/yyyy", "March 2017" in English). The value stays ISO — YYYY-MM-DD, YYYY-MM — as the forms, their
 * drafts, the schemas and the server keep it; while the text is not a real day yet, the value is the text as typed,
 * which the field's schema refuses with its own message (see `dateFieldValue` in src/lib/dates.ts).
 */

type CalendarFieldProps = Omit<MaskedFieldProps, 'mask' | 'tokens' | 'value' | 'onValueChange'> & {
  /** ISO (or the text as typed, while incomplete). */
  value: string;
  onValueChange: (value: string) => void;
};

/** A day, typed dd/mm/aaaa; reports `YYYY-MM-DD`, "" or the text as typed. */
export function DateField({ value, onValueChange, ...field }: CalendarFieldProps) {
  return (
    <MaskedField
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      {...field}
      mask={DATE_MASK}
      value={isoDateToBr(value)}
      onValueChange={(typed) => onValueChange(dateFieldValue(typed))}
    />
  );
}

/** A month, typed mm/aaaa; reports `YYYY-MM`, "" or the text as typed. */
export function MonthField({ value, onValueChange, ...field }: CalendarFieldProps) {
  return (
    <MaskedField
      inputMode="numeric"
      placeholder="mm/aaaa"
      {...field}
      mask={MONTH_MASK}
      value={isoMonthToBr(value)}
      onValueChange={(typed) => onValueChange(monthFieldValue(typed))}
    />
  );
}

/** A month input without its own label (filters, toolbars): name it with `id` + a `<label>` or `aria-label`. */
export function MonthInput({
  value,
  onValueChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const shown = isoMonthToBr(value);
  const ref = useMask(MONTH_MASK, undefined, shown, (typed) => onValueChange(monthFieldValue(typed)));
  return <input inputMode="numeric" placeholder="mm/aaaa" {...input} ref={ref} type="text" defaultValue={shown} />;
}

/**
 * A list's month filter: the list follows a whole month, or none once the field is emptied; the text being typed
 * waits in the field meanwhile.
 */
export function MonthFilter({
  value,
  onMonth,
  ...input
}: Omit<Parameters<typeof MonthInput>[0], 'value' | 'onValueChange'> & {
  value: string | undefined;
  onMonth: (month: string | undefined) => void;
}) {
  return (
    <MonthInput
      {...input}
      value={value ?? ''}
      onValueChange={(month) => {
        if (month === '' || isIsoMonth(month)) onMonth(month || undefined);
      }}
    />
  );
}
