import { LeadSchema } from '@domain/leads';
import { validate } from '@domain/validation';

/**
 * The contact form's checks, with the same schema and messages as the server (`POST /leads`, `validate`): a chunk of
 * its own, which the form asks for once someone reaches it (`lead-form.ts`), so a page only read never loads the schema
 * library.
 */
export function leadFieldErrors(values: Record<string, unknown>): Record<string, string> | null {
  const result = validate(LeadSchema, values);
  return result.ok ? null : result.fields;
}
