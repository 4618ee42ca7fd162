import { describe, expect, it } from 'vitest';
import type { NfsCustomer } from '@domain';
import { NfsRequestSchema, countryName, foreignCountries, formatTakerAddress, formatTakerDocument, validate } from '@domain';
import { invoiceBody } from '@/routes/app/_signedIn/_withCompany/-components/invoices/InvoiceForm';
import {
  addressValues,
  customerValues,
  emptyInvoice,
  nationalAddressError,
  takerAddressBody,
} from '@/routes/app/_signedIn/_withCompany/-components/invoices/invoice-values';
import { PRACA_DA_SE_STORED, SAN_FRANCISCO_ADDRESS } from '../support/addresses';

const base = {
  ...emptyInvoice('2026-10'),
  customerName: 'Acme Software Inc.',
  description: 'Consultoria',
  totalCents: 150_050,
};

describe('the invoice form’s tomador', () => {
  it('sends no address for a tomador in Brazil when none was typed, and the typed one by the API’s names', () => {
    expect(takerAddressBody({ ...base, cnpj: '11.222.333/0001-81' })).toBeUndefined();
    expect(
      takerAddressBody({
        ...base,
        address: {
          zipCode: '01001-000',
          cityIbgeCode: '3550308',
          city: 'São Paulo',
          state: 'SP',
          street: 'Praça da Sé',
          number: '100',
          neighborhood: 'Sé',
        },
      }),
    ).toEqual({
      postalCode: '01001-000',
      cityIbgeCode: '3550308',
      street: 'Praça da Sé',
      number: '100',
      complement: '',
      district: 'Sé',
    });
  });

  it('sends a tomador abroad with its NIF or its reason, never a withholding left ticked', () => {
    const foreign = {
      ...base,
      emissionType: 'foreign' as const,
      issWithheld: true,
      noNifReason: '2' as const,
      foreignAddress: { ...SAN_FRANCISCO_ADDRESS, complement: '' },
    };
    const body = invoiceBody(foreign, 'request');
    expect(body).toMatchObject({ emissionType: 'foreign', nif: undefined, noNifReason: '2', issWithheld: false });
    expect(body).not.toHaveProperty('cnpj');
    expect(validate(NfsRequestSchema, body)).toMatchObject({ ok: true });
    expect(invoiceBody({ ...foreign, nif: ' 98-7654321 ' }, 'request')).toMatchObject({
      nif: '98-7654321',
      noNifReason: undefined,
    });
  });

  it('shows the server’s address messages under the wizard’s fields', () => {
    const errors = {
      'customerAddress.postalCode': 'Informe o CEP do tomador.',
      'customerAddress.district': 'Informe o bairro do tomador.',
      'customerAddress.cityIbgeCode': 'Cidade não encontrada: confira o CEP.',
    };
    expect(nationalAddressError(errors, 'customerAddress.zipCode')).toBe('Informe o CEP do tomador.');
    expect(nationalAddressError(errors, 'customerAddress.neighborhood')).toBe('Informe o bairro do tomador.');
    expect(nationalAddressError(errors, 'customerAddress.city')).toBeUndefined();
    expect(
      nationalAddressError({ 'customerAddress.cityIbgeCode': 'Cidade não encontrada: confira o CEP.' }, 'customerAddress.city'),
    ).toBe('Cidade não encontrada: confira o CEP.');
  });

  it('prefills a known tomador’s address, NIF and reason', () => {
    const lisboa: NfsCustomer = {
      emissionType: 'foreign',
      document: '',
      name: 'Lisboa Estúdio Lda',
      email: null,
      noNifReason: '1',
      address: {
        kind: 'foreign',
        countryCode: 'PT',
        postalCode: '1100-148',
        city: 'Lisboa',
        region: 'Lisboa',
        street: 'Rua Augusta',
        number: '10',
        district: 'Baixa',
      },
    };
    expect(customerValues(lisboa)).toEqual({
      customerName: 'Lisboa Estúdio Lda',
      customerEmail: '',
      nif: '',
      noNifReason: '1',
      address: {},
      foreignAddress: {
        countryCode: 'PT',
        postalCode: '1100-148',
        city: 'Lisboa',
        region: 'Lisboa',
        street: 'Rua Augusta',
        number: '10',
        complement: '',
        district: 'Baixa',
      },
    });
    expect(addressValues({ ...PRACA_DA_SE_STORED, complement: undefined }).address).toEqual({
      zipCode: '01001-000',
      cityIbgeCode: '3550308',
      city: 'São Paulo',
      state: 'SP',
      street: 'Praça da Sé',
      number: '100',
      complement: '',
      neighborhood: 'Sé',
    });
  });
});

describe('the tomador shown in pt-BR', () => {
  it('names countries in Portuguese, Brazil and non-countries left out', () => {
    const codes = foreignCountries().map((country) => country.code);
    expect(codes).toHaveLength(248);
    expect(codes).toContain('US');
    expect(codes).not.toContain('BR');
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('UK');
    expect(foreignCountries()[0]).toEqual({ code: 'AF', name: 'Afeganistão' });
    expect(countryName('DE')).toBe('Alemanha');
  });

  it('writes the address and the document without bare codes', () => {
    expect(formatTakerAddress(PRACA_DA_SE_STORED)).toEqual(['Praça da Sé, 100, Sala 2 — Sé', 'São Paulo/SP · CEP 01001-000']);
    expect(
      formatTakerAddress({
        kind: 'foreign',
        ...SAN_FRANCISCO_ADDRESS,
      }),
    ).toEqual(['Market Street, 500 — SoMa', 'San Francisco, California · Código postal 94105', 'Estados Unidos']);
    expect(formatTakerDocument({ emissionType: 'foreign', cnpj: null, cpf: null, nif: null, customerNoNifReason: '1' })).toEqual({
      label: 'NIF',
      value: 'Dispensado do NIF',
    });
    expect(
      formatTakerDocument({ emissionType: 'cpf', cnpj: null, cpf: '52998224725', nif: null, customerNoNifReason: null }),
    ).toEqual({ label: 'CPF', value: '529.982.247-25' });
  });
});
