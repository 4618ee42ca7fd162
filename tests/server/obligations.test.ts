import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Obligation, ObligationsAnswer } from '@domain';
import { companyStatusChanges, documents, nfsRequests } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * GET /api/obligations over HTTP on a migrated database: the year 2025, wholly past, so every unpaid obligation is
 * late whatever day the test runs.
 */
let server: TestServer;
let team: TestUser;
let meiCustomer: TestUser;
let simplesCustomer: TestUser;
let meiId: string;
let simplesId: string;

const sp = (localDateTime: string) => new Date(`${localDateTime}-03:00`);

async function invoice(
  companyId: string,
  competence: string,
  totalCents: number,
  extra: Partial<typeof nfsRequests.$inferInsert> = {},
) {
  await server.db.insert(nfsRequests).values({
    companyId,
    status: 'issued',
    emissionType: 'cnpj',
    customerDocument: '11222333000181',
    customerName: 'Estúdio Aurora Design Ltda',
    description: 'Desenvolvimento de software.',
    competence,
    totalCents,
    ...extra,
  });
}

async function document(companyId: string, type: 'guia_das' | 'comprovante_pagamento') {
  const [row] = await server.db
    .insert(documents)
    .values({
      companyId,
      type,
      name: `${type}.pdf`,
      contentType: 'application/pdf',
      size: 10,
      storageKey: `${companyId}/${type}.pdf`,
    })
    .returning({ id: documents.id });
  return row.id;
}

const of = (answer: ObligationsAnswer, kind: string, competence: string): Obligation => {
  const found = answer.obligations.find((o) => o.kind === kind && o.competence === competence);
  if (!found) throw new Error(`no ${kind} ${competence}`);
  return found;
};

beforeAll(async () => {
  server = await startTestServer();
  meiId = await server.createCompany({ name: 'Ana Lima Design', size: 'MEI', mainActivity: '7410202' });
  simplesId = await server.createCompany({ name: 'Mendes Software Ltda', size: 'ME', mainActivity: '6201501' });
  // Opened with us on 10 March 2025.
  await server.db
    .insert(companyStatusChanges)
    .values({ companyId: meiId, fromStatus: 'opening', toStatus: 'active', changedAt: sp('2025-03-10T09:00:00') });
  [team, meiCustomer, simplesCustomer] = await Promise.all([
    server.createUser({ roles: ['system-admin'], name: 'Equipe' }),
    server.createUser({ companyIds: [meiId], name: 'Ana Lima' }),
    server.createUser({ companyIds: [simplesId], name: 'Carlos Mendes' }),
  ]);
  await invoice(meiId, '2025-04', 350_000);
  await invoice(meiId, '2025-04', 150_000);
  await invoice(meiId, '2025-05', 999_999, { status: 'cancelled' });

  // The Simples company, long active: the team states its annex and 2024 from before it joined.
  const put = (path: string, body: unknown) => server.call(path, { method: 'PUT', token: team.token, body });
  expect(
    (await put(`/api/obligations/tax-profile?companyId=${simplesId}`, { annex: 'V', fatorR: true, activityStart: '2023-01-02' }))
      .status,
  ).toBe(200);
  for (let month = 1; month <= 12; month++) {
    const competence = `2024-${String(month).padStart(2, '0')}`;
    const response = await put(`/api/obligations/figures?companyId=${simplesId}`, {
      competence,
      payrollCents: 560_000,
      previousRevenueCents: 2_000_000,
    });
    expect(response.status).toBe(200);
  }
  await invoice(simplesId, '2025-01', 1_500_000);
  await invoice(simplesId, '2025-01', 500_000, { issWithheld: true });
  await invoice(simplesId, '2025-01', 777_700, { status: 'cancelled' });
  await invoice(simplesId, '2025-01', 800_000, { status: 'requested' });
});
afterAll(() => server?.close());

describe('a MEI opened in March 2025', () => {
  let answer: ObligationsAnswer;
  beforeAll(async () => {
    const response = await server.call(`/api/obligations?companyId=${meiId}&year=2025`, { token: meiCustomer.token });
    expect(response.status).toBe(200);
    answer = response.body.data;
  });

  it('owes the DAS-MEI of March to December, R$ 80,90 each (5 % × R$ 1.518 + R$ 5 of ISS)', () => {
    const das = answer.obligations.filter((o) => o.kind === 'das_mei');
    expect(das.map((o) => o.competence)).toEqual(Array.from({ length: 10 }, (_, i) => `2025-${String(i + 3).padStart(2, '0')}`));
    expect(new Set(das.map((o) => o.amountCents))).toEqual(new Set([8_090]));
    // Competence March: 20 April 2025 is Easter Sunday, 21 April Tiradentes.
    expect(of(answer, 'das_mei', '2025-03')).toMatchObject({ dueDate: '2025-04-22', status: 'atrasada' });
  });

  it('files the DASN-SIMEI of 2025 with the issued invoices only: R$ 5.000,00, due 1 June 2026', () => {
    expect(of(answer, 'dasn_simei', '2025')).toMatchObject({ dueDate: '2026-06-01', revenueCents: 500_000 });
    // 10 months × R$ 6.750.
    expect(answer.mei).toMatchObject({ limitCents: 6_750_000, revenueCents: 500_000 });
    expect(answer.profile).toMatchObject({ activityStart: '2025-03-10', meiActivity: 'services' });
  });
});

