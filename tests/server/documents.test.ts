import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDocuments } from '@server/seed/demo-documents';
import { createLocalStorage } from '@server/services/storage';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer, twoCompanies } from '../support/server';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let partner: TestUser;
let other: TestUser;
let companyId: string;
let otherCompanyId: string;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, otherCompanyId, admin, customer, partner, other } = await twoCompanies(server));
});
afterAll(() => server?.close());

/** Upload through a signed link; answers the upload token. */
async function upload(token: string, name: string, bytes: Uint8Array, company: string | null = companyId) {
  const link = await server.call(`/api/upload/${encodeURIComponent(name)}${company ? `?companyId=${company}` : ''}`, { token });
  expect(link.status).toBe(200);
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const sent = await fetch(`${server.baseUrl}${link.body.data.url}`, { method: 'POST', body: form });
  expect(sent.status).toBe(201);
  return link.body.data.token as string;
}

async function register(token: string, body: Record<string, unknown>, name = 'arquivo.pdf', company = companyId) {
  const uploadToken = await upload(token, name, PDF, company);
  return server.call(`/api/documents/register?companyId=${company}`, { method: 'POST', token, body: { uploadToken, ...body } });
}

async function publish(body: Record<string, unknown>, name = 'guia.pdf', company = companyId) {
  const uploadToken = await upload(admin.token, name, PDF, company);
  return server.call(`/api/documents/publish?companyId=${company}`, {
    method: 'POST',
    token: admin.token,
    body: { uploadToken, ...body },
  });
}

const setStatus = (id: string, status: string, token = customer.token, company = companyId) =>
  server.call(`/api/documents/${id}/status/${status}?companyId=${company}`, { method: 'PUT', token });

const list = (query = '', token = customer.token) => server.call(`/api/documents?companyId=${companyId}${query}`, { token });

