/**
 * Cancelling and substituting an NFS-e issued here, over HTTP against the national system's local stand-in: a
 * substitution issues one new NFS-e whose DPS names the old key, the national side registers event 105102 on the old
 * one naming the new key, and both requests say so (the DANFSe of the old one marked SUBSTITUÍDA); asking again, or
 * twice at once, substitutes once; refusals come in Portuguese with the national code. A cancellation publishes the
 * DANFSe marked CANCELADA.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '@server/db/invoices';
import { documents, nfsRequests, nfseEmissions } from '@server/db/schema';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { createNfseClient } from '@server/nfse/client';
import { prepareSignedCancellation } from '@server/nfse/event';
import { packXml } from '@server/nfse/package';
import type { TestServer, TestUser } from '../support/server';
import type { NfseWorld } from '../support/nfse-world';
import { startNfseWorld } from '../support/nfse-world';

const CNPJ = '11444777000161';
const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

let standIn: NfseStandIn;
let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let companyId: string;
let a1: { privateKeyPem: string; certificatePem: string };

async function newIssuedRequest(description: string, totalValue = '980,00') {
  const created = await server.call(`/api/nfs/requests?companyId=${companyId}`, {
    method: 'POST',
    token: customer.token,
    body: {
      emissionType: 'cnpj',
      cnpj: '11.222.333/0001-81',
      totalValue,
      customerName: 'Estúdio Aurora Design Ltda',
      customerEmail: 'financeiro@aurora.com.br',
      description,
      competence: currentMonth(),
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  const emitted = await server.call(`/api/nfs/requests/${id}/emission`, { method: 'POST', token: admin.token });
  expect(emitted.body.data.status).toBe('issued');
  return { id, accessKey: emitted.body.data.accessKey as string, number: emitted.body.data.invoiceNumber as string };
}

const substitute = (id: string, body: unknown, token = admin.token) =>
  server.call(`/api/nfs/requests/${id}/substitution`, { method: 'POST', token, body });

const emissionOf = async (requestId: string) =>
  (await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, requestId)))[0]!;
const requestsOfCompany = async () =>
  (await server.db.select({ id: nfsRequests.id }).from(nfsRequests).where(eq(nfsRequests.companyId, companyId))).length;
const atStandIn = (key: string) => standIn.nfses().find((nfse) => nfse.accessKey === key)!;

/** The text of the request's published DANFSe, as pdf.js reads it. */
async function danfseText(requestId: string): Promise<{ name: string; text: string }> {
  const [request] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.id, requestId));
  const [document] = await server.db.select().from(documents).where(eq(documents.id, request!.pdfDocumentId!));
  const bytes = new Uint8Array(await readFile(join(world.filesDir, document!.storageKey)));
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS }).promise;
  const strings: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) strings.push(item.str);
  }
  await pdf.destroy();
  return { name: document!.name, text: strings.join(' ') };
}

let world: NfseWorld;

beforeAll(async () => {
  world = await startNfseWorld();
  ({ standIn, server, companyId, admin, customer } = world);
  a1 = world.a1;
});

afterAll(() => world?.close());