describe('a Simples Nacional company with its payroll stated (Fator R)', () => {
  const read = async () => {
    const response = await server.call(`/api/obligations?companyId=${simplesId}&year=2025`, { token: simplesCustomer.token });
    expect(response.status).toBe(200);
    return response.body.data as ObligationsAnswer;
  };

  it('computes January’s DAS from the issued invoices and the revenue typed for 2024', async () => {
    const january = of(await read(), 'das', '2025-01');
    // RBT12 = 12 × 20.000; payroll 12 × 5.600 = 28 % → Anexo III, 2nd bracket, 7,3 %.
    // Own ISS: 1.095,00 → 43,80 + 38,33 + 153,85 + 33,40 + 475,23 + 350,40 = 1.095,01;
    // ISS withheld: 365,00 without its ISS → 14,60 + 12,78 + 51,28 + 11,13 + 158,41 = 248,20. DAS 1.343,21.
    expect(january).toMatchObject({
      annex: 'III',
      rbt12Cents: 24_000_000,
      payroll12Cents: 6_720_000,
      revenueCents: 2_000_000,
      amountCents: 134_321,
      dueDate: '2025-02-20',
      status: 'atrasada',
    });
    expect(january.taxes).toEqual({ IRPJ: 5_840, CSLL: 5_111, COFINS: 20_513, PIS: 4_453, CPP: 63_364, ISS: 35_040 });
    expect(january.calculation?.issWithheldCents).toBe(11_680);
  });

  it('the team marks it paid with its guide and receipt; the PGDAS-D counts as filed', async () => {
    const guide = await document(simplesId, 'guia_das');
    const receipt = await document(simplesId, 'comprovante_pagamento');
    const response = await server.call(`/api/obligations/payments?companyId=${simplesId}`, {
      method: 'PUT',
      token: team.token,
      body: { kind: 'das', competence: '2025-01', paidOn: '2025-02-19', guideDocumentId: guide, receiptDocumentId: receipt },
    });
    expect(response.status).toBe(200);
    const answer = await read();
    // The customer sees when it was paid and its documents, never the team member's account (docs/security.md).
    expect(of(answer, 'das', '2025-01')).toMatchObject({
      status: 'paga',
      payment: { paidAt: '2025-02-19T15:00:00.000Z', paidBy: null, guideDocumentId: guide, receiptDocumentId: receipt },
    });
    expect(JSON.stringify(answer)).not.toContain(team.uid);
    const asTeam = await server.call(`/api/obligations?companyId=${simplesId}&year=2025`, { token: team.token });
    expect(of(asTeam.body.data as ObligationsAnswer, 'das', '2025-01').payment?.paidBy).toBe(team.uid);
    expect(of(answer, 'pgdas_d', '2025-01').status).toBe('paga');
    expect(of(answer, 'defis', '2025')).toMatchObject({ dueDate: '2026-03-31', status: 'atrasada' });
  });

  it('refuses another company’s document as the guide', async () => {
    const foreign = await document(meiId, 'guia_das');
    const response = await server.call(`/api/obligations/payments?companyId=${simplesId}`, {
      method: 'PUT',
      token: team.token,
      body: { kind: 'das', competence: '2025-02', guideDocumentId: foreign },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ guideDocumentId: 'Documento não encontrado entre os desta empresa.' });
  });
});

describe('the team’s month', () => {
  it('lists each company’s January with what is still to do', async () => {
    const response = await server.call('/api/obligations/team?competence=2025-04', { token: team.token });
    expect(response.status).toBe(200);
    const rows = response.body.data as { companyId: string; amountCents: number | null; pending: string[]; status: string }[];
    expect(rows.find((row) => row.companyId === meiId)).toMatchObject({
      amountCents: 8_090,
      pending: ['das_mei'],
      status: 'atrasada',
    });
    // April 2025 without invoices: no DAS, the PGDAS-D still to file.
    expect(rows.find((row) => row.companyId === simplesId)).toMatchObject({ amountCents: null, pending: ['pgdas_d'] });
  });

  it('is the team’s only', async () => {
    expect((await server.call('/api/obligations/team', { token: meiCustomer.token })).status).toBe(403);
  });
});

describe('who may ask, and bad input', () => {
  it('another company’s customer is refused', async () => {
    expect((await server.call(`/api/obligations?companyId=${simplesId}&year=2025`, { token: meiCustomer.token })).status).toBe(
      403,
    );
  });

  it('a customer cannot state figures nor mark a payment', async () => {
    const figures = await server.call(`/api/obligations/figures?companyId=${simplesId}`, {
      method: 'PUT',
      token: simplesCustomer.token,
      body: { competence: '2025-01', payrollCents: 1 },
    });
    expect(figures.status).toBe(403);
  });

  it('answers 400 with the field and a message in Portuguese', async () => {
    const year = await server.call(`/api/obligations?companyId=${simplesId}&year=20x5`, { token: team.token });
    expect(year.status).toBe(400);
    expect(year.body.error.fields).toEqual({ year: 'Ano inválido: informe um ano entre 2018 e 2100 (ex.: 2026).' });
    const month = await server.call(`/api/obligations/figures?companyId=${simplesId}`, {
      method: 'PUT',
      token: team.token,
      body: { competence: '2025-13', payrollCents: -1 },
    });
    expect(month.status).toBe(400);
    expect(month.body.error.fields).toEqual({
      competence: 'Informe o mês no formato AAAA-MM (ex.: 2026-05).',
      payrollCents: 'Informe um valor em centavos, inteiro e não negativo.',
    });
    const yearly = await server.call(`/api/obligations/payments?companyId=${simplesId}`, {
      method: 'PUT',
      token: team.token,
      body: { kind: 'defis', competence: '2025-03', paidOn: '2026-03-10' },
    });
    expect(yearly.status).toBe(400);
    expect(yearly.body.error.fields).toEqual({
      competence: 'Informe a competência: AAAA-MM para o mês ou AAAA para as declarações anuais.',
    });
  });
});