describe('company documents', () => {
  it('checks what comes with a registration, in Portuguese', async () => {
    const nothing = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: {},
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.fields).toEqual({
      uploadToken: 'Envie o arquivo antes de registrá-lo.',
      type: 'Escolha o tipo do documento.',
    });
    const bad = await register(customer.token, {
      type: 'rg_cnh',
      dueDate: '2026-02-30',
      amountCents: 10.5,
      competence: '2026-13',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      type: 'Escolha o tipo do documento.',
      dueDate: 'Data de vencimento inválida.',
      amountCents: 'O valor precisa ser um número inteiro de centavos maior que zero.',
      competence: 'Competência inválida.',
    });
    expect(
      (await server.call(`/api/documents/register`, { method: 'POST', token: customer.token, body: {} })).body.error.fields,
    ).toMatchObject({
      companyId: 'Informe a empresa.',
    });
  });

  it('lets only the team publish, and asks a guide for its due date and value', async () => {
    const uploadToken = await upload(customer.token, 'guia.pdf', PDF);
    const byCustomer = await server.call(`/api/documents/publish?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken, type: 'guia_das', dueDate: '2026-05-20', amountCents: 7_890 },
    });
    expect(byCustomer.status).toBe(403);
    const incomplete = await publish({ type: 'guia_das' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.fields).toEqual({
      dueDate: 'Informe o vencimento da guia.',
      amountCents: 'Informe o valor da guia.',
    });
    const guide = await publish({
      type: 'guia_das',
      dueDate: '2026-05-20',
      amountCents: 7_890,
      competence: '2026-04',
      description: 'DAS de abril',
    });
    expect(guide.status).toBe(201);
    expect(guide.body.data).toMatchObject({
      type: 'guia_das',
      status: 'available',
      publishedBy: admin.uid,
      dueDate: '2026-05-20',
      amountCents: 7_890,
      competence: '2026-04',
      description: 'DAS de abril',
      isNew: true,
      viewedAt: null,
    });
    const missing = await publish({ type: 'outros' }, 'x.pdf', '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('marks what the team published as viewed when the customer downloads it, not when the team does', async () => {
    const guide = (await publish({ type: 'guia_das', dueDate: '2026-06-20', amountCents: 8_000 })).body.data;
    await server.call(`/api/download/${guide.id}?companyId=${companyId}`, { token: admin.token });
    let row = (await list()).body.data.find((d: { id: string }) => d.id === guide.id);
    expect(row).toMatchObject({ status: 'available', isNew: true });
    await server.call(`/api/download/${guide.id}?companyId=${companyId}`, { token: customer.token });
    row = (await list()).body.data.find((d: { id: string }) => d.id === guide.id);
    expect(row).toMatchObject({ status: 'viewed', isNew: false });
    expect(row.viewedAt).not.toBeNull();
    // The old download call counts too.
    const contract = (await publish({ type: 'contrato_social' })).body.data;
    const file = await fetch(`${server.baseUrl}/api/documents/${contract.id}/file?companyId=${companyId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    row = (await list()).body.data.find((d: { id: string }) => d.id === contract.id);
    expect(row.status).toBe('viewed');
  });

  it('follows the lifecycle, refusing illegal changes with 409', async () => {
    const guide = (await publish({ type: 'guia_das', dueDate: '2026-07-20', amountCents: 8_000 })).body.data;
    const contract = (await register(customer.token, { type: 'contrato_social' })).body.data;

    const notAGuide = await setStatus(contract.id, 'paid');
    expect(notAGuide.status).toBe(409);
    expect(notAGuide.body.error.message).toBe('Só guias (DAS ou de taxas) podem ser marcadas como pagas.');

    const paid = await setStatus(guide.id, 'paid');
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', isNew: false });
    const again = await setStatus(guide.id, 'paid');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('O documento já está “Pago”.');
    const hold = await setStatus(guide.id, 'pending');
    expect(hold.status).toBe(409);
    expect(hold.body.error.message).toBe('Não é possível passar um documento de “Pago” para “Pendente”.');
    // A payment marked by mistake is undone.
    expect((await setStatus(guide.id, 'viewed')).body.data.status).toBe('viewed');

    // Only the team holds a document back or releases it.
    const byCustomer = await setStatus(contract.id, 'pending');
    expect(byCustomer.status).toBe(403);
    expect((await setStatus(contract.id, 'pending', admin.token)).body.data.status).toBe('pending');
    expect((await setStatus(contract.id, 'available')).status).toBe(403);
    expect((await setStatus(contract.id, 'available', admin.token)).body.data.status).toBe('available');

    // Archived leaves the default list, and comes back.
    expect((await setStatus(contract.id, 'archived')).body.data.status).toBe('archived');
    expect((await list()).body.data.map((d: { id: string }) => d.id)).not.toContain(contract.id);
    expect((await list('&status=archived')).body.data.map((d: { id: string }) => d.id)).toEqual([contract.id]);
    const archivedToPaid = await setStatus(contract.id, 'viewed');
    expect(archivedToPaid.status).toBe(409);
    expect((await setStatus(contract.id, 'available')).body.data.status).toBe('available');

    const unknownStatus = await setStatus(contract.id, 'paga');
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body.error.message).toBe('Situação inválida.');
    expect((await setStatus(crypto.randomUUID(), 'archived')).status).toBe(404);
    expect((await setStatus(contract.id, 'archived', other.token)).status).toBe(403);
    // Through another company the document is not found.
    expect((await setStatus(contract.id, 'archived', other.token, otherCompanyId)).status).toBe(404);
  });

  it('lists newest first, by type (repeated), 10 a page', async () => {
    const companyB = await server.createCompany();
    const owner = await server.createUser({ companyIds: [companyB] });
    const types = [
      'contrato_social',
      'cartao_cnpj',
      'alvara',
      'outros',
      'outros',
      'outros',
      'outros',
      'outros',
      'outros',
      'outros',
      'outros',
      'extrato',
    ];
    const ids: string[] = [];
    for (const [i, type] of types.entries()) {
      const created = await register(owner.token, { type }, `doc-${i}.pdf`, companyB);
      ids.push(created.body.data.id);
    }
    const first = await server.call(`/api/documents?companyId=${companyB}`, { token: owner.token });
    expect(first.body.total).toBe(12);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice().reverse().slice(0, 10));
    const second = await server.call(`/api/documents?companyId=${companyB}&offset=10`, { token: owner.token });
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([ids[1], ids[0]]);
    const some = await server.call(`/api/documents?companyId=${companyB}&type=contrato_social&type=extrato`, {
      token: owner.token,
    });
    expect(some.body.data.map((d: { type: string }) => d.type)).toEqual(['extrato', 'contrato_social']);
    const bad = await server.call(`/api/documents?companyId=${companyB}&type=boleto&limit=0`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      type: 'Tipo de documento inválido.',
      limit: 'O limite deve ser um número entre 1 e 100.',
    });
    expect((await server.call(`/api/documents?companyId=${companyB}`, { token: customer.token })).status).toBe(403);
    expect((await server.call(`/api/documents?companyId=${companyB}`)).status).toBe(401);
  });

  it('lets the customer delete what they sent, and only the team what the team published', async () => {
    const mine = (await register(customer.token, { type: 'outros' })).body.data;
    const published = (await publish({ type: 'declaracao' })).body.data;
    const partners = (await register(partner.token, { type: 'outros' })).body.data;

    const foreign = await server.call(`/api/documents/${mine.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    const team = await server.call(`/api/documents/${published.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
    expect(team.status).toBe(403);
    expect(team.body.error.message).toBe('Este documento foi publicado pela equipe contábil: só ela pode excluí-lo.');
    const theirs = await server.call(`/api/documents/${partners.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.message).toBe('Você só pode excluir documentos que você mesmo enviou.');

    const download = await server.call(`/api/download/${mine.id}?companyId=${companyId}`, { token: customer.token });
    const deleted = await server.call(`/api/documents/${mine.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
    expect(deleted.status).toBe(200);
    // The file went with it: even a link made before no longer serves it.
    expect((await fetch(`${server.baseUrl}${download.body.data.url}`)).status).toBe(404);
    expect(
      (await server.call(`/api/documents/${mine.id}?companyId=${companyId}`, { method: 'DELETE', token: customer.token })).status,
    ).toBe(404);
    expect(
      (await server.call(`/api/documents/${published.id}?companyId=${companyId}`, { method: 'DELETE', token: admin.token }))
        .status,
    ).toBe(200);
  });

  it('keeps the wizards’ files, and still takes the multipart upload (the team’s is a publication)', async () => {
    const form = new FormData();
    form.set('type', 'guia_taxa');
    form.set('stepId', 'awaiting-guide');
    form.set('file', new File([PDF as Uint8Array<ArrayBuffer>], 'DARE.pdf'));
    const response = await fetch(`${server.baseUrl}/api/documents?companyId=${companyId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const guide = (await response.json()).data;
    expect(guide).toMatchObject({ stepId: 'awaiting-guide', publishedBy: admin.uid, isNew: true });
    const removed = await server.call(`/api/documents/${guide.id}?companyId=${companyId}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(409);
    expect(removed.body.error.message).toMatch(/faz parte da abertura ou da troca de contador/);
  });
});

describe('personal documents (/app/user/my-docs)', () => {
  it('keeps one per slot, visible to the person and the team only', async () => {
    const rg = await upload(customer.token, 'RG frente e verso.jpg', JPG, null);
    const registered = await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: rg, type: 'rg_cnh' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({
      companyId: null,
      ownerUserId: customer.uid,
      type: 'rg_cnh',
      contentType: 'image/jpeg',
    });

    // A company upload is not a personal one, nor the reverse.
    const companyToken = await upload(customer.token, 'rg.pdf', PDF);
    const mixed = await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: companyToken, type: 'rg_cnh' },
    });
    expect(mixed.status).toBe(403);
    const personalToken = await upload(customer.token, 'cpf.pdf', PDF, null);
    const intoCompany = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: personalToken, type: 'outros' },
    });
    expect(intoCompany.status).toBe(403);
    const wrongType = await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: personalToken, type: 'contrato_social' },
    });
    expect(wrongType.body.error.fields).toEqual({
      type: 'Escolha qual documento é este: RG ou CNH, CPF ou comprovante de endereço.',
    });
    // Someone else cannot register the person's upload as theirs.
    const stolen = await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: other.token,
      body: { uploadToken: personalToken, type: 'cpf' },
    });
    expect(stolen.status).toBe(403);

    // Replacing: the new file takes the slot.
    const newer = await upload(customer.token, 'CNH digital.pdf', PDF, null);
    await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: newer, type: 'rg_cnh' },
    });
    const mine = await server.call('/api/documents/personal', { token: customer.token });
    expect(mine.body.data.map((d: { type: string; name: string }) => `${d.type}:${d.name}`)).toEqual(['rg_cnh:CNH digital.pdf']);
    const id = mine.body.data[0].id as string;
    expect((await server.call(`/api/download/${registered.body.data.id}`, { token: customer.token })).status).toBe(404);

    // Private: not in the company's list, not for the partner or another customer.
    expect((await list()).body.data.map((d: { id: string }) => d.id)).not.toContain(id);
    expect((await server.call(`/api/documents/personal?userId=${customer.uid}`, { token: partner.token })).status).toBe(403);
    expect((await server.call('/api/documents/personal', { token: partner.token })).body).toEqual({ data: [], total: 0 });
    const peek = await server.call(`/api/download/${id}`, { token: partner.token });
    expect(peek.status).toBe(403);
    expect((await server.call(`/api/download/${id}?companyId=${companyId}`, { token: partner.token })).status).toBe(404);
    expect((await server.call(`/api/documents/personal/${id}`, { method: 'DELETE', token: other.token })).status).toBe(403);
    expect(
      (await server.call(`/api/documents/${id}/status/archived?companyId=${companyId}`, { method: 'PUT', token: partner.token }))
        .status,
    ).toBe(404);

    // The person downloads it; the team may see it.
    const link = await server.call(`/api/download/${id}`, { token: customer.token });
    expect(link.status).toBe(200);
    expect(new Uint8Array(await (await fetch(`${server.baseUrl}${link.body.data.url}`)).arrayBuffer())).toEqual(PDF);
    expect((await server.call(`/api/documents/personal?userId=${customer.uid}`, { token: admin.token })).body.total).toBe(1);
    expect((await server.call(`/api/download/${id}`, { token: admin.token })).status).toBe(200);

    expect((await server.call(`/api/documents/personal/${id}`, { method: 'DELETE', token: customer.token })).status).toBe(200);
    expect((await server.call('/api/documents/personal', { token: customer.token })).body.total).toBe(0);
    expect((await server.call('/api/documents/personal')).status).toBe(401);
  });
});

