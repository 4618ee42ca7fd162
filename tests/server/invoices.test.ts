import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFS_REQUEST_STATUSES, monthKey, saoPauloDate } from '@domain';
import { NFSE_EMISSION_STATES } from '@domain/nfseEmission';
import { listRequestsJson, toRequestDto } from '@server/db/invoices';
import { emissionView } from '@server/db/nfse';
import { companies, nfsRequests, nfsSchedules, nfseEmissions } from '@server/db/schema';
import { runDueSchedules } from '@server/services/nfs-scheduler';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer, twoCompanies } from '../support/server';
import { PRACA_DA_SE_STORED, PRACA_DA_SE_TYPED, SAN_FRANCISCO_ADDRESS } from '../support/addresses';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let other: TestUser;
let companyId: string;
let otherCompanyId: string;

const valid = {
  emissionType: 'cnpj',
  cnpj: '11.222.333/0001-81',
  totalValue: '1.500,50',
  customerName: 'Estúdio Aurora Design Ltda',
  customerEmail: 'financeiro@aurora.com.br',
  description: 'Desenvolvimento do aplicativo de agendamentos — sprint de outubro.',
  activity: '6201501',
  competence: '2026-10',
};

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, otherCompanyId, admin, customer, other } = await twoCompanies(server, {
    mainActivity: '6201501',
    secondaryActivities: ['6204000'],
  }));
});
afterAll(() => server?.close());

const create = (body: unknown, token = customer.token, company = companyId) =>
  server.call(`/api/nfs/requests?companyId=${company}`, { method: 'POST', token, body });

/** Sends a file through a signed upload link without registering it: its upload token. */
async function held(token: string, company: string, name: string, bytes?: string) {
  const link = await server.call(`/api/upload/${encodeURIComponent(name)}?companyId=${company}`, { token });
  expect(link.status).toBe(200);
  if (bytes !== undefined) {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    const sent = await fetch(`${server.baseUrl}${link.body.data.url}`, { method: 'POST', body: form });
    expect(sent.status).toBe(201);
  }
  return link.body.data.token as string;
}

const namesOf = async (company: string, token: string) =>
  (await server.call(`/api/documents?companyId=${company}&limit=100`, { token })).body.data.map(
    (d: { name: string }) => d.name,
  ) as string[];

