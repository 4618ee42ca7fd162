import { describe, expect, it } from 'vitest';
import type { CnaeRow } from '@domain';
import { AliasSuggestSchema, CnaeSearchQuerySchema, LucaIntentSchema, cnaeFromRow, formatCnaeCode, validate } from '@domain';

const row: CnaeRow = {
  code: '6920601',
  formatted: '6920-6/01',
  text: 'Atividades de contabilidade',
  tax_rates: { simples: 'III' },
  is_allowed_mei: false,
  is_r_factor: true,
  cnae_allowed_activities: ['Escrituração contábil'],
  cnae_not_allowed_activities: ['Auditoria'],
  obs: 'Sujeita ao fator R.',
  hierarchy: {
    section: { code: 'M', text: 'ATIVIDADES PROFISSIONAIS, CIENTÍFICAS E TÉCNICAS' },
    division: { code: '69', text: 'ATIVIDADES JURÍDICAS, DE CONTABILIDADE E DE AUDITORIA' },
    group: { code: '692', text: 'Atividades de contabilidade, consultoria e auditoria contábil e tributária' },
    class: { code: '69206', text: 'Atividades de contabilidade, consultoria e auditoria contábil e tributária' },
  },
  is_active: true,
};

describe('cnaeFromRow', () => {
  it('renames the snake_case row of the server to the names of docs/rules.md', () => {
    expect(cnaeFromRow(row)).toEqual({
      code: '6920601',
      formatted: '6920-6/01',
      text: 'Atividades de contabilidade',
      taxRates: { simples: 'III' },
      isAllowedMei: false,
      isRFactor: true,
      cnaeAllowedActivities: ['Escrituração contábil'],
      cnaeNotAllowedActivities: ['Auditoria'],
      obs: 'Sujeita ao fator R.',
      hierarchy: row.hierarchy,
      isActive: true,
    });
  });

  it('keeps the empty values as they came', () => {
    const cnae = cnaeFromRow({ ...row, tax_rates: null, is_r_factor: null, obs: null, is_active: false });
    expect(cnae).toMatchObject({ taxRates: null, isRFactor: null, obs: null, isActive: false });
  });
});

describe('formatCnaeCode', () => {
  it('formats a subclass code, typed with or without punctuation', () => {
    expect(formatCnaeCode('6201501')).toBe('6201-5/01');
    expect(formatCnaeCode('6201-5/01')).toBe('6201-5/01');
    expect(formatCnaeCode(' 62.01-5-01 ')).toBe('6201-5/01');
  });

  it('returns anything else as given', () => {
    expect(formatCnaeCode('62015')).toBe('62015');
    expect(formatCnaeCode('')).toBe('');
  });
});

describe('CnaeSearchQuerySchema', () => {
  it('pages by 10 from the start unless told otherwise (docs/rules.md)', () => {
    expect(validate(CnaeSearchQuerySchema, {})).toEqual({ ok: true, value: { limit: 10, offset: 0 } });
    expect(validate(CnaeSearchQuerySchema, { search: ' contábil ', limit: '25', offset: '50', isActive: 'false' })).toEqual({
      ok: true,
      value: { search: 'contábil', limit: 25, offset: 50, isActive: false },
    });
    expect(validate(CnaeSearchQuerySchema, { isActive: 'true' })).toMatchObject({ ok: true, value: { isActive: true } });
  });

  it('refuses a bad filter or a search too long with a message in Portuguese', () => {
    expect(validate(CnaeSearchQuerySchema, { isActive: 'sim' })).toMatchObject({
      ok: false,
      fields: { isActive: 'O filtro de situação deve ser "true" ou "false".' },
    });
    expect(validate(CnaeSearchQuerySchema, { search: 'a'.repeat(501) })).toMatchObject({
      ok: false,
      fields: { search: 'A busca pode ter no máximo 500 caracteres.' },
    });
    // A business described as the suggester takes it is searched whole.
    expect(validate(CnaeSearchQuerySchema, { search: 'a'.repeat(500) })).toMatchObject({ ok: true });
  });
});

describe('LucaIntentSchema', () => {
  const message = 'Descreva a atividade da empresa em poucas palavras.';

  it('takes a description of 2 to 500 characters, trimmed', () => {
    expect(validate(LucaIntentSchema, { intent: '  salão de beleza ' })).toEqual({
      ok: true,
      value: { intent: 'salão de beleza' },
    });
  });

  it.each([{}, { intent: '' }, { intent: ' a ' }, { intent: 42 }, { intent: 'a'.repeat(501) }])(
    'asks for a short description when given %j',
    (body) => {
      expect(validate(LucaIntentSchema, body)).toMatchObject({ ok: false, message, fields: { intent: message } });
    },
  );
});

describe('AliasSuggestSchema', () => {
  it('takes the activity with or without punctuation and an optional owner name', () => {
    expect(validate(AliasSuggestSchema, { intent: 'doces', activity: '1091-1/02', ownerName: ' Juliana Souza ' })).toEqual({
      ok: true,
      value: { intent: 'doces', activity: '1091102', ownerName: 'Juliana Souza' },
    });
    expect(validate(AliasSuggestSchema, { intent: 'doces' })).toEqual({ ok: true, value: { intent: 'doces' } });
  });

  it('refuses an activity that is not a 7-digit code and a name too long', () => {
    expect(validate(AliasSuggestSchema, { intent: 'doces', activity: '10911' })).toMatchObject({
      ok: false,
      fields: { activity: 'Informe o código CNAE da atividade com 7 dígitos.' },
    });
    expect(validate(AliasSuggestSchema, { intent: 'doces', ownerName: 'J'.repeat(121) })).toMatchObject({
      ok: false,
      fields: { ownerName: 'O nome pode ter no máximo 120 caracteres.' },
    });
  });
});
