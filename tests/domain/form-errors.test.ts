import { describe, expect, it } from 'vitest';
import { stepProblems, validate } from '@domain';
import * as v from 'valibot';

// Every field a person left empty or got wrong is named at once with its own pt-BR message (docs/features.md,
// "Forms say what is wrong, where"); no message meant for developers ("objeto JSON") ever lands on a field.
const today = new Date('2026-11-28T12:00:00Z');
const married = {
  name: 'Ana Paula Souza',
  cpf: '529.982.247-25',
  birthDate: '1988-07-22',
  maritalStatus: 'married',
  share: '100',
  email: 'ana.souza@exemplo.com.br',
  phone: '(11) 98765-4321',
};
const partners = (partner: Record<string, unknown>) =>
  stepProblems('create-company', 'partner-registration', { partners: [partner] } as never, null, today);

describe('a form’s problems, each on its field', () => {
  it('marks every address field and the property regime when both are left empty', () => {
    expect(partners(married)).toEqual({
      'partners.0.propertyRegime': 'Informe o regime de bens.',
      'partners.0.address.zipCode': 'CEP inválido.',
      'partners.0.address.street': 'Informe o logradouro.',
      'partners.0.address.number': 'Informe o número (ou S/N).',
      'partners.0.address.neighborhood': 'Informe o bairro.',
      'partners.0.address.city': 'Informe a cidade.',
      'partners.0.address.state': 'Escolha a UF.',
    });
  });

  it('asks for each address field still empty after only the district is typed', () => {
    expect(partners({ ...married, propertyRegime: 'community_property', address: { neighborhood: 'Savassi' } })).toEqual({
      'partners.0.address.zipCode': 'CEP inválido.',
      'partners.0.address.street': 'Informe o logradouro.',
      'partners.0.address.number': 'Informe o número (ou S/N).',
      'partners.0.address.city': 'Informe a cidade.',
      'partners.0.address.state': 'Escolha a UF.',
    });
  });

  it('names the second partner’s fields too, not only the first’s', () => {
    const problems = stepProblems(
      'create-company',
      'partner-registration',
      {
        partners: [
          { ...married, share: '50' },
          { name: 'Bruno Lima', share: '50' },
        ],
      } as never,
      null,
      today,
    );
    expect(problems).toMatchObject({
      'partners.0.propertyRegime': 'Informe o regime de bens.',
      'partners.1.cpf': 'CPF inválido.',
      'partners.1.birthDate': 'Informe a data de nascimento.',
      'partners.1.maritalStatus': 'Informe o estado civil.',
      'partners.1.address.street': 'Informe o logradouro.',
    });
    expect(Object.values(problems).join(' ')).not.toMatch(/JSON|Valor inválido/);
  });

  it('never puts the developers’ message on a field, for any schema with a nested object', () => {
    const schema = v.object({ items: v.array(v.object({ place: v.object({ city: v.string('Informe a cidade.') }) })) });
    expect(validate(schema, { items: [{}] })).toMatchObject({ ok: false, fields: { 'items.0.place.city': 'Informe a cidade.' } });
  });

  it('keeps the developers’ message for a body that is not an object at all (the API’s callers)', () => {
    expect(validate(v.object({ name: v.string() }), 'texto')).toMatchObject({
      ok: false,
      message: 'Os dados enviados devem ser um objeto JSON.',
    });
  });
});

describe('validate, called again and again with one schema (each schema’s filler is built once)', () => {
  const schema = v.object({
    name: v.pipe(v.string('Informe o nome.'), v.minLength(1, 'Informe o nome.')),
    address: v.object({ city: v.string('Informe a cidade.') }),
    tags: v.optional(v.array(v.object({ label: v.string('Informe o rótulo.') }))),
    note: v.optional(v.object({ text: v.string('Escreva a nota.') })),
  });

  it('names the same fields every time, nested and in lists, and leaves an optional object alone', () => {
    for (let i = 0; i < 3; i++) {
      expect(validate(schema, { tags: [{}] })).toEqual({
        ok: false,
        message: 'Informe o nome.',
        fields: { name: 'Informe o nome.', 'address.city': 'Informe a cidade.', 'tags.0.label': 'Informe o rótulo.' },
      });
      expect(validate(schema, { name: 'Ana', address: { city: 'Recife' } })).toEqual({
        ok: true,
        value: { name: 'Ana', address: { city: 'Recife' }, tags: undefined, note: undefined },
      });
    }
  });

  it('keeps what a loose object does not declare, and leaves it out of a plain one, as valibot does', () => {
    const input = { name: 'Ana', origem: 'site' };
    expect(validate(v.looseObject({ name: v.string() }), input)).toEqual({ ok: true, value: { name: 'Ana', origem: 'site' } });
    expect(validate(v.object({ name: v.string() }), input)).toEqual({ ok: true, value: { name: 'Ana' } });
    // The input itself is left as it came.
    expect(input).toEqual({ name: 'Ana', origem: 'site' });
  });

  it('refuses U+0000 in a nested text or a key, by path, and nothing else', () => {
    const message = 'O texto enviado contém um caractere inválido.';
    expect(validate(schema, { name: 'Ana', address: { city: 'Re\u0000cife' } })).toEqual({
      ok: false,
      message,
      fields: { 'address.city': message },
    });
    expect(validate(schema, { name: 'Ana', address: { city: 'Recife' }, ['x\u0000']: 1 })).toMatchObject({
      ok: false,
      fields: { 'x\u0000': message },
    });
    expect(validate(schema, { name: 'Ana', address: { city: 'Recife' }, tags: [{ label: 'ok' }] }).ok).toBe(true);
  });
});
