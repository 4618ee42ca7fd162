import { describe, expect, it } from 'vitest';
import {
  BasicPartnerSchema,
  MigrationPreRegistrationSchema,
  UserUpdateSchema,
  firstPartnerContact,
  partnerRegistrationSchema,
  validate,
} from '@domain';
import { SOLE_PARTNER } from '../support/partners';

const TODAY = new Date('2026-11-25T12:00:00Z');
const partner = SOLE_PARTNER;
const basicPartner = { name: 'Ana Souza', cpf: '438.944.943-52', email: 'ana@empresa.com.br', phone: '(11) 98765-4321' };

describe('a partner’s mobile ("Celular")', () => {
  const phoneError = (phone: string) => {
    const result = validate(partnerRegistrationSchema(TODAY), { partners: [{ ...partner, phone }] });
    return result.ok ? undefined : result.fields['partners.0.phone'];
  };
  const basicPhoneError = (phone: string) => {
    const result = validate(BasicPartnerSchema, { ...basicPartner, phone });
    return result.ok ? undefined : result.fields.phone;
  };

  it.each(['', '   ', '(__) _____-____'])('left blank (%j) asks for it, not "Celular inválido"', (phone) => {
    expect(phoneError(phone)).toBe('Informe o celular.');
    expect(basicPhoneError(phone)).toBe('Informe o celular.');
  });

  it('refuses a landline, where the field must be a mobile', () => {
    expect(phoneError('(11) 3333-4444')).toBe('Celular inválido');
    expect(basicPhoneError('1133334444')).toBe('Celular inválido');
  });

  it.each(['(11) 9876-543', '(01) 98765-4321', '(11) 88765-4321'])('refuses %s with "Celular inválido"', (phone) => {
    expect(phoneError(phone)).toBe('Celular inválido');
  });

  it('accepts a mobile, masked or not, and keeps its digits', () => {
    const result = validate(partnerRegistrationSchema(TODAY), { partners: [partner] });
    expect(result.ok && result.value.partners[0].phone).toBe('11987654321');
    const basic = validate(BasicPartnerSchema, { ...basicPartner, phone: '31987654321' });
    expect(basic.ok && basic.value.phone).toBe('31987654321');
  });
});

describe('a phone where a landline will do ("Telefone")', () => {
  it('accepts a landline as the current accountant’s phone and names a bad one "Telefone inválido"', () => {
    const base = { cnpj: '11.222.333/0001-81', currentAccountant: { name: 'Silva Contabilidade' } };
    const landline = validate(MigrationPreRegistrationSchema, {
      ...base,
      currentAccountant: { ...base.currentAccountant, phone: '(11) 3333-4444' },
    });
    expect(landline.ok && landline.value.currentAccountant.phone).toBe('1133334444');
    const bad = validate(MigrationPreRegistrationSchema, {
      ...base,
      currentAccountant: { ...base.currentAccountant, phone: '(11) 3333' },
    });
    expect(!bad.ok && bad.fields['currentAccountant.phone']).toBe('Telefone inválido');
  });
});

describe('the profile’s phone', () => {
  it('accepts the landline given at signup, so saving a new name is not blocked by it', () => {
    const result = validate(UserUpdateSchema, { name: 'Carlos Mendes', phone: '(11) 3333-4444' });
    expect(result).toEqual({ ok: true, value: { name: 'Carlos Mendes', phone: '1133334444' } });
  });

  it('accepts a mobile, and clears the phone when blank', () => {
    expect(validate(UserUpdateSchema, { phone: '(21) 99876-5432' })).toEqual({ ok: true, value: { phone: '21998765432' } });
    expect(validate(UserUpdateSchema, { phone: '' })).toEqual({ ok: true, value: { phone: null } });
  });

  it.each(['(11) 3333', '(01) 3333-4444', 'abc'])('refuses %s with "Telefone inválido"', (phone) => {
    const result = validate(UserUpdateSchema, { phone });
    expect(!result.ok && result.fields.phone).toBe('Telefone inválido');
  });
});

describe('the first partner’s contact, from the person who signed up', () => {
  it('pre-fills name, e-mail and the mobile given at signup, masked as the field shows it', () => {
    expect(firstPartnerContact({ name: 'Marina Alves', email: 'marina@empresa.com.br', phone: '31987654321' })).toEqual({
      name: 'Marina Alves',
      email: 'marina@empresa.com.br',
      phone: '(31) 98765-4321',
    });
  });

  it('leaves the mobile blank when none was given or the phone is a landline', () => {
    expect(firstPartnerContact({ name: 'Marina Alves', email: 'marina@empresa.com.br', phone: null }).phone).toBe('');
    expect(firstPartnerContact({ name: 'Marina Alves', email: 'marina@empresa.com.br', phone: '1133334444' }).phone).toBe('');
  });

  it('leaves everything blank for nobody known yet', () => {
    expect(firstPartnerContact(null)).toEqual({ name: '', email: '', phone: '' });
  });
});