describe('invoice requests (docs/rules.md rules)', () => {
  it('answers the exact messages of the spec', async () => {
    const noCnpj = await create({ ...valid, cnpj: undefined, totalValue: 0.5 });
    expect(noCnpj.status).toBe(400);
    expect(noCnpj.body.error.fields).toMatchObject({
      cnpj: 'CNPJ precisa ser definido.',
      totalValue: 'Valor precisa ser maior ou igual a 1 real.',
    });
    const noCpf = await create({ ...valid, emissionType: 'cpf', cnpj: undefined });
    expect(noCpf.body.error.fields).toEqual({ cpf: 'CPF precisa ser definido.' });
    const badCnpj = await create({ ...valid, cnpj: '11.222.333/0001-82' });
    expect(badCnpj.body.error.fields).toEqual({ cnpj: 'CNPJ inválido.' });
    const nothing = await create({});
    expect(nothing.body.error.fields).toMatchObject({
      customerName: 'Informe o nome ou a razão social do tomador.',
      description: 'Descreva o serviço prestado.',
      competence: 'Informe o mês de competência.',
    });
  });

  it('creates a request in centavos, and remembers the tomador for next time', async () => {
    const { status, body } = await create(valid);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      status: 'requested',
      cnpj: '11222333000181',
      cpf: null,
      totalCents: 150050,
      competence: '2026-10',
    });
    const customers = await server.call(`/api/nfs/customers?companyId=${companyId}&query=112223`, { token: customer.token });
    expect(customers.body.data).toEqual([
      {
        emissionType: 'cnpj',
        document: '11222333000181',
        name: 'Estúdio Aurora Design Ltda',
        email: 'financeiro@aurora.com.br',
        address: null,
        noNifReason: null,
      },
    ]);
  });

  it('refuses an activity the company does not have, and a company not yet active', async () => {
    const wrong = await create({ ...valid, activity: '9602501' });
    expect(wrong.body.error.fields).toEqual({ activity: 'Esta atividade não está no cadastro da empresa.' });
    const pendingId = await server.createCompany({ status: 'pending' });
    const pendingUser = await server.createUser({ companyIds: [pendingId] });
    const pending = await create(valid, pendingUser.token, pendingId);
    expect(pending.status).toBe(409);
    expect(pending.body.error.message).toBe('Sua empresa ainda não pode emitir notas: ela precisa estar ativa.');
  });

  it('lists newest first, filters by status, month and text, and pages by 10', async () => {
    for (const [i, name] of ['Padaria Pão Dourado', 'Clínica Sorriso', 'Ana Souza'].entries()) {
      await create({
        ...valid,
        customerName: name,
        competence: `2026-0${i + 1}`,
        ...(name === 'Ana Souza' ? { emissionType: 'cpf', cpf: '438.944.943-52' } : {}),
      });
    }
    const all = await server.call(`/api/nfs/requests?companyId=${companyId}`, { token: customer.token });
    expect(all.body.total).toBe(4);
    expect(all.body.data[0].customerName).toBe('Ana Souza');
    const byMonth = await server.call(`/api/nfs/requests?companyId=${companyId}&date=2026-02`, { token: customer.token });
    expect(byMonth.body.data.map((r: { customerName: string }) => r.customerName)).toEqual(['Clínica Sorriso']);
    const byText = await server.call(`/api/nfs/requests?companyId=${companyId}&query=${encodeURIComponent('padaria pao')}`, {
      token: customer.token,
    });
    expect(byText.body.total).toBe(1);
    const byStatus = await server.call(`/api/nfs/requests?companyId=${companyId}&status=issued`, { token: customer.token });
    expect(byStatus.body).toEqual({ data: [], total: 0 });
    const page = await server.call(`/api/nfs/requests?companyId=${companyId}&limit=2&offset=2`, { token: customer.token });
    expect(page.body).toMatchObject({ total: 4, data: [{}, {}] });
    const bad = await server.call(`/api/nfs/requests?companyId=${companyId}&status=paga&date=2026-13`, { token: customer.token });
    expect(bad.body.error.fields).toEqual({ status: 'Situação inválida.', date: 'Mês inválido: use AAAA-MM.' });
  });
});

