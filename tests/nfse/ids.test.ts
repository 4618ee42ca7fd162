import { describe, expect, it } from 'vitest';
import { dpsId, dpsIdProblem, isAccessKey, isDpsNumber, isIbgeCityCode, parseAccessKey, parseDpsId } from '@domain/nfseNacional';

describe('the DPS id (infDPS/@Id)', () => {
  it('is DPS + city (7) + inscription type (1) + inscription (14) + series (5) + number (15): 45 characters', () => {
    const id = dpsId({
      cityIbgeCode: '3550308',
      inscriptionType: 'cnpj',
      inscription: '12345678000195',
      series: '1',
      number: '42',
    });
    expect(id).toHaveLength(45);
    expect(id).toMatch(/^DPS[0-9]{42}$/);
    expect(id.slice(0, 3)).toBe('DPS');
    expect(id.slice(3, 10)).toBe('3550308');
    expect(id.slice(10, 11)).toBe('2');
    expect(id.slice(11, 25)).toBe('12345678000195');
    expect(id.slice(25, 30)).toBe('00001');
    expect(id.slice(30, 45)).toBe('000000000000042');
  });

  it('writes a CPF left-padded to 14 digits, with inscription type 1', () => {
    const id = dpsId({
      cityIbgeCode: '4106902',
      inscriptionType: 'cpf',
      inscription: '52998224725',
      series: '900',
      number: '123456789012345',
    });
    expect(id).toBe('DPS' + '4106902' + '1' + '00052998224725' + '00900' + '123456789012345');
    expect(parseDpsId(id)).toEqual({
      cityIbgeCode: '4106902',
      inscriptionType: 'cpf',
      inscription: '52998224725',
      series: '900',
      number: '123456789012345',
    });
  });

  it('reads back the parts it was made of', () => {
    const parts = {
      cityIbgeCode: '3304557',
      inscriptionType: 'cnpj' as const,
      inscription: '11222333000181',
      series: '12345',
      number: '7',
    };
    expect(parseDpsId(dpsId(parts))).toEqual(parts);
    expect(parseDpsId('DPS123')).toBeNull();
    expect(parseDpsId('DPS' + '3550308' + '3' + '0'.repeat(34))).toBeNull();
  });

  it('refuses parts the layout cannot carry, in Portuguese', () => {
    const ok = {
      cityIbgeCode: '3550308',
      inscriptionType: 'cnpj' as const,
      inscription: '12345678000195',
      series: '1',
      number: '1',
    };
    expect(dpsIdProblem(ok)).toBeNull();
    expect(dpsIdProblem({ ...ok, number: '0' })).toBe('Número da DPS deve ter de 1 a 15 dígitos, sem zero à esquerda.');
    expect(dpsIdProblem({ ...ok, number: '0012' })).toMatch(/sem zero à esquerda/);
    expect(dpsIdProblem({ ...ok, number: '1'.repeat(16) })).toMatch(/1 a 15 dígitos/);
    expect(dpsIdProblem({ ...ok, series: '123456' })).toBe('Série da DPS deve ser um número de 1 a 49999.');
    expect(dpsIdProblem({ ...ok, series: 'A1' })).toBe('Série da DPS deve ser um número de 1 a 49999.');
    expect(dpsIdProblem({ ...ok, cityIbgeCode: '9950308' })).toMatch(/Código IBGE/);
    // The 2026 alphanumeric CNPJ (the Receita's example 12.ABC.345/01DE-35) goes into the id as it is (layout 1.01).
    expect(dpsIdProblem({ ...ok, inscription: '12ABC34501DE35' })).toBeNull();
    expect(dpsId({ ...ok, inscription: '12.ABC.345/01DE-35' })).toBe('DPS3550308212ABC34501DE3500001000000000000001');
    expect(dpsIdProblem({ ...ok, inscription: '12ABC34501DE3X' })).toBe(
      'O CNPJ do prestador deve ter 14 caracteres (12 letras ou dígitos e 2 dígitos verificadores).',
    );
    expect(() => dpsId({ ...ok, number: '0' })).toThrow('Número da DPS');
  });

  it('knows a DPS number and a municipality code by their shape', () => {
    expect(isDpsNumber('1')).toBe(true);
    expect(isDpsNumber('999999999999999')).toBe(true);
    expect(isDpsNumber('01')).toBe(false);
    expect(isDpsNumber('')).toBe(false);
    expect(isIbgeCityCode('3550308')).toBe(true);
    expect(isIbgeCityCode('5300108')).toBe(true);
    expect(isIbgeCityCode('3450308')).toBe(false); // 34 is no state
    expect(isIbgeCityCode('355030')).toBe(false);
  });
});

describe('the NFS-e access key', () => {
  const key = '3550308' + '1' + '2' + '12345678000195' + '0000000000042' + '2611' + '123456789' + '7';

  it('has 50 digits', () => {
    expect(key).toHaveLength(50);
    expect(isAccessKey(key)).toBe(true);
    expect(isAccessKey(key.slice(1))).toBe(false);
    expect(isAccessKey(key.slice(1) + 'A')).toBe(false);
    expect(isAccessKey(` ${key}`)).toBe(false);
  });

  it('is read into its parts', () => {
    expect(parseAccessKey(key)).toEqual({
      cityIbgeCode: '3550308',
      issuingEnvironment: '1',
      inscriptionType: 'cnpj',
      inscription: '12345678000195',
      nfseNumber: '0000000000042',
      yearMonth: '2611',
      numericCode: '123456789',
      checkDigit: '7',
    });
    expect(parseAccessKey('123')).toBeNull();
  });
});
