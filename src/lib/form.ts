import { useCallback, useState } from 'react';
import type * as v from 'valibot';
import type { FieldErrors } from '@domain';
import { validate } from '@domain';

/**
 * Form state checked with a domain schema: the same rules and pt-BR messages the server applies. Server-side field
 * errors can be shown with `setErrors`. `errorKeys` names the schema's field for a value the form holds in another
 * shape (`{ totalCents: 'totalValue' }`: centavos typed, reais sent): its message shows there and goes when it changes.
 */
export function useSchemaForm<TSchema extends v.GenericSchema, TValues extends Record<string, unknown>>(
  schema: TSchema,
  initial: TValues,
  { errorKeys = {} }: { errorKeys?: { [K in keyof TValues]?: string } } = {},
) {
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The names are the form's shape: read once, so `set` stays the same function from render to render.
  const [names] = useState(errorKeys);
  const errorKey = useCallback((field: keyof TValues) => names[field] ?? (field as string), [names]);

  const set = useCallback(
    <K extends keyof TValues>(field: K) =>
      (value: TValues[K]) => {
        setValues((current) => ({ ...current, [field]: value }));
        const key = errorKey(field);
        setErrors((current) => {
          if (!(key in current)) return current;
          const { [key]: _removed, ...rest } = current;
          return rest;
        });
      },
    [errorKey],
  );

  /**
   * Validates everything (the values, or what will be sent when the form's shape differs); answers the parsed
   * value, or null after showing the messages.
   */
  const check = (input: unknown = values): v.InferOutput<TSchema> | null => {
    const result = validate(schema, input);
    if (result.ok) {
      setErrors({});
      return result.value;
    }
    setErrors(result.fields);
    return null;
  };

  type TextKey = { [K in keyof TValues]: TValues[K] extends string ? K : never }[keyof TValues] & string;
  /** What a text input needs for one field — its value, its change and its message: `<TextField {...form.text('name')} />`. */
  const text = <K extends TextKey>(field: K) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value as TValues[K]),
    error: errors[errorKey(field)],
  });
  /** The same for a masked input, which reports its value itself: `<MaskedField {...form.masked('phone')} />`. */
  const masked = <K extends TextKey>(field: K) => ({
    value: values[field] as string,
    onValueChange: (value: string) => set(field)(value as TValues[K]),
    error: errors[errorKey(field)],
  });
  type CentsKey = { [K in keyof TValues]: TValues[K] extends number | undefined ? K : never }[keyof TValues] & string;
  /** The same for a money input, which reports centavos: `<MoneyField {...form.money('totalCents')} />`. */
  const money = <K extends CentsKey>(field: K) => ({
    cents: values[field] as number | undefined,
    onCentsChange: (cents: number | undefined) => set(field)(cents as TValues[K]),
    error: errors[errorKey(field)],
  });

  return { values, errors, set, check, setErrors, text, masked, money };
}
