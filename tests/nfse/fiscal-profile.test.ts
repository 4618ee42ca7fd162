import { describe, expect, it } from 'vitest';
import type { RegTrib } from '@domain/fiscalProfile';
import {
  FiscalProfileSchema,
  certificateStatus,
  isNationalServiceCodeShape,
  regTribFor,
  sendsIssRate,
} from '@domain/fiscalProfile';
import { validate } from '@domain/validation';

const base = { cityIbgeCode: '3550308', taxRegime: 'simples', serviceCode: '010701' };

describe('the fiscal profile', () => {
  it('is kept in the layout’s own forms: digits for codes, a number for the rate, series 1 unless told', () => {
    const result = validate(FiscalProfileSchema, {
      ...base,
      cityIbgeCode: '355.030-8',
      serviceCode: '01.07.01',
      nbsCode: '1.1502.10.00',
      municipalServiceCode: '001',
      issRate: '2,5',
      municipalRegistration: '  1.234.567-8 ',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        cityIbgeCode: '3550308',
        taxRegime: 'simples',
        simplesApportionment: '1',
        specialRegime: '0',
        serviceCode: '010701',
        otherServiceCodes: [],
        nbsCode: '115021000',
        municipalServiceCode: '001',
        issRate: 2.5,
        municipalRegistration: '1.234.567-8',
        dpsSeries: '1',
      },
    });
  });

  it('keeps the company’s other services as national codes, without repeats nor the main one', () => {
    const parsed = (otherServiceCodes: unknown) => validate(FiscalProfileSchema, { ...base, otherServiceCodes });
    expect(parsed('01.08.01, 17.01.01;010801\n01.07.01')).toMatchObject({
      ok: true,
      value: { otherServiceCodes: ['010801', '170101'] },
    });
    expect(parsed(['010401'])).toMatchObject({ ok: true, value: { otherServiceCodes: ['010401'] } });
    expect(parsed('')).toMatchObject({ ok: true, value: { otherServiceCodes: [] } });
    const wrong =
      'Outros serviços: informe códigos de tributação nacional de 6 dígitos separados por vírgula (ex.: 01.07.01, 17.01.01).';
    expect(parsed('01.07')).toMatchObject({ ok: false, fields: { otherServiceCodes: wrong } });
    expect(parsed('41.01.01')).toMatchObject({ ok: false, fields: { otherServiceCodes: wrong } });
  });

  it('says what is wrong with each field, in Portuguese', () => {
    const result = validate(FiscalProfileSchema, {
      cityIbgeCode: '123',
      taxRegime: 'lucro',
      serviceCode: '0107',
      nbsCode: '123',
      municipalServiceCode: '12',
      issRate: '7',
      dpsSeries: '123456',
      municipalRegistration: '1234567890123456',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toEqual({
      cityIbgeCode: 'Informe o código IBGE do município da empresa (7 dígitos).',
      taxRegime: 'Escolha o regime tributário.',
      serviceCode:
        'Código de tributação nacional deve ter 6 dígitos: item e subitem da LC 116/2003 e o desdobro nacional (ex.: 010701).',
      nbsCode: 'Código NBS deve ter 9 dígitos (ex.: 1.1502.10.00).',
      municipalServiceCode: 'Código de tributação municipal deve ter 3 dígitos.',
      issRate: 'Alíquota do ISS deve estar entre 0% e 5%.',
      dpsSeries: 'Série da DPS deve ser um número de 1 a 49999.',
      municipalRegistration: 'Inscrição municipal deve ter no máximo 15 caracteres.',
    });
  });

  it('holds the ISS rate to the law’s 2 % floor, except for the subitems the law exempts (7.02, 7.05, 16.01)', () => {
    const low = validate(FiscalProfileSchema, { ...base, issRate: 1.5 });
    expect(low.ok === false && low.fields.issRate).toBe('Alíquota do ISS deve estar entre 2% e 5%.');
    expect(validate(FiscalProfileSchema, { ...base, serviceCode: '070201', issRate: 1.5 }).ok).toBe(true);
    expect(validate(FiscalProfileSchema, { ...base, issRate: '' })).toMatchObject({ ok: true, value: { issRate: undefined } });
    const fraction = validate(FiscalProfileSchema, { ...base, issRate: 2.555 });
    expect(fraction.ok).toBe(false);
  });

  it('knows a national service code by its shape: item 01–40 (or 99, the national list’s services without ISS and ICMS), subitem and breakdown never 00', () => {
    expect(isNationalServiceCodeShape('010701')).toBe(true);
    expect(isNationalServiceCodeShape('990101')).toBe(true);
    expect(isNationalServiceCodeShape('980101')).toBe(false);
    expect(isNationalServiceCodeShape('401701')).toBe(true);
    expect(isNationalServiceCodeShape('410101')).toBe(false);
    expect(isNationalServiceCodeShape('000101')).toBe(false);
    expect(isNationalServiceCodeShape('010001')).toBe(false);
    expect(isNationalServiceCodeShape('010700')).toBe(false);
    expect(isNationalServiceCodeShape('01070')).toBe(false);
  });
});

describe('the tax regime in the DPS (regTrib)', () => {
  it('an MEI is opSimpNac 2, with no Simples apportionment', () => {
    expect(regTribFor({ taxRegime: 'mei' })).toEqual({ opSimpNac: '2', regEspTrib: '0' });
    expect(regTribFor({ taxRegime: 'mei', simplesApportionment: '2' })).toEqual({ opSimpNac: '2', regEspTrib: '0' });
  });

  it('a Simples Nacional ME/EPP is opSimpNac 3, apportioned inside the Simples unless the profile says otherwise', () => {
    expect(regTribFor({ taxRegime: 'simples' })).toEqual({ opSimpNac: '3', regApTribSN: '1', regEspTrib: '0' });
    expect(regTribFor({ taxRegime: 'simples', simplesApportionment: '2', specialRegime: '6' })).toEqual({
      opSimpNac: '3',
      regApTribSN: '2',
      regEspTrib: '6',
    });
  });

  it('any other regime is opSimpNac 1 with its special regime', () => {
    expect(regTribFor({ taxRegime: 'other', specialRegime: '5' })).toEqual({ opSimpNac: '1', regEspTrib: '5' });
  });

  it('the profile drops an apportionment that only a Simples ME/EPP may have', () => {
    expect(validate(FiscalProfileSchema, { ...base, taxRegime: 'mei', simplesApportionment: '3' })).toMatchObject({
      ok: true,
      value: { simplesApportionment: undefined },
    });
  });
});

describe('the certificate’s expiry', () => {
  const now = new Date('2026-03-10T12:00:00-03:00');

  it('is valid, warned within 30 days, or expired — with the date in dd/mm/aaaa', () => {
    expect(certificateStatus(new Date('2026-06-30T23:59:59-03:00'), now)).toMatchObject({
      status: 'valid',
      message: 'Certificado digital válido até 30/06/2026.',
    });
    expect(certificateStatus(new Date('2026-03-25T12:00:00-03:00'), now)).toEqual({
      status: 'expiring',
      daysLeft: 15,
      message: 'O certificado digital vence em 15 dias (25/03/2026). Providencie a renovação.',
    });
    expect(certificateStatus(new Date('2026-03-10T18:00:00-03:00'), now).message).toBe(
      'O certificado digital vence hoje (10/03/2026). Providencie a renovação.',
    );
    expect(certificateStatus(new Date('2026-03-01T00:00:00-03:00'), now)).toMatchObject({
      status: 'expired',
      message: 'O certificado digital venceu em 01/03/2026. Envie um certificado novo.',
    });
  });
});

describe('whether the DPS carries the ISS rate (pAliq), by the official rules E0600–E0640', () => {
  // [opSimpNac, regApTribSN, regEspTrib, withheld, city on the national system, expected] — from the Anexo I rows.
  const table: [RegTrib['opSimpNac'], RegTrib['regApTribSN'], RegTrib['regEspTrib'], boolean, boolean, boolean][] = [
    ['2', undefined, '0', false, true, false], // E0600: never for an MEI
    ['2', undefined, '0', false, false, false],
    ['1', undefined, '0', false, true, false], // E0617: non-optant, city active
    ['1', undefined, '0', true, true, false],
    ['1', undefined, '0', false, false, true], // E0619: non-optant, city not active
    ['1', undefined, '6', false, false, false], // E0604: special regime
    ['3', '1', '0', false, true, false], // E0625: ME/EPP, ISS in the DAS, not withheld
    ['3', '1', '0', true, true, true], // E0621: withheld
    ['3', '1', '0', true, false, true], // E0628
    ['3', '1', '0', false, false, false], // E0631
    ['3', '2', '0', false, true, false], // E0635: ISS outside the DAS, city active
    ['3', '3', '0', true, true, false],
    ['3', '2', '0', false, false, true], // E0640: outside, city not active
    ['3', '3', '5', false, false, false], // E0604
  ];
  it.each(table)(
    'opSimpNac %s, regApTribSN %s, regEspTrib %s, withheld %s, active %s → %s',
    (op, ap, esp, withheld, cityActive, expected) => {
      expect(sendsIssRate({ opSimpNac: op, regApTribSN: ap, regEspTrib: esp }, { taxable: true, withheld, cityActive })).toBe(
        expected,
      );
    },
  );

  it('never for a service without ISS or an export (E0602)', () => {
    expect(sendsIssRate({ opSimpNac: '3', regApTribSN: '1', regEspTrib: '0' }, { taxable: false, withheld: true })).toBe(false);
  });
});
