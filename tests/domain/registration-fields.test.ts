import { describe, expect, it } from 'vitest';
import type { CnpjRegistration } from '@domain';
import { companyFieldsFromRegistration } from '@domain';

const registration = (over: Partial<CnpjRegistration>) =>
  ({ legalNature: null, size: null, mei: null, ...over }) as CnpjRegistration;

describe('a company’s size and legal nature from its Receita Federal record', () => {
  it('reads the legal nature the way the Receita writes it', () => {
    expect(companyFieldsFromRegistration(registration({ legalNature: 'Sociedade Empresária Limitada' })).type).toBe(
      'limited_liability',
    );
    expect(companyFieldsFromRegistration(registration({ legalNature: '213-5 - Empresário (Individual)' })).type).toBe(
      'on_person',
    );
    expect(companyFieldsFromRegistration(registration({ legalNature: 'Sociedade Limitada Unipessoal' })).type).toBe(
      'private_limited',
    );
    expect(companyFieldsFromRegistration(registration({ legalNature: 'Associação Privada' })).type).toBeUndefined();
  });

  it('takes MEI from the SIMEI flag, ME and EPP from the size, and leaves the others alone', () => {
    expect(companyFieldsFromRegistration(registration({ size: 'ME', mei: true })).size).toBe('MEI');
    expect(companyFieldsFromRegistration(registration({ size: 'EPP', mei: false })).size).toBe('EPP');
    expect(companyFieldsFromRegistration(registration({ size: 'DEMAIS' })).size).toBeUndefined();
  });
});
