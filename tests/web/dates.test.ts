import { describe, expect, it } from 'vitest';
import { DocumentRegisterSchema, MigrateAccountantSchema, NfsRequestSchema, validate } from '@domain';
import { brDateToIso, brMonthToIso, dateFieldValue, isIsoMonth, isoDateToBr, isoMonthToBr, monthFieldValue } from '@/lib/dates';

/** Dates are typed and shown dd/mm/aaaa (months mm/aaaa) whatever the browser's language; forms keep ISO. */
describe('a day typed the Brazilian way', () => {
  it('becomes the ISO day the forms keep', () => {
    expect(brDateToIso('20/05/1990')).toBe('1990-05-20');
    expect(dateFieldValue('20/05/1990')).toBe('1990-05-20');
  });
  it('is shown back as typed', () => {
    expect(isoDateToBr('1990-05-20')).toBe('20/05/1990');
    expect(isoDateToBr(dateFieldValue('01/12/2026'))).toBe('01/12/2026');
  });
  it('is refused when it is not a real day', () => {
    expect(brDateToIso('31/02/2026')).toBeUndefined();
    expect(brDateToIso('29/02/2025')).toBeUndefined();
    expect(brDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(brDateToIso('29/02/1900')).toBeUndefined();
    expect(brDateToIso('29/02/2000')).toBe('2000-02-29');
    expect(brDateToIso('31/04/2026')).toBeUndefined();
    expect(brDateToIso('00/05/2026')).toBeUndefined();
    expect(brDateToIso('10/13/2026')).toBeUndefined();
    expect(brDateToIso('10/05/0000')).toBeUndefined();
  });
  it('keeps an incomplete or impossible text as typed, and shows it as it is', () => {
    expect(dateFieldValue('20/05/19')).toBe('20/05/19');
    expect(dateFieldValue('31/02/2026')).toBe('31/02/2026');
    expect(isoDateToBr('20/05/19')).toBe('20/05/19');
    expect(dateFieldValue('')).toBe('');
    expect(dateFieldValue('  ')).toBe('');
  });
  it('does not read the US order', () => {
    expect(brDateToIso('05/20/1990')).toBeUndefined();
    expect(brDateToIso('1990-05-20')).toBeUndefined();
  });
});

describe('a month typed the Brazilian way', () => {
  it('becomes the ISO month and is shown back', () => {
    expect(brMonthToIso('10/2026')).toBe('2026-10');
    expect(monthFieldValue('03/2017')).toBe('2017-03');
    expect(isoMonthToBr('2017-03')).toBe('03/2017');
  });
  it('keeps what is not a month as typed', () => {
    expect(monthFieldValue('13/2026')).toBe('13/2026');
    expect(monthFieldValue('00/2026')).toBe('00/2026');
    expect(monthFieldValue('10/20')).toBe('10/20');
    expect(monthFieldValue('')).toBe('');
    expect(isoMonthToBr('10/20')).toBe('10/20');
  });
  it('tells a complete month from the rest (filters apply only then)', () => {
    expect(isIsoMonth('2026-10')).toBe(true);
    expect(isIsoMonth('2026-13')).toBe(false);
    expect(isIsoMonth('10/2026')).toBe(false);
    expect(isIsoMonth('')).toBe(false);
  });
});

/** What a field hands its form when the text is not a date yet: each form's schema refuses it with its message. */
describe('the forms’ schemas refuse a date still being typed', () => {
  const fieldError = (schema: Parameters<typeof validate>[0], input: unknown, field: string) => {
    const checked = validate(schema, input);
    return checked.ok ? undefined : checked.fields[field];
  };
  it('the competence of an invoice request', () => {
    expect(fieldError(NfsRequestSchema, { competence: monthFieldValue('10/20') }, 'competence')).toBe(
      'Informe o mês de competência.',
    );
  });
  it('the last month of the previous accountant', () => {
    expect(
      fieldError(MigrateAccountantSchema, { lastResponsibleMonth: monthFieldValue('13/2026') }, 'lastResponsibleMonth'),
    ).toBe('Informe a última competência do contador anterior.');
  });
  it('a document’s due date and month', () => {
    const input = {
      uploadToken: 'x',
      type: 'guia_das',
      dueDate: dateFieldValue('31/02/2026'),
      competence: monthFieldValue('1/2026'),
    };
    expect(fieldError(DocumentRegisterSchema, input, 'dueDate')).toBe('Data de vencimento inválida.');
    expect(fieldError(DocumentRegisterSchema, input, 'competence')).toBe('Competência inválida.');
    expect(fieldError(DocumentRegisterSchema, { ...input, dueDate: dateFieldValue('28/02/2026') }, 'dueDate')).toBeUndefined();
  });
});
