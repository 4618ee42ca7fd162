import { describe, expect, it } from 'vitest';
import { NfsRequestSchema, NfsScheduleSchema, validate } from '@domain';

/** docs/rules.md: the tomador's document, the same for a request and a schedule, each message on its field. */
const base = { customerName: 'Ana Souza', description: 'Consultoria em marketing', totalValue: 150, competence: '2026-11' };

const CASES: [string, Record<string, unknown>, Record<string, string>][] = [
  ['a CNPJ type without one', { emissionType: 'cnpj' }, { cnpj: 'CNPJ precisa ser definido.' }],
  ['a CPF type without one', { emissionType: 'cpf' }, { cpf: 'CPF precisa ser definido.' }],
  ['a CNPJ whose check digits are wrong', { emissionType: 'cnpj', cnpj: '11.222.333/0001-82' }, { cnpj: 'CNPJ inválido.' }],
  ['a CPF whose check digits are wrong', { emissionType: 'cpf', cpf: '529.982.247-26' }, { cpf: 'CPF inválido.' }],
  // The other type's document is not read.
  ['a CPF type with a wrong CNPJ beside it', { emissionType: 'cpf', cpf: '529.982.247-25', cnpj: '1' }, {}],
  ['an unknown type: its own message only', { emissionType: 'rg', cnpj: '1' }, { emissionType: expect.any(String) as never }],
];

describe('the tomador’s document, for a request and a schedule alike', () => {
  for (const [name, schema, extra] of [
    ['request', NfsRequestSchema, {}],
    ['schedule', NfsScheduleSchema, { dayOfMonth: 5 }],
  ] as const) {
    for (const [what, fields, expected] of CASES) {
      it(`${name}: ${what}`, () => {
        const result = validate(schema, { ...base, ...extra, ...fields });
        expect(result.ok ? {} : result.fields).toEqual(expected);
      });
    }
    it(`${name}: the document's message shows with the other fields' at once`, () => {
      const result = validate(schema, { ...extra, emissionType: 'cnpj', cnpj: '11.222.333/0001-82' });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.fields).toMatchObject({ cnpj: 'CNPJ inválido.', description: 'Descreva o serviço prestado.' });
      }
    });
  }
});
