import * as v from 'valibot';

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
    if (path && !(path in fields)) fields[path] = issue.message;
  }
  return fields;
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

type ObjectLikeSchema = {
  type: string;
  entries?: Record<string, { entries?: unknown; pipe?: unknown }>;
  pipe?: readonly unknown[];
};

function entriesOf(schema: unknown): Record<string, unknown> | undefined {
  const s = schema as ObjectLikeSchema;
  if (s.entries) return s.entries;
  if (Array.isArray(s.pipe)) return entriesOf(s.pipe[0]);
  return undefined;
}

/**
 * valibot reports a missing required key with the object's generic message; giving every declared key, even as
 * undefined, makes the field's own schema answer with its pt-BR message instead.
 */
function withDeclaredKeys(schema: unknown, input: unknown): unknown {
  const entries = entriesOf(schema);
  if (!entries || !input || typeof input !== 'object' || Array.isArray(input)) return input;
  const filled: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [key, entry] of Object.entries(entries)) {
    filled[key] = withDeclaredKeys(entry, filled[key]);
  }
  return filled;
}

/** What a person is told when a text holds the NUL character, which no database text can store. */
export const NUL_CHARACTER_MESSAGE = 'O texto enviado contém um caractere inválido.';

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
  const withNul = nulPaths(input);
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
