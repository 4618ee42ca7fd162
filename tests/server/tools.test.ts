import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { engine, startTestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const calculate = (query: Record<string, string>) => server.call(`/api/tools/simples-nacional?${new URLSearchParams(query)}`);

describe(`GET /api/tools/simples-nacional (${engine})`, () => {
  it('answers the DAS without a token: the Manual do PGDAS-D example 4, R$ 997,20', async () => {
    // Anexo III, RBT12 500.000, revenue 10.000: (500.000 × 13,5 % − 17.640) ÷ 500.000 = 9,972 %; each tax rounded:
    // 39,89 + 34,90 + 136,02 + 29,52 + 432,78 + 324,09 = 997,20.
    const { status, body } = await calculate({
      annex: 'III',
      rbt12Cents: '50000000',
      revenueCents: '1000000',
      competence: '2026-10',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      annex: 'III',
      bracket: 3,
      totalCents: 99_720,
      taxes: { IRPJ: 3_989, CSLL: 3_490, COFINS: 13_602, PIS: 2_952, CPP: 43_278, ISS: 32_409 },
    });
    expect(body.data.effectiveRate).toBeCloseTo(0.09972, 12);
    expect(server.errors).toEqual([]);
  });

  it('lets the Fator R choose the annex: 28 % of payroll moves Anexo V to III', async () => {
    const base = { annex: 'V', rbt12Cents: '50000000', revenueCents: '1000000' };
    const moved = await calculate({ ...base, payroll12Cents: '14000000' });
    expect(moved.body.data).toMatchObject({ annex: 'III', fatorR: 0.28, totalCents: 99_720 });
    // 139.999,99 is under 28 %: Anexo V, (500.000 × 19,5 % − 9.900) ÷ 500.000 = 17,52 % → 1.752,00.
    const stays = await calculate({ ...base, payroll12Cents: '13999999' });
    expect(stays.body.data).toMatchObject({ annex: 'V', totalCents: 175_200 });
  });

  it('computes exports with their own RBT12: the Manual example 6, R$ 12.089,78', async () => {
    const { status, body } = await calculate({
      annex: 'I',
      rbt12Cents: '200000000',
      revenueCents: '10000000',
      exportRbt12Cents: '100000000',
      exportRevenueCents: '5000000',
      competence: '2018-01',
    });
    expect(status).toBe(200);
    // Internal 9.935,02 + export 2.154,76 (without PIS, COFINS and ICMS).
    expect(body.data.totalCents).toBe(1_208_978);
    expect(body.data.parts.map((part: { totalCents: number }) => part.totalCents)).toEqual([993_502, 215_476]);
  });

  it('answers 400 with the field and a Portuguese message for bad input', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ rbt12Cents: '1', revenueCents: '1' }, 'annex', 'Informe o anexo do Simples Nacional: I, II, III, IV ou V.'],
      [{ annex: 'VI', rbt12Cents: '1', revenueCents: '1' }, 'annex', 'Informe o anexo do Simples Nacional: I, II, III, IV ou V.'],
      [
        { annex: 'I', rbt12Cents: '12,50', revenueCents: '1' },
        'rbt12Cents',
        'Informe a receita bruta dos últimos 12 meses (RBT12) em centavos, com um número inteiro.',
      ],
      [
        { annex: 'I', rbt12Cents: '480000001', revenueCents: '1' },
        'rbt12Cents',
        'A receita bruta dos últimos 12 meses (RBT12) passa do limite do Simples Nacional, R$ 4.800.000,00.',
      ],
      [{ annex: 'I', rbt12Cents: '1' }, 'revenueCents', 'Informe a receita do mês em centavos, com um número inteiro.'],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '-5' },
        'revenueCents',
        'Informe a receita do mês em centavos, com um número inteiro.',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', payroll12Cents: '100' },
        'payroll12Cents',
        'O Fator R (folha de salários) vale só para as atividades dos anexos III e V.',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', exportRevenueCents: '100' },
        'exportRbt12Cents',
        'Informe também a receita de exportação dos últimos 12 meses (RBT12 das exportações).',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', exportRbt12Cents: '100' },
        'exportRevenueCents',
        'Informe também a receita de exportação do mês.',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '480000001' },
        'revenueCents',
        'A receita do mês passa de R$ 4.800.000,00, o limite anual do Simples Nacional.',
      ],
      [
        { annex: 'III', rbt12Cents: '1', revenueCents: '1', payroll12Cents: '100000000001' },
        'payroll12Cents',
        'A folha de salários informada é grande demais.',
      ],
      [
        { annex: 'III', rbt12Cents: '1', revenueCents: '1', payroll12Cents: '1e5' },
        'payroll12Cents',
        'Informe a folha de salários dos últimos 12 meses (com o pró-labore) em centavos, com um número inteiro.',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', exportRbt12Cents: '480000001', exportRevenueCents: '1' },
        'exportRbt12Cents',
        'A receita de exportação dos últimos 12 meses passa do limite de R$ 4.800.000,00.',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', exportRbt12Cents: '1', exportRevenueCents: '480000001' },
        'exportRevenueCents',
        'A receita de exportação do mês passa de R$ 4.800.000,00.',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', competence: '2026-13' },
        'competence',
        'Informe a competência no formato AAAA-MM (ex.: 2026-11).',
      ],
      [
        { annex: 'I', rbt12Cents: '1', revenueCents: '1', competence: '2017-12' },
        'competence',
        'As tabelas do Simples Nacional guardadas valem a partir de 2018-01.',
      ],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await calculate(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.error.fields[field], JSON.stringify(query)).toBe(message);
    }
    expect(server.errors).toEqual([]);
  });
});