describe('the tomador’s address and a tomador abroad', () => {
  const praca = PRACA_DA_SE_TYPED;
  const acme = {
    emissionType: 'foreign',
    nif: '98-7654321',
    customerName: 'Acme Software Inc.',
    customerAddress: {
      ...SAN_FRANCISCO_ADDRESS,
    },
  };

  it('takes a tomador abroad with its NIF and address, and remembers it with them', async () => {
    const { status, body } = await create({ ...valid, cnpj: undefined, ...acme });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      emissionType: 'foreign',
      cnpj: null,
      cpf: null,
      nif: '98-7654321',
      customerNoNifReason: null,
      customerName: 'Acme Software Inc.',
      issWithheld: false,
      customerAddress: {
        kind: 'foreign',
        ...SAN_FRANCISCO_ADDRESS,
      },
    });
    const known = await server.call(`/api/nfs/customers?companyId=${companyId}&query=Acme`, { token: customer.token });
    expect(known.body.data).toEqual([
      {
        emissionType: 'foreign',
        document: '98-7654321',
        name: 'Acme Software Inc.',
        email: 'financeiro@aurora.com.br',
        address: {
          kind: 'foreign',
          ...SAN_FRANCISCO_ADDRESS,
        },
        noNifReason: null,
      },
    ]);
  });

  it('takes one abroad without a NIF when it says why, and remembers it by its name', async () => {
    const { status, body } = await create({
      ...valid,
      cnpj: undefined,
      ...acme,
      nif: '',
      noNifReason: '2',
      customerName: 'Lisboa Estúdio Lda',
      customerAddress: { ...acme.customerAddress, countryCode: 'PT', postalCode: '1100-148', city: 'Lisboa', region: 'Lisboa' },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ nif: null, customerNoNifReason: '2' });
    const known = await server.call(`/api/nfs/customers?companyId=${companyId}&query=Lisboa`, { token: customer.token });
    expect(known.body.data).toMatchObject([{ emissionType: 'foreign', document: '', noNifReason: '2' }]);
  });

  it('refuses a tomador abroad without NIF or reason, without its address, or withholding the ISS', async () => {
    const refused = await create({
      ...valid,
      cnpj: undefined,
      ...acme,
      nif: '',
      issWithheld: true,
      customerAddress: { countryCode: 'BR', city: 'San Francisco' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      noNifReason: 'Informe o NIF do tomador ou por que ele não tem um.',
      issWithheld: 'Tomador no exterior não retém o ISS: desmarque “O tomador retém o ISS”.',
      'customerAddress.countryCode': 'Escolha o país do tomador.',
      'customerAddress.postalCode': 'Informe o código postal do tomador.',
      'customerAddress.region': 'Informe o estado, a província ou a região do tomador.',
      'customerAddress.street': 'Informe o logradouro do tomador.',
      'customerAddress.number': 'Informe o número (ou S/N).',
      'customerAddress.district': 'Informe o bairro do tomador.',
    });
  });

  it('asks for the address when the ISS is withheld (E0237), and for all of it once a part is given', async () => {
    const withheld = await create({ ...valid, issWithheld: true });
    expect(withheld.status).toBe(400);
    expect(withheld.body.error.fields).toEqual({
      'customerAddress.postalCode': 'Com o ISS retido pelo tomador, o endereço dele é obrigatório: informe o CEP.',
      'customerAddress.street': 'Informe o logradouro do tomador.',
      'customerAddress.number': 'Informe o número (ou S/N).',
      'customerAddress.district': 'Informe o bairro do tomador.',
    });
    const half = await create({ ...valid, customerAddress: { postalCode: '0100', street: 'Praça da Sé' } });
    expect(half.body.error.fields).toEqual({
      'customerAddress.postalCode': 'CEP inválido: use 8 dígitos.',
      'customerAddress.cityIbgeCode': 'Cidade não encontrada: confira o CEP.',
      'customerAddress.number': 'Informe o número (ou S/N).',
      'customerAddress.district': 'Informe o bairro do tomador.',
    });
    const noCity = await create({ ...valid, customerAddress: { ...praca, cityIbgeCode: '3599999' } });
    expect(noCity.status).toBe(400);
    expect(noCity.body.error.fields).toEqual({ 'customerAddress.cityIbgeCode': 'Cidade não encontrada: confira o CEP.' });
  });

  it('keeps a national address with its city’s name and UF, and the known tomador keeps it when the next request has none', async () => {
    const cnpj = '36.711.088/0001-05';
    const { status, body } = await create({
      ...valid,
      cnpj,
      customerName: 'Padaria Pão Dourado',
      issWithheld: true,
      customerAddress: praca,
    });
    expect(body.error).toBeUndefined();
    expect(status).toBe(201);
    const stored = PRACA_DA_SE_STORED;
    expect(body.data).toMatchObject({ issWithheld: true, customerAddress: stored });
    expect((await create({ ...valid, cnpj, customerName: 'Padaria Pão Dourado' })).status).toBe(201);
    const known = await server.call(`/api/nfs/customers?companyId=${companyId}&query=367110`, { token: customer.token });
    expect(known.body.data).toEqual([
      {
        emissionType: 'cnpj',
        document: '36711088000105',
        name: 'Padaria Pão Dourado',
        email: 'financeiro@aurora.com.br',
        address: stored,
        noNifReason: null,
      },
    ]);
  });

  it('keeps the address on a schedule and on the requests it makes', async () => {
    const created = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...valid, cnpj: undefined, ...acme, dayOfMonth: 3, competence: undefined },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      emissionType: 'foreign',
      nif: '98-7654321',
      customerAddress: { countryCode: 'US' },
    });
    const refused = await server.call(`/api/nfs/schedulers/${created.body.data.id}?companyId=${companyId}`, {
      method: 'PUT',
      token: customer.token,
      body: { ...valid, issWithheld: true, dayOfMonth: 3, competence: undefined },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['customerAddress.postalCode']).toBe(
      'Com o ISS retido pelo tomador, o endereço dele é obrigatório: informe o CEP.',
    );
    const generated = await server.call(`/api/nfs/schedulers/${created.body.data.id}/generate?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
    });
    expect(generated.status).toBe(201);
    expect(generated.body.data).toMatchObject({
      emissionType: 'foreign',
      nif: '98-7654321',
      customerAddress: { kind: 'foreign', countryCode: 'US', city: 'San Francisco' },
    });
  });
});

describe('the team issues a request', () => {
  it('moves it through the lifecycle with the invoice files; the customer sees and downloads them', async () => {
    const { body } = await create({ ...valid, customerName: 'Cliente da emissão' });
    const id = body.data.id as string;
    expect(
      (await server.call(`/api/nfs/requests/${id}/status/processing`, { method: 'PUT', token: customer.token, body: {} })).status,
    ).toBe(403);
    const queue = await server.call('/api/nfs/requests/search?status=requested', { token: admin.token });
    expect(queue.body.data[0].companyName).toBeDefined();
    expect((await server.call('/api/nfs/requests/search', { token: customer.token })).status).toBe(403);

    const illegal = await server.call(`/api/nfs/requests/${id}/status/issued`, {
      method: 'PUT',
      token: admin.token,
      body: { invoiceNumber: '1' },
    });
    expect(illegal.status).toBe(409);
    expect(illegal.body.error.message).toBe('Não é possível mudar a nota de "Solicitada" para "Emitida".');
    expect(
      (await server.call(`/api/nfs/requests/${id}/status/processing`, { method: 'PUT', token: admin.token, body: {} })).body.data
        .status,
    ).toBe('processing');

    const undeletable = await server.call(`/api/nfs/requests/${id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
    expect(undeletable.status).toBe(409);

    const noNumber = await server.call(`/api/nfs/requests/${id}/status/issued`, { method: 'PUT', token: admin.token, body: {} });
    expect(noNumber.body.error.fields).toEqual({ invoiceNumber: 'Informe o número da nota.' });
    const foreignFile = await held(other.token, otherCompanyId, 'outra.pdf', '%PDF-1.4 x');
    const wrongFile = await server.call(`/api/nfs/requests/${id}/status/issued`, {
      method: 'PUT',
      token: admin.token,
      body: { invoiceNumber: '4321', pdfUploadToken: foreignFile },
    });
    expect([wrongFile.status, wrongFile.body.error.fields]).toEqual([
      403,
      { pdfUploadToken: 'Este arquivo foi enviado para outra empresa.' },
    ]);

    // The files are held apart: a registration refused on the way (the XML never arrived) publishes neither.
    const pdfToken = await held(admin.token, companyId, 'NFS-e 4321.pdf', '%PDF-1.4 nota');
    const missingXml = await held(admin.token, companyId, 'NFS-e 4321.xml');
    const refused = await server.call(`/api/nfs/requests/${id}/status/issued`, {
      method: 'PUT',
      token: admin.token,
      body: { invoiceNumber: '4321', pdfUploadToken: pdfToken, xmlUploadToken: missingXml },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({
      xmlUploadToken: 'O arquivo ainda não chegou: envie-o pelo link antes de registrá-lo.',
    });
    expect(await namesOf(companyId, customer.token)).not.toContain('NFS-e 4321.pdf');
    const wrongKind = await server.call(`/api/nfs/requests/${id}/status/issued`, {
      method: 'PUT',
      token: admin.token,
      body: { invoiceNumber: '4321', xmlUploadToken: pdfToken },
    });
    expect(wrongKind.body.error.fields).toEqual({ xmlUploadToken: 'Envie o XML da nota (arquivo .xml).' });

    const xmlToken = await held(admin.token, companyId, 'NFS-e 4321.xml', '<?xml version="1.0"?><NFSe/>');
    const issued = await server.call(`/api/nfs/requests/${id}/status/issued`, {
      method: 'PUT',
      token: admin.token,
      body: { invoiceNumber: '4321', accessKey: '3550308'.padEnd(50, '7'), pdfUploadToken: pdfToken, xmlUploadToken: xmlToken },
    });
    expect(issued.body.data).toMatchObject({ status: 'issued', invoiceNumber: '4321' });
    const pdf = issued.body.data.pdfDocumentId as string;
    expect(issued.body.data.xmlDocumentId).toEqual(expect.any(String));
    // Published with the invoice, once each.
    const names = await namesOf(companyId, customer.token);
    expect(names.filter((name) => name.startsWith('NFS-e 4321'))).toEqual(
      expect.arrayContaining(['NFS-e 4321.pdf', 'NFS-e 4321.xml']),
    );
    expect(names.filter((name) => name.startsWith('NFS-e 4321'))).toHaveLength(2);

    const seen = await server.call(`/api/nfs/requests/${id}`, { token: customer.token });
    expect(seen.body.data.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['issued', 'processing', 'requested']);
    const file = await fetch(`${server.baseUrl}/api/documents/${pdf}/file?companyId=${companyId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(await file.text()).toBe('%PDF-1.4 nota');

    const noReason = await server.call(`/api/nfs/requests/${id}/status/cancelled`, {
      method: 'PUT',
      token: admin.token,
      body: {},
    });
    expect(noReason.body.error.fields).toEqual({ reason: 'Informe o motivo.' });
    const cancelled = await server.call(`/api/nfs/requests/${id}/status/cancelled`, {
      method: 'PUT',
      token: admin.token,
      body: { reason: 'Valor errado, será emitida outra.' },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', reason: 'Valor errado, será emitida outra.' });
  });

  it('lets the customer delete a request the team has not started', async () => {
    const { body } = await create({ ...valid, customerName: 'Para excluir' });
    const deleted = await server.call(`/api/nfs/requests/${body.data.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
    expect(deleted.status).toBe(200);
    expect((await server.call(`/api/nfs/requests/${body.data.id}`, { token: customer.token })).status).toBe(404);
  });
});

describe('schedules', () => {
  it('turned back on, do not make up the months they were paused', async () => {
    const created = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...valid, competence: undefined, dayOfMonth: 1 },
    });
    const id = created.body.data.id as string;
    // Made long ago, paused since: then turned back on today.
    const longAgo = new Date('2025-01-01T13:00:00Z');
    await server.db
      .update(nfsSchedules)
      .set({ active: false, createdAt: longAgo, activeSince: longAgo })
      .where(eq(nfsSchedules.id, id));
    const resumed = await server.call(`/api/nfs/schedulers/${id}?companyId=${companyId}`, {
      method: 'PUT',
      token: customer.token,
      body: { ...valid, competence: undefined, dayOfMonth: 1, active: true },
    });
    expect(resumed.body.data).toMatchObject({ active: true });
    await runDueSchedules(server.db);
    const made = await server.db
      .select({ competence: nfsRequests.competence })
      .from(nfsRequests)
      .where(eq(nfsRequests.scheduleId, id));
    // Last month's day and this month's (the 1st) came while it was paused: neither is created — unless today is
    // the 1st, the day it was turned back on.
    const today = saoPauloDate(new Date());
    expect(made.map((r) => r.competence)).toEqual(today.day === 1 ? [monthKey(today.year, today.month)] : []);
    await server.call(`/api/nfs/schedulers/${id}?companyId=${companyId}`, { method: 'DELETE', token: customer.token });
  });

  it('enforce the day of the month (1 to 12), list the next run and generate once per month', async () => {
    const schedule = { ...valid, competence: undefined, dayOfMonth: 13 };
    const bad = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: schedule,
    });
    expect(bad.body.error.fields).toEqual({ dayOfMonth: 'Dia do mês precisa ser entre 1 e 12.' });
    const zero = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...schedule, dayOfMonth: '0' },
    });
    expect(zero.body.error.fields).toEqual({ dayOfMonth: 'Dia do mês precisa ser entre 1 e 12.' });

    const created = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...schedule, dayOfMonth: 5 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      dayOfMonth: 5,
      active: true,
      totalCents: 150050,
      nextRun: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const id = created.body.data.id as string;

    const paused = await server.call(`/api/nfs/schedulers/${id}?companyId=${companyId}`, {
      method: 'PUT',
      token: customer.token,
      body: { ...schedule, dayOfMonth: 7, active: false },
    });
    expect(paused.body.data).toMatchObject({ dayOfMonth: 7, active: false, nextRun: null });

    const first = await server.call(`/api/nfs/schedulers/${id}/generate?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
    });
    expect(first.status).toBe(201);
    const again = await server.call(`/api/nfs/schedulers/${id}/generate?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A nota deste mês já foi gerada para este agendamento.');

    const list = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, { token: customer.token });
    expect(list.body.data[0].lastGeneratedMonth).toMatch(/^\d{4}-\d{2}$/);
    expect((await server.call('/api/nfs/schedulers/active', { token: customer.token })).status).toBe(403);
    expect((await server.call('/api/nfs/schedulers/active', { token: admin.token })).status).toBe(200);

    expect(
      (await server.call(`/api/nfs/schedulers/${id}?companyId=${companyId}`, { method: 'DELETE', token: customer.token })).status,
    ).toBe(200);
  });

  it('say when they first run: this month’s day if it is still ahead, otherwise next month’s', async () => {
    const today = saoPauloDate(new Date());
    // A day already past this month, when there is one (not on the 1st).
    const day = Math.min(12, Math.max(1, today.day - 1));
    const created = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...valid, competence: undefined, dayOfMonth: day },
    });
    expect(created.status).toBe(201);
    const next =
      day < today.day ? (today.month === 12 ? [today.year + 1, 1] : [today.year, today.month + 1]) : [today.year, today.month];
    expect(created.body.data.nextRun).toBe(`${monthKey(next[0], next[1])}-${String(day).padStart(2, '0')}`);
    await server.call(`/api/nfs/schedulers/${created.body.data.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
  });

  it('"Gerar agora" warns when the customer already asked by hand for the tomador this month, and makes it once confirmed', async () => {
    const today = saoPauloDate(new Date());
    const competence = monthKey(today.year, today.month);
    const byHand = await create({ ...valid, competence });
    expect(byHand.status).toBe(201);
    const created = await server.call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...valid, competence: undefined, dayOfMonth: 12 },
    });
    const id = created.body.data.id as string;
    const generate = (query = '') =>
      server.call(`/api/nfs/schedulers/${id}/generate?companyId=${companyId}${query}`, { method: 'POST', token: customer.token });

    const warned = await generate();
    expect(warned.status).toBe(409);
    expect(warned.body.error).toEqual({
      code: 'confirmation_required',
      message: `Você já pediu uma nota para Estúdio Aurora Design Ltda na competência ${competence.slice(5)}/${competence.slice(0, 4)}. Gerar a do agendamento também?`,
    });
    const made = await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, id));
    expect(made).toEqual([]);

    const confirmed = await generate('&confirm=true');
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toMatchObject({ competence, scheduleId: id });
    const again = await generate('&confirm=true');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A nota deste mês já foi gerada para este agendamento.');
    expect((await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, id))).length).toBe(1);

    await server.call(`/api/nfs/schedulers/${id}?companyId=${companyId}`, { method: 'DELETE', token: customer.token });
    await server.call(`/api/nfs/requests/${byHand.body.data.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
  });

  it('keep each company to its own', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/nfs/requests?companyId=${companyId}`],
      ['POST', `/api/nfs/requests?companyId=${companyId}`, valid],
      ['GET', `/api/nfs/schedulers?companyId=${companyId}`],
      ['GET', `/api/nfs/customers?companyId=${companyId}`],
    ] as [string, string, unknown?][]) {
      expect((await server.call(path, { method, token: other.token, body })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('the requests lists, as PostgreSQL writes their JSON', () => {
  it('answers every field — the emission and the company’s name too — exactly as toRequestDto and emissionView give them', async () => {
    const named = await server.createCompany({ status: 'active', name: 'Empresa JSON Ltda' });
    const aliased = await server.createCompany({ status: 'active', name: 'Outra JSON Ltda', alias: 'Apelido "JSON" ção' });
    const owner = await server.createUser({ companyIds: [named] });
    const texts = ['JSONTESTE aspas "duplas" e \\barra\\', 'JSONTESTE linha\nnova\t\u0001', 'JSONTESTE São João 🧾 </script>'];
    const base = Date.UTC(2026, 2, 1, 12, 0, 0, 999);
    const requests = Array.from({ length: 14 }, (_, i) => ({
      companyId: i % 4 === 3 ? aliased : named,
      status: NFS_REQUEST_STATUSES[i % NFS_REQUEST_STATUSES.length],
      emissionType: i % 7 === 6 ? ('foreign' as const) : i % 2 ? ('cpf' as const) : ('cnpj' as const),
      customerDocument: i % 7 === 6 ? (i % 2 ? '' : 'NIF "x" 1') : i % 2 ? '52998224725' : '11222333000181',
      customerNoNifReason: i % 7 === 6 && i % 2 ? ('1' as const) : null,
      customerAddress:
        i % 7 === 6
          ? {
              kind: 'foreign' as const,
              countryCode: 'US',
              postalCode: '94105',
              city: 'San "Francisco"',
              region: 'CA',
              street: 'Market \\ Street',
              number: '500',
              district: 'SoMa',
            }
          : i % 3 === 1
            ? {
                kind: 'national' as const,
                postalCode: '01001000',
                cityIbgeCode: '3550308',
                cityName: 'São Paulo',
                state: 'SP',
                street: 'Praça da Sé 🧾',
                number: 'S/N',
                ...(i % 2 ? { complement: 'Sala "2"' } : {}),
                district: 'Sé',
              }
            : null,
      customerName: texts[i % texts.length],
      customerEmail: i % 3 ? null : `cliente${i}@exemplo.com.br`,
      description: texts[(i + 1) % texts.length],
      activity: i % 2 ? '6201501' : null,
      serviceItem: i % 3 ? '01.07' : null,
      competence: `2026-0${1 + (i % 3)}`,
      totalCents: i % 2 ? 2 ** 40 + i : 150_050,
      issWithheld: i % 2 === 0,
      invoiceNumber: i % 5 ? null : String(1000 + i),
      reason: i % 4 ? null : 'Motivo com "aspas"',
      issuedAt: i % 5 ? null : new Date(base + i * 60_000),
      createdAt: new Date(base + i * 1000),
      statusChangedAt: new Date(base + i * 2000),
    }));
    const inserted = await server.db.insert(nfsRequests).values(requests).returning({ id: nfsRequests.id });
    // Emissions in every state (with a retry time kept only while retrying, errors and a problem), and none for some.
    const emissions = inserted.flatMap(({ id }, i) =>
      i % 3 === 2
        ? []
        : [
            {
              requestId: id,
              companyId: requests[i].companyId,
              dpsId: `DPS${String(i).padStart(42, '0')}`,
              dpsSeries: '1',
              dpsNumber: 900_000_000_000 + i,
              state: NFSE_EMISSION_STATES[i % NFSE_EMISSION_STATES.length],
              attempts: i,
              nextAttemptAt: new Date(base + 3_600_000 + i),
              lastError: i % 2 ? 'Falhou "de novo"' : null,
              errors:
                i % 2 ? [{ code: 'E0001', description: 'Erro "x"', complement: 'a\\b', explanation: 'Explicação com ç' }] : [],
              problem:
                i % 4 === 1
                  ? {
                      stage: 'validating' as const,
                      message: 'Campo inválido',
                      issues: [{ path: '/a', field: 'x', message: 'y' }],
                    }
                  : null,
              accessKey: i % 2 ? null : `NFS${i}`,
              nfseNumber: i % 2 ? null : String(i),
              issuedAt: i % 2 ? null : new Date(base + 7_200_000),
              cancelledAt: i % 5 === 4 ? new Date(base + 9_000_000) : null,
              cancellationReason: i % 5 === 4 ? 'Erro na descrição' : null,
              signedDpsXml: i % 3 ? '<DPS versao="1.00"/>' : null,
              cancellationRequestXml: i % 5 === 4 ? '<pedRegEvento versao="1.00"/>' : null,
            },
          ],
    );
    await server.db.insert(nfseEmissions).values(emissions);
    // Microseconds PostgreSQL keeps and a JavaScript date cannot: .999999 must read .999.
    const ids = inserted.map(({ id }) => id);
    await server.db.execute(
      sql`update nfs_requests set created_at = created_at + interval '999 microseconds', status_changed_at = status_changed_at + interval '1 microsecond' where id in ${ids}`,
    );
    await server.db.execute(
      sql`update nfse_emissions set updated_at = updated_at + interval '999 microseconds' where request_id in ${ids}`,
    );

    const rows = await server.db
      .select({ request: nfsRequests, emission: nfseEmissions, alias: companies.alias, name: companies.name })
      .from(nfsRequests)
      .innerJoin(companies, eq(companies.id, nfsRequests.companyId))
      .leftJoin(nfseEmissions, eq(nfseEmissions.requestId, nfsRequests.id))
      .where(inArray(nfsRequests.id, ids))
      .orderBy(asc(nfsRequests.createdAt), asc(nfsRequests.id));
    const expected = rows.map((row) => ({
      ...toRequestDto(row.request, row.emission ? emissionView(row.emission) : null),
      companyName: row.alias ?? row.name,
    }));
    expect(expected.filter((row) => row.emission?.state === 'retrying').map((row) => row.emission?.nextAttemptAt)).not.toContain(
      null,
    );

    // The team's queue across companies, oldest first, page by page.
    const queue = [];
    for (let offset = 0; offset < 20; offset += 5) {
      const page = await server.call(`/api/nfs/requests/search?query=JSONTESTE&limit=5&offset=${offset}`, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(14);
      queue.push(...page.body.data);
    }
    expect(queue).toEqual(expected);

    // One company's, newest first; filtered by status and competence; and a page past the end.
    const own = expected.filter((row) => row.companyId === named).reverse();
    const list = async (query: string) =>
      (await server.call(`/api/nfs/requests?companyId=${named}${query}`, { token: owner.token })).body;
    expect(await list('&limit=100')).toEqual({ data: own, total: own.length });
    const issuedInFebruary = own.filter((row) => row.status === 'issued' && row.competence === '2026-02');
    expect(await list('&limit=100&status=issued&date=2026-02')).toEqual({
      data: issuedInFebruary,
      total: issuedInFebruary.length,
    });
    expect(await list('&limit=10&offset=100')).toEqual({ data: [], total: own.length });
    // Whatever time zone the connection runs in (São Paulo's here), a timestamp reads as toISOString writes it.
    const inSaoPaulo = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      return Promise.all([
        listRequestsJson(tx, { companyId: named, limit: 100, offset: 0, order: 'newest' }),
        listRequestsJson(tx, { query: 'JSONTESTE', limit: 100, offset: 0, order: 'oldest' }),
      ]);
    });
    expect(inSaoPaulo.map((page) => JSON.parse(page))).toEqual([
      { data: own, total: own.length },
      { data: expected, total: 14 },
    ]);
    expect(await list('&limit=100&query=s%C3%A3o%20jo%C3%A3o')).toEqual({
      data: own.filter((row) => row.customerName.includes('São João') || row.description.includes('São João')),
      total: own.filter((row) => row.customerName.includes('São João') || row.description.includes('São João')).length,
    });
  });
});