describe('substituting an NFS-e issued here', () => {
  it('issues one new NFS-e naming the old key; the national system and both requests mark the old one substituted', async () => {
    const old = await newIssuedRequest('Desenvolvimento do aplicativo (descrição com erro).');
    expect(old.number).toBe('1');
    const before = standIn.stats();
    const body = {
      reasonCode: '99',
      reason: 'Descrição do serviço estava errada.',
      description: 'Desenvolvimento do aplicativo de agendamentos, sprint de março.',
      customerName: 'Estúdio Aurora Design e Comunicação Ltda',
    };
    expect((await substitute(old.id, body, customer.token)).status).toBe(403);

    const answer = await substitute(old.id, body);
    expect(answer.status).toBe(200);
    const { replaced, substitute: fresh } = answer.body.data;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh).toMatchObject({
      companyId,
      status: 'issued',
      invoiceNumber: '2',
      description: 'Desenvolvimento do aplicativo de agendamentos, sprint de março.',
      customerName: 'Estúdio Aurora Design e Comunicação Ltda',
      customerEmail: 'financeiro@aurora.com.br',
      totalCents: 98_000,
      pdfDocumentId: expect.any(String),
      xmlDocumentId: expect.any(String),
      emission: { state: 'issued', nfseNumber: '2', substitutes: { requestId: old.id, nfseNumber: '1' }, substitutedBy: null },
    });
    expect(replaced).toMatchObject({
      id: old.id,
      status: 'cancelled',
      invoiceNumber: '1',
      reason: 'Substituída pela NFS-e nº 2 (Outros: Descrição do serviço estava errada.).',
      emission: {
        state: 'substituted',
        substitutes: null,
        substitutedBy: { requestId: fresh.id, nfseNumber: '2' },
      },
    });

    // The national side: one NFS-e more, its DPS naming the old key; the old one's event 105102 naming the new key.
    expect(standIn.stats().issued - before.issued).toBe(1);
    expect(standIn.stats().events - before.events).toBe(1);
    expect(atStandIn(fresh.accessKey).signedDpsXml).toContain(`<chSubstda>${old.accessKey}</chSubstda>`);
    const events = atStandIn(old.accessKey).events;
    expect(events.map((event) => event.type)).toEqual(['105102']);
    expect(events[0]!.signedRequestXml).toContain(`<chSubstituta>${fresh.accessKey}</chSubstituta>`);
    expect(events[0]!.signedRequestXml).toContain('<cMotivo>99</cMotivo>');

    // Our side: the rows, the documents, and what the customer reads in each request's history.
    expect(await emissionOf(old.id)).toMatchObject({ state: 'substituted', substitutedAt: expect.any(Date), leaseToken: null });
    expect(await emissionOf(fresh.id)).toMatchObject({
      state: 'issued',
      substitutionReasonCode: '99',
      substitutionReason: 'Descrição do serviço estava errada.',
      leaseToken: null,
    });
    const marked = await danfseText(old.id);
    expect(marked.name).toBe('NFS-e 1 (substituída).pdf');
    expect(marked.text).toContain('SUBSTITUÍDA');
    expect((await danfseText(fresh.id)).text).not.toContain('SUBSTITUÍDA');
    const oldHistory = (await server.call(`/api/nfs/requests/${old.id}`, { token: customer.token })).body.data.history;
    expect(oldHistory.map((change: { note: string | null }) => change.note)).toContain(
      'Substituída pela NFS-e nº 2 (Outros: Descrição do serviço estava errada.).',
    );
    const freshView = (await server.call(`/api/nfs/requests/${fresh.id}`, { token: customer.token })).body.data;
    expect(freshView.history.map((change: { note: string | null }) => change.note)).toEqual(
      expect.arrayContaining([
        'Substitui a NFS-e nº 1 (Outros: Descrição do serviço estava errada.).',
        'NFS-e nº 2 emitida pelo Sistema Nacional em substituição à nº 1.',
      ]),
    );
    expect(freshView.emission.substitutes).toEqual({ requestId: old.id, nfseNumber: '1' });

    // Asked again: the same substitute, nothing sent.
    const statsBefore = standIn.stats();
    const requestsBefore = await requestsOfCompany();
    const again = await substitute(old.id, body);
    expect(again.status).toBe(200);
    expect(again.body.data.substitute.id).toBe(fresh.id);
    expect(standIn.stats().emissions).toBe(statsBefore.emissions);
    expect(standIn.stats().issued).toBe(statsBefore.issued);
    expect(await requestsOfCompany()).toBe(requestsBefore);
    // Substituted is cancelled here: neither cancelled again nor emitted again.
    const cancelAgain = await server.call(`/api/nfs/requests/${old.id}/cancellation`, {
      method: 'POST',
      token: admin.token,
      body: { reason: 'Cancelar a nota já substituída.', reasonCode: '1' },
    });
    expect(cancelAgain.status).toBe(409);
  });

  it('substitutes once when the team clicks twice at the same time', async () => {
    const old = await newIssuedRequest('Consultoria com nome do tomador errado.');
    const before = standIn.stats();
    const requestsBefore = await requestsOfCompany();
    const body = { reasonCode: '05', customerName: 'Aurora Comunicação Ltda' };
    const [first, second] = await Promise.all([substitute(old.id, body), substitute(old.id, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data.substitute.id).toBe(first.body.data.substitute.id);
    expect(standIn.stats().issued - before.issued).toBe(1);
    expect(await requestsOfCompany()).toBe(requestsBefore + 1);
    expect(atStandIn(old.accessKey).events).toHaveLength(1);
  });

  it('previews a substitute left waiting on the national system with the key and reason its DPS carries', async () => {
    const old = await newIssuedRequest('Serviço substituído enquanto o Sistema Nacional caiu.');
    standIn.setFaults({ unavailable: 1 });
    const answer = await substitute(old.id, { reasonCode: '05', customerName: 'Aurora Comunicação Ltda' });
    standIn.setFaults({});
    const fresh = answer.body.data.substitute;
    expect(fresh).toMatchObject({ status: 'processing', emission: { state: 'retrying' } });
    const preview = (await server.call(`/api/nfs/requests/${fresh.id}/emission`, { token: admin.token })).body.data;
    const groups = old.accessKey.match(/.{1,4}/g)!.join(' ');
    expect(preview.dps.summary).toContainEqual([
      'Substitui',
      `NFS-e nº ${old.number} (chave ${groups}) — Rejeição de NFS-e pelo tomador ou pelo intermediário`,
    ]);
    expect(preview.dps.xml).toContain(`<chSubstda>${old.accessKey}</chSubstda>`);
    expect(preview.dps.xml).toContain('<cMotivo>05</cMotivo>');
    // The retry issues it, so the tests after find nothing pending.
    expect(
      (await server.call(`/api/nfs/requests/${fresh.id}/emission`, { method: 'POST', token: admin.token })).body.data,
    ).toMatchObject({ status: 'issued' });
  });

  it('refuses in Portuguese, before anything is sent: reason 99 without text (E0078), a new value for ME/EPP (E0060)', async () => {
    const old = await newIssuedRequest('Serviço a corrigir, recusas locais.');
    const before = standIn.stats();
    const requestsBefore = await requestsOfCompany();

    const noText = await substitute(old.id, { reasonCode: '99', description: 'Outra descrição do serviço.' });
    expect(noText.status).toBe(400);
    expect(noText.body.error.fields.reason).toBe(
      'Para o motivo "Outros", explique a substituição (regra E0078 do Sistema Nacional).',
    );

    const newValue = await substitute(old.id, { reasonCode: '05', totalCents: 120_000 });
    expect(newValue.status).toBe(422);
    expect(newValue.body.error.fields.totalCents).toBe(
      'No Simples Nacional (ME/EPP e MEI) o valor do serviço não pode mudar numa substituição (regra E0060 do Sistema Nacional): cancele a nota e emita outra.',
    );

    const badCode = await substitute(old.id, { reasonCode: '06' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.fields.reasonCode).toBe('Escolha o motivo da substituição.');

    expect(standIn.stats().emissions).toBe(before.emissions);
    expect(await requestsOfCompany()).toBe(requestsBefore);
    expect((await emissionOf(old.id)).state).toBe('issued');
  });

  it('answers the national refusal E0046 for an NFS-e cancelled at the national system, and keeps ours issued', async () => {
    const old = await newIssuedRequest('Nota cancelada no portal nacional, não aqui.');
    // Cancelled at the national system by other means (its portal): this server was not told.
    const { signedXml } = prepareSignedCancellation(
      {
        accessKey: old.accessKey,
        authorCnpj: CNPJ,
        reasonCode: '1',
        reason: 'Cancelada pelo portal nacional.',
        environment: 'homologation',
        requestedAt: new Date(),
      },
      a1,
    );
    const client = createNfseClient({ baseUrl: standIn.url, certificate: a1, trustedCaPem: [standIn.caCertificatePem] });
    try {
      expect((await client.registerEvent(old.accessKey, { pedidoRegistroEventoXmlGZipB64: packXml(signedXml) })).outcome).toBe(
        'registered',
      );
    } finally {
      client.close();
    }
    const before = standIn.stats();

    const refused = await substitute(old.id, { reasonCode: '05', customerName: 'Aurora Comunicação Ltda' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain(
      'O Sistema Nacional recusou a substituição. E0046: Uma NFS-e cancelada não pode ser substituída.',
    );
    expect(standIn.stats().issued).toBe(before.issued);
    expect(standIn.stats().refused - before.refused).toBe(1);
    expect((await emissionOf(old.id)).state).toBe('issued');
    // The customer finds the refused substitute saying the invoice it was to replace still stands.
    const [refusedSubstitute] = await server.db
      .select({ requestId: nfseEmissions.requestId })
      .from(nfseEmissions)
      .where(eq(nfseEmissions.replacesEmissionId, (await emissionOf(old.id)).id));
    const seen = (await server.call(`/api/nfs/requests/${refusedSubstitute!.requestId}`, { token: customer.token })).body.data;
    expect(seen.status).toBe('rejected');
    expect(seen.reason).toBe(
      `Substituição da NFS-e nº ${old.number} recusada: a NFS-e nº ${old.number} continua válida. E0046: Uma NFS-e ` +
        'cancelada não pode ser substituída. Informe uma chave de NFS-e não cancelada anteriormente. (regra E0046 do ' +
        'Anexo I do Sistema Nacional NFS-e)',
    );
  });

  it('refuses E0046 here for an NFS-e this server cancelled, without sending anything', async () => {
    const old = await newIssuedRequest('Nota cancelada aqui antes da substituição.');
    const cancelled = await server.call(`/api/nfs/requests/${old.id}/cancellation`, {
      method: 'POST',
      token: admin.token,
      body: { reason: 'Serviço não foi prestado ao tomador.', reasonCode: '2' },
    });
    expect(cancelled.status).toBe(200);
    const before = standIn.stats();
    const refused = await substitute(old.id, { reasonCode: '05' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('E0046: Uma NFS-e cancelada não pode ser substituída.');
    expect(standIn.stats().emissions).toBe(before.emissions);
  });
});

describe('cancelling an NFS-e issued here', () => {
  it('publishes its DANFSe again, marked CANCELADA, in the place of the one the customer had', async () => {
    const old = await newIssuedRequest('Nota a cancelar; o DANFSe ganha a tarja.');
    const [request] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.id, old.id));
    const issued = await danfseText(old.id);
    expect(issued.text).not.toContain('CANCELADA');

    const cancelled = await server.call(`/api/nfs/requests/${old.id}/cancellation`, {
      method: 'POST',
      token: admin.token,
      body: { reason: 'Serviço não foi prestado ao tomador.', reasonCode: '2' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.pdfDocumentId).toBe(request!.pdfDocumentId);
    const marked = await danfseText(old.id);
    expect(marked.name).toBe(`NFS-e ${old.number} (cancelada).pdf`);
    expect(marked.text).toContain('CANCELADA');
  });
});
