import { describe, expect, it } from 'vitest';
import type { NfsCustomer } from '@domain';
import { knownCustomerMatch } from '@domain';
import { SAN_FRANCISCO_ADDRESS } from '../support/addresses';

const padaria: NfsCustomer = {
  emissionType: 'cnpj',
  document: '36711088000105',
  name: 'Padaria Pão Dourado Ltda',
  email: 'contato@paodourado.com.br',
  address: null,
  noNifReason: null,
};
const ana: NfsCustomer = {
  emissionType: 'cpf',
  document: '57291053714',
  name: 'Ana Lima',
  email: null,
  address: null,
  noNifReason: null,
};
const acme: NfsCustomer = {
  emissionType: 'foreign',
  document: '98-7654321',
  name: 'Acme Software Inc.',
  email: null,
  address: {
    kind: 'foreign',
    ...SAN_FRANCISCO_ADDRESS,
  },
  noNifReason: null,
};
const semNif: NfsCustomer = { ...acme, document: '', name: 'Lisboa Estúdio Lda', noNifReason: '2' };
const known = [padaria, ana, acme, semNif];

describe('a tomador invoiced before (knownCustomerMatch)', () => {
  it('recognises nothing until the document is complete, or for a document never invoiced', () => {
    expect(knownCustomerMatch(known, { emissionType: 'cnpj', document: '36.711.088/0001', name: '' })).toBeNull();
    expect(knownCustomerMatch(known, { emissionType: 'cnpj', document: '11.222.333/0001-81', name: '' })).toBeNull();
  });

  it('fills name and e-mail together when no name was typed', () => {
    expect(knownCustomerMatch(known, { emissionType: 'cnpj', document: '36.711.088/0001-05', name: '  ' })).toEqual({
      kind: 'fill',
      customer: padaria,
    });
  });

  it('is the same tomador when the typed name matches, accents, case and spaces aside', () => {
    expect(
      knownCustomerMatch(known, { emissionType: 'cnpj', document: '36711088000105', name: ' padaria pao  dourado LTDA ' }),
    ).toEqual({ kind: 'same', customer: padaria });
  });

  it('flags a CNPJ that belongs to a known tomador with another name', () => {
    expect(
      knownCustomerMatch(known, { emissionType: 'cnpj', document: '36.711.088/0001-05', name: 'Mercado Bom Preço' }),
    ).toEqual({ kind: 'otherName', customer: padaria });
  });

  it('matches a CPF only as a CPF', () => {
    expect(knownCustomerMatch(known, { emissionType: 'cpf', document: '572.910.537-14', name: 'Beatriz' })).toEqual({
      kind: 'otherName',
      customer: ana,
    });
    expect(knownCustomerMatch(known, { emissionType: 'cnpj', document: '57291053714', name: '' })).toBeNull();
  });
});

describe('a tomador abroad invoiced before', () => {
  it('is known by its NIF, or by its name when it has no NIF', () => {
    expect(knownCustomerMatch(known, { emissionType: 'foreign', document: '98-7654321', name: '' })).toEqual({
      kind: 'fill',
      customer: acme,
    });
    expect(knownCustomerMatch(known, { emissionType: 'foreign', document: '', name: 'lisboa estudio lda' })).toEqual({
      kind: 'same',
      customer: semNif,
    });
    expect(knownCustomerMatch(known, { emissionType: 'foreign', document: '98-7654321', name: 'Outra Inc.' })?.kind).toBe(
      'otherName',
    );
    expect(knownCustomerMatch(known, { emissionType: 'foreign', document: '', name: 'Ana Lima' })).toBeNull();
  });
});
