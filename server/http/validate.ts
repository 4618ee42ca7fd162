import { validator } from 'hono/validator';
import type * as v from 'valibot';
import { validate } from '@domain';
import { badRequest } from './errors';

type Target = 'json' | 'query' | 'param';

/** A request part read with a domain schema; bad input answers 400 with a pt-BR message per field. */
export function parsedWith<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const result = validate(schema, value);
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result.value as v.InferOutput<TSchema>;
}

/** Validates a request part with a domain schema; bad input answers 400 with a pt-BR message per field. */
export function valid<TTarget extends Target, TSchema extends v.GenericSchema>(target: TTarget, schema: TSchema) {
  return validator(target, (value) => parsedWith(schema, value));
}
