import { describe, expect, it } from 'vitest';
import { AdminUserCreateSchema, UserSignupSchema, formatPhone, validate } from '@domain';

const valid = { name: 'Maria Souza', email: 'maria.souza@empresa.com.br', password: 'segredo123' };

describe('signup rules (docs/rules.md)', () => {
  it('accepts a well-formed signup and keeps only digits of the phone', () => {
    const result = validate(UserSignupSchema, { ...valid, phone: '(11) 98765-4321', trackId: 'migrate-company' });
    expect(result).toEqual({ ok: true, value: { ...valid, phone: '11987654321', trackId: 'migrate-company' } });
  });

  it.each(['maria', 'maria@', 'maria@empresa', 'ma ria@empresa.com', 'maria@empresa.company', 'maria+x@empresa.com'])(
    'refuses the e-mail %s with "E-mail inválido"',
    (email) => {
      const result = validate(UserSignupSchema, { ...valid, email });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fields.email).toBe('E-mail inválido');
    },
  );

  it('refuses a password shorter than 8 characters', () => {
    const result = validate(UserSignupSchema, { ...valid, password: '1234567' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.password).toBe('A senha deve conter no mínimo 8 caracteres');
  });

  it('keeps a name on one line and refuses control characters', () => {
    const result = validate(UserSignupSchema, { ...valid, name: '  Maria\n\tSouza ' });
    expect(result.ok && result.value.name).toBe('Maria Souza');
    const refused = validate(UserSignupSchema, { ...valid, name: 'Maria\u0007Souza' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.fields.name).toBe('O nome tem caracteres que não são aceitos.');
  });

  it('reports every invalid field at once', () => {
    const result = validate(UserSignupSchema, { email: 'x', password: '1' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields).toEqual({
        name: 'Informe seu nome.',
        email: 'E-mail inválido',
        password: 'A senha deve conter no mínimo 8 caracteres',
      });
    }
  });
});

describe('admin user rules (docs/rules.md)', () => {
  it('refuses a phone shorter than 11 characters and defaults the role', () => {
    const bad = validate(AdminUserCreateSchema, { email: 'a@b.com', name: 'Ana Lima', phone: '1199999' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fields.phone).toBe('Celular inválido');
    const good = validate(AdminUserCreateSchema, { email: 'a@b.com', name: 'Ana Lima' });
    expect(good.ok && good.value.roles).toEqual(['company-admin']);
  });
});

describe('formatPhone', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1133334444', '(11) 3333-4444'],
    ['+5511987654321', '+55 (11) 98765-4321'],
    ['+551133334444', '+55 (11) 3333-4444'],
    ['123', '123'],
    [null, ''],
  ])('%j → %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
