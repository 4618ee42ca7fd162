import * as v from 'valibot';
import { MONTH_KEY } from './dates';

/**
 * Every rule of the domain carries its own pt-BR message; this answers for anything else (a wrong JSON type, say),
 * so no English message from the library ever reaches a user.
 */
v.setGlobalMessage((issue) =>
  issue.type === 'object' || issue.type === 'loose_object' ? 'Os dados enviados devem ser um objeto JSON.' : 'Valor inválido.',
);

/** Field path → first pt-BR message, the `fields` of the error envelope and what forms show under each input. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    // An issue of the whole input has no field: its message is the error's own message.
    if (path && !(path in fields)) fields[path] = messageForField(issue);
  }
  return fields;
}

/**
 * What a field says: its schema's pt-BR message, except the generic one meant for the API's callers ("objeto
 * JSON"), which no person should read under an input.
 */
function messageForField(issue: v.BaseIssue<unknown>): string {
  if (!OBJECT_TYPES.has(issue.type)) return issue.message;
  return issue.input === undefined ? 'Campo obrigatório.' : 'Valor inválido.';
}

/**
 * Any part of a value, as a form holds it while it is filled one field at a time: a choice not made yet is blank
 * (''), a box to tick may be unticked.
 */
export type FormDraft<T> = T extends readonly (infer Item)[]
  ? FormDraft<Item>[]
  : T extends boolean
    ? boolean
    : T extends string
      ? T | ''
      : T extends object
        ? { [K in keyof T]?: FormDraft<T[K]> }
        : T;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors; message: string };

type SchemaShape = { type: string; entries?: Record<string, unknown>; item?: unknown; wrapped?: unknown };

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);
const WRAPPER_TYPES = new Set(['optional', 'exact_optional', 'nullish', 'nullable', 'undefinedable']);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * valibot reports a missing key, or a whole nested object left untouched (a partner's address not typed yet), with
 * the object's generic message, and nothing of the fields inside. Giving every declared key, even as undefined, at
 * every depth (each item of a list too) makes each field's own schema answer with its pt-BR message instead, all at
 * once. A value that is not an object at the top is left alone: that is a caller's mistake, not a person's.
 */
function withDeclaredKeys(schema: unknown, input: unknown): unknown {
  const fill = fillerOf(schema);
  return fill ? fill(input, false) : input;
}

/** Fills a value's declared keys for one schema; null where the schema declares none at any depth (the value stays). */
type Filler = (input: unknown, nested: boolean) => unknown;
/** Each schema's filler, built once: a list call's query is filled on every request. */
const fillers = new WeakMap<object, Filler | null>();

function fillerOf(schema: unknown): Filler | null {
  const s = schema as SchemaShape;
  const known = fillers.get(s);
  if (known !== undefined) return known;
  fillers.set(s, null);
  let filler: Filler | null = null;
  if (WRAPPER_TYPES.has(s.type)) {
    const inner = fillerOf(s.wrapped);
    if (inner) filler = (input, nested) => (input == null ? input : inner(input, nested));
  } else if (s.type === 'array') {
    const item = fillerOf(s.item);
    if (item) filler = (input) => (Array.isArray(input) ? input.map((value) => item(value, true)) : input);
  } else if (OBJECT_TYPES.has(s.type) && s.entries) {
    const entries = Object.entries(s.entries).map(([key, entry]) => [key, fillerOf(entry)] as const);
    // A plain object schema leaves out the keys it does not declare: only the declared ones need copying.
    const declaredOnly = s.type === 'object';
    filler = (input, nested) => {
      const value = input === undefined && nested ? {} : input;
      if (!isPlainObject(value)) return value;
      const filled: Record<string, unknown> = declaredOnly ? {} : { ...value };
      for (const [key, fill] of entries) filled[key] = fill ? fill(value[key], true) : value[key];
      return filled;
    };
  }
  fillers.set(s, filler);
  return filler;
}

/** What a person is told when a text holds the NUL character, which no database text can store. */
export const NUL_CHARACTER_MESSAGE = 'O texto enviado contém um caractere inválido.';

/** Whether a string anywhere in the input (a key too) holds U+0000: the common answer, no, found without paths. */
function hasNul(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The dot paths of the strings that hold U+0000 anywhere in the input (keys too). PostgreSQL refuses it in any text,
 * so it is stopped here, for every schema at once, with a message instead of a database error.
 */
function nulPaths(input: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (found.length >= 20 || depth > 32) return;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, path ? `${path}.${i}` : String(i), depth + 1));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) found.push(at);
        else visit(item, at, depth + 1);
      }
    }
  };
  visit(input, '', 0);
  return found;
}

/** Validates with a domain schema and answers either the parsed value or the messages per field. */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  const withNul = hasNul(input) ? nulPaths(input) : [];
  if (withNul.length) {
    return {
      ok: false,
      fields: Object.fromEntries(withNul.filter(Boolean).map((path) => [path, NUL_CHARACTER_MESSAGE])),
      message: NUL_CHARACTER_MESSAGE,
    };
  }
  const result = v.safeParse(schema, withDeclaredKeys(schema, input));
  if (result.success) return { ok: true, value: result.output };
  const fields = fieldErrorsOf(result.issues);
  return { ok: false, fields, message: result.issues[0]?.message ?? 'Dados inválidos.' };
}

/** A month field (AAAA-MM), refused with the field's own message. */
export const MonthKeySchema = (message?: string) => v.pipe(v.string(message), v.regex(MONTH_KEY, message));
