import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { NfsRequestSchema, NfsScheduleSchema } from '@domain/invoices';

describe('the tomador check inside the invoice schemas', () => {
  it('refuses a body that is no object with a message, never a TypeError', () => {
    for (const body of [null, 42, 'texto', []]) {
      for (const schema of [NfsScheduleSchema, NfsRequestSchema]) {
        const result = v.safeParse(schema, body);
        expect(result.success).toBe(false);
      }
    }
  });
});
