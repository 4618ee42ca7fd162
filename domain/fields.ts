import * as v from 'valibot';

/*
 * Field schemas the signed-in areas share. Kept apart from validation.ts, which the login page loads: a constant
 * here would otherwise travel in the login page's chunk (docs/performance.md).
 */

/** An id field (a UUID), refused with the field's own message. */
export const UuidSchema = (message: string) => v.pipe(v.string(message), v.uuid(message));

/** A company's id as every company route takes it (`?companyId=`). */
export const CompanyIdSchema = v.pipe(v.string('Informe a empresa.'), v.uuid('Empresa inválida.'));

/** The query of a route that names only the company. */
export const CompanyQuerySchema = v.object({ companyId: CompanyIdSchema });

/** A calendar day as the API takes it, YYYY-MM-DD. */
const DAY_KEY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether a YYYY-MM-DD text is a day the calendar has: 2026-02-30 is not. */
const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A calendar day field (AAAA-MM-DD) the calendar has, refused with the field's own message. */
export const DayKeySchema = (message?: string) =>
  v.pipe(v.string(message), v.regex(DAY_KEY, message), v.check(isRealDay, message));
