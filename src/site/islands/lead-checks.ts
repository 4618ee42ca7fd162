import * as v from 'valibot';
import { LeadSchema } from '@domain/leads';

/**
 * The contact form's checks, with the same schema as the server (`POST /leads`): a chunk of its own, which the form asks
 * for once someone reaches it (`lead-form.ts`), so a page only read never loads the schema library.
 */
export function leadFieldErrors(values: Record<string, unknown>): Record<string, string> | null {
  const parsed = v.safeParse(LeadSchema, values);
  if (parsed.success) return null;
  const nested = v.flatten<typeof LeadSchema>(parsed.issues).nested ?? {};
  return Object.fromEntries(Object.entries(nested).map(([name, messages]) => [name, messages?.[0] ?? '']));
}