describe('demo documents', () => {
  it('gives Mendes Tech its papers and guides, and Carlos his RG', async () => {
    const mendes = await server.createCompany({ alias: 'Mendes Tech' });
    const carlos = await server.createUser({ companyIds: [mendes] });
    const dir = await mkdtemp(join(tmpdir(), 'contabil-seed-'));
    const now = new Date('2026-03-10T15:00:00Z');
    try {
      await server.db.transaction((tx) =>
        seedDemoDocuments(tx, {
          companyIds: new Map([['Mendes Tech', mendes]]),
          uids: new Map([
            ['cliente@demo.test', carlos.uid],
            ['admin@demo.test', admin.uid],
          ]),
          storage: createLocalStorage(dir),
          now,
        }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const all = await server.call(`/api/documents?companyId=${mendes}`, { token: carlos.token });
    const byType = (type: string) => all.body.data.filter((d: { type: string }) => d.type === type);
    expect(byType('contrato_social')).toHaveLength(1);
    expect(byType('cartao_cnpj')).toHaveLength(1);
    const guides = byType('guia_das');
    expect(guides.map((g: { status: string; isNew: boolean }) => `${g.status}${g.isNew ? ' novo' : ''}`).sort()).toEqual([
      'available novo',
      'paid',
      'viewed',
    ]);
    const open = guides.find((g: { status: string }) => g.status === 'viewed');
    expect(open).toMatchObject({ dueDate: '2026-03-14', competence: '2026-02', amountCents: 1_389_410 });
    // Published by the team, which the customer is told without the member's account.
    expect(
      guides.every((g: { publishedBy: string | null; publishedByTeam: boolean }) => g.publishedByTeam && g.publishedBy === null),
    ).toBe(true);
    const personal = await server.call('/api/documents/personal', { token: carlos.token });
    expect(personal.body.data.map((d: { type: string }) => d.type)).toEqual(['rg_cnh']);
  });
});
