/**
 * The national NFS-e over HTTP (docs/nfse.md): the fiscal profile and the A1 certificate, and a request emitted through the national
 * system's local stand-in — issued with its DANFSe and XML, never twice (a second call, two at once, a retry after
 * an answer lost), refused with the national code explained, held back when the DPS breaks the layout, cancelled,
 * and emitted by itself from a schedule. One app and one stand-in for the whole file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDate } from '@domain/dates';
import { isAccessKey } from '@domain/nfseNacional';
import { isNationalServiceCodeShape } from '@domain/fiscalProfile';
import { currentMonth } from '@server/db/invoices';
import { documents, nfsRequests, nfsSchedules, nfseEmissions } from '@server/db/schema';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import { nationalService } from '@server/nfse/national-services';
import { issueA1Certificate } from '@server/nfse/test-ca';
import { conflict } from '@server/services/errors';
import { createDueRequests, emitAutoScheduled } from '@server/services/nfs-scheduler';
import type { NfseDeps, NfseEmissionService } from '@server/services/nfse-emission';
import { createNfseEmissionService } from '@server/services/nfse-emission';
import { createTokenSealer } from '@server/services/secrets';
import { createLocalStorage } from '@server/services/storage';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';
import { NFSE_WORLD_PROFILE } from '../support/nfse-world';

const CNPJ = '11444777000161';
const OTHER_CNPJ = '61802511000111';
const PASSWORD = 'senha-do-a1-123';

let standIn: NfseStandIn;
let server: TestServer;
let service: NfseEmissionService;
let filesDir: string;
let admin: TestUser;
let customer: TestUser;
let outsider: TestUser;
let companyId: string;
let otherCompanyId: string;
/** Every answer's text: none may carry the certificate's key, file or password. */
const answers: string[] = [];

const profile = NFSE_WORLD_PROFILE;

const invoice = {
  emissionType: 'cnpj',
  cnpj: '11.222.333/0001-81',
  totalValue: '1.500,50',
  customerName: 'Estúdio Aurora Design Ltda',
  customerEmail: 'financeiro@aurora.com.br',
  description: 'Desenvolvimento do aplicativo de agendamentos (sprint do mês).',
  activity: '6201501',
};

async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const answer = await server.call(path, init);
  answers.push(JSON.stringify(answer.body));
  return answer;
}

async function uploadCertificate(
  token: string,
  company: string,
  file: { bytes: Uint8Array; name?: string },
  password = PASSWORD,
) {
  const form = new FormData();
  form.set('file', new File([Buffer.from(file.bytes)], file.name ?? 'empresa.pfx'));
  form.set('password', password);
  const response = await fetch(`${server.baseUrl}/api/companies/${company}/fiscal-profile/certificate`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) };
}

async function newRequest(overrides: Record<string, unknown> = {}) {
  const { status, body } = await call(`/api/nfs/requests?companyId=${companyId}`, {
    method: 'POST',
    token: customer.token,
    body: { ...invoice, competence: currentMonth(), ...overrides },
  });
  expect(status).toBe(201);
  return body.data.id as string;
}

const emit = (id: string, token = admin.token) => call(`/api/nfs/requests/${id}/emission`, { method: 'POST', token });

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn();
  filesDir = await mkdtemp(join(tmpdir(), 'contabil-nfse-'));
  const storage = createLocalStorage(filesDir);
  const nfse: NfseDeps = {
    baseUrl: standIn.url,
    parametersUrl: standIn.parametersUrl,
    environment: 'homologation',
    trustedCaPem: [standIn.caCertificatePem],
    sealer: createTokenSealer('test-token-key'),
    timeoutMs: 2_000,
    lookupTimeoutMs: 2_000,
    checkDelayMs: 20,
    retryAfterSeconds: 60,
  };
  server = await startTestServer({ nfse, storage });
  service = createNfseEmissionService({ db: server.db, storage, nfse, logger: { info: () => {}, error: () => {} } });
  companyId = await server.createCompany({ status: 'active', cnpj: CNPJ, name: 'Mendes Tech Ltda', mainActivity: '6201501' });
  otherCompanyId = await server.createCompany({ status: 'active', cnpj: OTHER_CNPJ, mainActivity: '6201501' });
  [admin, customer, outsider] = await Promise.all([
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ companyIds: [companyId] }),
    server.createUser({ companyIds: [otherCompanyId] }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('the fiscal profile', () => {
  it('is read by the team and the company, edited by the team only, refused in Portuguese when wrong', async () => {
    const empty = await call(`/api/companies/${companyId}/fiscal-profile`, { token: customer.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      profile: null,
      certificate: null,
      ready: false,
      missing: ['Cadastre o perfil fiscal.', 'Envie o certificado digital A1 da empresa.'],
    });
    const byCustomer = await call(`/api/companies/${companyId}/fiscal-profile`, {
      method: 'PUT',
      token: customer.token,
      body: profile,
    });
    expect(byCustomer.status).toBe(403);
    const otherCompany = await call(`/api/companies/${companyId}/fiscal-profile`, { token: outsider.token });
    expect(otherCompany.status).toBe(403);

    const bad = await call(`/api/companies/${companyId}/fiscal-profile`, {
      method: 'PUT',
      token: admin.token,
      body: { ...profile, cityIbgeCode: '123', serviceCode: '0000' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      cityIbgeCode: 'Informe o código IBGE do município da empresa (7 dígitos).',
      serviceCode: expect.stringContaining('6 dígitos'),
    });

    const saved = await call(`/api/companies/${companyId}/fiscal-profile`, { method: 'PUT', token: admin.token, body: profile });
    expect(saved.status).toBe(200);
    expect(saved.body.data.profile).toMatchObject({
      cityIbgeCode: '3550308',
      taxRegime: 'simples',
      simplesApportionment: '1',
      serviceCode: '010101',
      issRate: 2.5,
      dpsSeries: '1',
      serviceDescription: expect.any(String),
    });
    expect(saved.body.data.missing).toEqual(['Envie o certificado digital A1 da empresa.']);
    const seen = await call(`/api/companies/${companyId}/fiscal-profile`, { token: customer.token });
    expect(seen.body.data.profile.serviceCode).toBe('010101');
  });

  it('takes only the company’s own valid A1 certificate, and never answers its key or password', async () => {
    const url = `/api/companies/${companyId}/fiscal-profile/certificate`;
    const own = standIn.issueCompanyCertificate({ cnpj: CNPJ, companyName: 'Mendes Tech Ltda', password: PASSWORD });

    const notPkcs12 = await uploadCertificate(admin.token, companyId, {
      bytes: new TextEncoder().encode('não é um certificado'),
    });
    expect(notPkcs12.status).toBe(400);
    expect(notPkcs12.body.error.fields.file).toBe('O arquivo não é um certificado A1 válido (PKCS#12, .pfx ou .p12).');
    const wrongPassword = await uploadCertificate(admin.token, companyId, { bytes: own.pfx }, 'outra-senha');
    expect(wrongPassword.body.error.fields).toEqual({ password: 'Senha do certificado incorreta.' });
    const foreign = standIn.issueCompanyCertificate({ cnpj: OTHER_CNPJ, companyName: 'Outra Ltda', password: PASSWORD });
    const otherCnpj = await uploadCertificate(admin.token, companyId, { bytes: foreign.pfx });
    expect(otherCnpj.body.error.fields.file).toBe(
      'Este certificado é do CNPJ 61.802.511/0001-11, não do CNPJ da empresa (11.444.777/0001-61).',
    );
    const expired = issueA1Certificate(standIn.ca, {
      cnpj: CNPJ,
      companyName: 'Mendes Tech Ltda',
      password: PASSWORD,
      notBefore: new Date('2024-01-01T00:00:00Z'),
      notAfter: new Date('2025-01-01T00:00:00Z'),
    });
    const old = await uploadCertificate(admin.token, companyId, { bytes: expired.pfx });
    expect(old.body.error.fields.file).toMatch(/^O certificado digital venceu em 3[01]\/12\/2024/);
    const wrongKind = await uploadCertificate(admin.token, companyId, { bytes: own.pfx, name: 'certificado.txt' });
    expect(wrongKind.body.error.fields.file).toBe('O certificado deve ser um arquivo .pfx ou .p12 (certificado A1).');
    const tooLarge = await uploadCertificate(admin.token, companyId, { bytes: new Uint8Array(51 * 1024) });
    expect(tooLarge.body.error.fields.file).toMatch(/passa de 50 KB/);
    const byCustomer = await uploadCertificate(customer.token, companyId, { bytes: own.pfx });
    expect(byCustomer.status).toBe(403);

    const stored = await uploadCertificate(admin.token, companyId, { bytes: own.pfx });
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({
      ready: true,
      missing: [],
      certificate: {
        cnpj: CNPJ,
        status: 'valid',
        commonName: `MENDES TECH LTDA:${CNPJ}`,
        message: expect.stringMatching(/^Certificado digital válido até/),
      },
    });
    const removed = await call(url, { method: 'DELETE', token: admin.token });
    expect(removed.body.data.certificate).toBeNull();
    expect((await uploadCertificate(admin.token, companyId, { bytes: own.pfx })).status).toBe(200);

    const everything = answers.join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toMatch(/PRIVATE KEY|pfx_sealed|pfxSealed|passwordSealed/);
    expect(everything).not.toContain(own.pfx.toString('base64').slice(0, 40));
  });
});

describe('emitting a request through the national system', () => {
  let issuedId: string;
  let accessKey: string;

  it('shows what will be sent without taking a number, then issues it with its DANFSe and XML published', async () => {
    issuedId = await newRequest();
    expect((await call(`/api/nfs/requests/${issuedId}/emission`, { token: customer.token })).status).toBe(403);
    expect((await emit(issuedId, customer.token)).status).toBe(403);
    const preview = await call(`/api/nfs/requests/${issuedId}/emission`, { token: admin.token });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      ready: true,
      blockers: [],
      issues: [],
      emission: null,
      dps: {
        number: '1',
        numberAllocated: false,
        series: '1',
        id: expect.stringMatching(/^DPS3550308211444777000161000010{14}1$/),
      },
    });
    expect(preview.body.data.dps.summary).toContainEqual(['Valor do serviço', expect.stringMatching(/^R\$\s1\.500,50$/)]);
    // An ME/EPP paying ISS in the DAS, not withheld: no rate in the DPS (rule E0625), its Simples percentage instead.
    expect(preview.body.data.dps.summary).toContainEqual([
      'Alíquota do ISS',
      'No DAS do Simples Nacional (não vai na nota sem retenção)',
    ]);
    expect(preview.body.data.dps.summary).toContainEqual(['Tributos aproximados', '6 % (Simples Nacional)']);
    expect(preview.body.data.dps.summary).toContainEqual(['Município no Sistema Nacional', 'Convênio ativo']);
    // Looking twice takes nothing: the number is still free.
    expect((await call(`/api/nfs/requests/${issuedId}/emission`, { token: admin.token })).body.data.dps.number).toBe('1');

    const before = standIn.stats();
    const { status, body } = await emit(issuedId);
    expect(status).toBe(200);
    const request = body.data;
    expect(request).toMatchObject({
      id: issuedId,
      status: 'issued',
      invoiceNumber: expect.stringMatching(/^\d+$/),
      pdfDocumentId: expect.any(String),
      xmlDocumentId: expect.any(String),
      emission: { state: 'issued', dpsNumber: '1', dpsSeries: '1', attempts: 1, errors: [], problem: null },
    });
    expect(isAccessKey(request.accessKey)).toBe(true);
    expect(request.emission.accessKey).toBe(request.accessKey);
    accessKey = request.accessKey;
    expect(standIn.stats().issued - before.issued).toBe(1);

    // The customer sees both files, downloads the DANFSe (a PDF) and the NFS-e XML the national system signed.
    const list = await call(`/api/documents?companyId=${companyId}&limit=100`, { token: customer.token });
    const names = list.body.data.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining([`NFS-e ${request.invoiceNumber}.pdf`, `NFS-e ${request.invoiceNumber}.xml`]));
    const [pdfRow] = await server.db.select().from(documents).where(eq(documents.id, request.pdfDocumentId));
    const [xmlRow] = await server.db.select().from(documents).where(eq(documents.id, request.xmlDocumentId));
    expect(pdfRow).toMatchObject({ type: 'nota_fiscal', companyId, contentType: 'application/pdf', competence: currentMonth() });
    expect(xmlRow).toMatchObject({ type: 'nota_fiscal', companyId, contentType: 'application/xml' });
    // Published with the status in one transaction: the same moment on both.
    const [row] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.id, issuedId));
    expect(row.issuedAt?.getTime()).toBe(row.statusChangedAt.getTime());
    const [emission] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, issuedId));
    expect(emission.nfseXml).toContain(accessKey);
    expect(emission.signedDpsXml).toContain('<Signature');

    const detail = await call(`/api/nfs/requests/${issuedId}`, { token: admin.token });
    expect(detail.body.data.history).toContainEqual(expect.objectContaining({ fromStatus: 'requested', toStatus: 'issued' }));
    expect(detail.body.data.emission.state).toBe('issued');
  });

  it('answers the same invoice when asked again: one NFS-e on the national side', async () => {
    const before = standIn.stats();
    const again = await emit(issuedId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'issued', accessKey });
    expect(standIn.stats()).toMatchObject({ issued: before.issued, emissions: before.emissions });
  });

  it('sends once when the team clicks twice at the same time', async () => {
    const id = await newRequest({ customerName: 'Clínica Sorriso Pleno Ltda', cnpj: '76.827.687/0001-03' });
    const before = standIn.stats();
    const [first, second] = await Promise.all([emit(id), emit(id)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.data.status).toBe('issued');
    expect(second.body.data.accessKey).toBe(first.body.data.accessKey);
    expect(standIn.stats().issued - before.issued).toBe(1);
    expect(standIn.stats().emissions - before.emissions).toBe(1);
    expect(first.body.data.emission.dpsNumber).toBe('2');
  });

  it('sends nothing when the DPS breaks an official rule (E0310), naming the rule in Portuguese', async () => {
    const outside = ['140199', '149901', '399901', '010199'].find(
      (code) => isNationalServiceCodeShape(code) && !nationalService(code),
    )!;
    await call(`/api/companies/${companyId}/fiscal-profile`, {
      method: 'PUT',
      token: admin.token,
      body: { ...profile, serviceCode: outside },
    });
    try {
      const id = await newRequest({ description: 'Serviço com código fora da lista nacional.' });
      const before = standIn.stats();
      const { status, body } = await emit(id);
      expect(status).toBe(422);
      expect(body.error.message).toContain(
        'Regra E0310 do Sistema Nacional: O código de tributação nacional informado não existe',
      );
      expect(standIn.stats().emissions).toBe(before.emissions);
      expect(await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, id))).toEqual([]);
    } finally {
      await call(`/api/companies/${companyId}/fiscal-profile`, { method: 'PUT', token: admin.token, body: profile });
    }
  });

  it('keeps a request without an answer "processing" with a retry plan; the retry finds the NFS-e already issued', async () => {
    const id = await newRequest({ description: 'Emissão com a conexão caindo depois do registro.' });
    const before = standIn.stats();
    // Issued on the national side, the answer lost, and no lookup answers: this run cannot know.
    standIn.setFaults({ commitThenDrop: 1, lookupUnavailable: 1 });
    const { status, body } = await emit(id);
    standIn.setFaults({});
    expect(status).toBe(200);
    expect(body.data.status).toBe('processing');
    expect(body.data.emission).toMatchObject({
      state: 'retrying',
      nextAttemptAt: expect.any(String),
      lastError: expect.any(String),
    });
    expect(new Date(body.data.emission.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
    expect(standIn.stats().issued - before.issued).toBe(1);

    // Not yet due: nothing runs.
    expect(await service.runDueRetries(new Date())).toBe(0);
    expect(await service.runDueRetries(new Date(Date.now() + 120_000))).toBe(1);
    const after = await call(`/api/nfs/requests/${id}`, { token: admin.token });
    expect(after.body.data).toMatchObject({ status: 'issued', emission: { state: 'issued', attempts: 2 } });
    // The DPS was looked up, not sent as a new one: still one NFS-e for it.
    expect(standIn.stats().issued - before.issued).toBe(1);
    expect(standIn.nfses().filter((n) => n.accessKey === after.body.data.accessKey)).toHaveLength(1);
    // Issued by the scheduler's retry, with nobody behind it: still published by the team for the customer.
    const list = await call(`/api/documents?companyId=${companyId}&limit=100`, { token: customer.token });
    const pdf = list.body.data.find((d: { id: string }) => d.id === after.body.data.pdfDocumentId);
    expect(pdf).toMatchObject({ publishedByTeam: true, isNew: true });
  });

  it('sends the same signed DPS again after a 503, never a new number', async () => {
    const id = await newRequest({ description: 'Emissão com o Sistema Nacional fora do ar.' });
    standIn.setFaults({ unavailable: 1 });
    const first = await emit(id);
    standIn.setFaults({});
    expect(first.body.data).toMatchObject({ status: 'processing', emission: { state: 'retrying' } });
    const number = first.body.data.emission.dpsNumber;
    const [kept] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, id));
    const again = await emit(id);
    expect(again.body.data).toMatchObject({ status: 'issued', emission: { dpsNumber: number, dpsId: kept.dpsId } });
    const [row] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, id));
    expect(row.signedDpsXml).toBe(kept.signedDpsXml);
  });

  it('shows a request waiting on the national system with its retry plan in both lists, without the XML', async () => {
    const description = 'Emissão com o Sistema Nacional fora do ar, vista na fila.';
    const waitingId = await newRequest({ description });
    const neverTriedId = await newRequest({ description: `${description} Ainda não enviada.` });
    standIn.setFaults({ unavailable: 1 });
    const emitted = await emit(waitingId);
    standIn.setFaults({});
    expect(emitted.body.data).toMatchObject({ status: 'processing', emission: { state: 'retrying' } });
    const plan = emitted.body.data.emission;
    expect(plan.nextAttemptAt).toEqual(expect.any(String));

    type Row = { id: string; emission: Record<string, unknown> | null };
    const rowsOf = (answer: { body: { data: Row[] } }) => new Map(answer.body.data.map((row) => [row.id, row]));
    const lists = {
      // One company's list as its customer reads it: the prepared page (filters only) and a text search.
      company: await call(`/api/nfs/requests?companyId=${companyId}&status=processing&status=requested&limit=100`, {
        token: customer.token,
      }),
      companySearch: await call(`/api/nfs/requests?companyId=${companyId}&query=${encodeURIComponent(description)}`, {
        token: customer.token,
      }),
      // The team's queue across companies.
      queue: await call(`/api/nfs/requests/search?query=${encodeURIComponent(description)}&limit=100`, { token: admin.token }),
      companyIssued: await call(`/api/nfs/requests?companyId=${companyId}&status=issued&limit=100`, { token: customer.token }),
    };
    for (const [name, answer] of Object.entries(lists)) {
      expect(answer.status, name).toBe(200);
      // Only the emission's view travels in a list: no signed DPS, NFS-e or event XML, no lease.
      expect(JSON.stringify(answer.body), name).not.toMatch(/<Signature|signedDpsXml|nfseXml|leaseToken|EventXml/);
    }
    for (const name of ['company', 'companySearch', 'queue'] as const) {
      const rows = rowsOf(lists[name]);
      expect(rows.get(waitingId)?.emission, name).toEqual(plan);
      expect(rows.get(waitingId)?.emission, name).toMatchObject({ state: 'retrying', nextAttemptAt: plan.nextAttemptAt });
      expect(rows.get(neverTriedId)?.emission, name).toBeNull();
    }
    const issued = lists.companyIssued.body.data as (Row & { accessKey: string })[];
    expect(issued.length).toBeGreaterThan(0);
    for (const row of issued) expect(row.emission).toMatchObject({ state: 'issued', accessKey: row.accessKey });

    // Issued on the next try, so later tests find no retry pending.
    expect((await emit(waitingId)).body.data.status).toBe('issued');
  });

  it('sends nothing when the DPS breaks the layout, and names the field in Portuguese', async () => {
    const id = await newRequest();
    await server.db
      .update(nfsRequests)
      .set({ description: 'Serviço. '.repeat(260) })
      .where(eq(nfsRequests.id, id));
    const before = standIn.stats();
    const preview = await call(`/api/nfs/requests/${id}/emission`, { token: admin.token });
    expect(preview.body.data.ready).toBe(false);
    expect(preview.body.data.issues[0]).toMatchObject({ field: 'Descrição do serviço' });
    const freeNumber = preview.body.data.dps.number;
    const { status, body } = await emit(id);
    expect(status).toBe(422);
    expect(body.error.code).toBe('dps_invalid');
    expect(body.error.message).toContain('Descrição do serviço');
    expect(standIn.stats().emissions).toBe(before.emissions);
    // Refused before sending: no DPS number spent, the request left as it was for the team to correct.
    const detail = await call(`/api/nfs/requests/${id}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({ status: 'requested', emission: null });
    await server.db.update(nfsRequests).set({ description: 'Serviço corrigido.' }).where(eq(nfsRequests.id, id));
    const issued = await emit(id);
    expect(issued.body.data).toMatchObject({ status: 'issued', emission: { dpsNumber: freeNumber } });
  });

  it('takes the service the customer chose among the company’s; the team corrects a request instead of refusing it', async () => {
    const withServices = { ...profile, otherServiceCodes: '01.08.01' };
    await call(`/api/companies/${companyId}/fiscal-profile`, { method: 'PUT', token: admin.token, body: withServices });
    try {
      const read = await call(`/api/companies/${companyId}/fiscal-profile`, { token: customer.token });
      expect(read.body.data.profile.services).toEqual([
        { code: '010101', description: 'Análise e desenvolvimento de sistemas.' },
        { code: '010801', description: 'Planejamento, confecção, manutenção e atualização de páginas eletrônicas.' },
      ]);
      const refused = await call(`/api/nfs/requests?companyId=${companyId}`, {
        method: 'POST',
        token: customer.token,
        body: { ...invoice, competence: currentMonth(), serviceCode: '14.01.01' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({
        serviceCode: 'Este serviço não está entre os serviços da empresa: escolha um da lista.',
      });

      // An item the company does not offer: refused before sending, nothing numbered.
      const id = await newRequest({ serviceItem: '1.07' });
      const blocked = await emit(id);
      expect(blocked.status).toBe(422);
      expect(blocked.body.error.message).toContain(
        'O item da lista de serviços da solicitação (1.07) não corresponde a nenhum serviço do perfil fiscal (01.01.01, 01.08.01).',
      );
      expect(await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, id))).toEqual([]);

      const correction = { serviceCode: '01.08.01', description: 'Manutenção do site institucional.', totalValue: '1.200,00' };
      const body = { ...correction, competence: currentMonth() };
      const patch = (token: string) => call(`/api/nfs/requests/${id}`, { method: 'PATCH', token, body });
      expect((await patch(customer.token)).status).toBe(403);
      const corrected = await patch(admin.token);
      expect(corrected.status).toBe(200);
      expect(corrected.body.data).toMatchObject({ serviceCode: '010801', serviceItem: null, totalCents: 120000 });
      const detail = await call(`/api/nfs/requests/${id}`, { token: customer.token });
      expect(detail.body.data.history.map((line: { note: string | null }) => line.note)).toContainEqual(
        expect.stringMatching(
          /^Corrigida pela equipe: serviço 01\.01\.01 → 01\.08\.01; descrição; valor R\$\s1\.500,50 → R\$\s1\.200,00\.$/,
        ),
      );

      const issued = await emit(id);
      expect(issued.body.data.status).toBe('issued');
      const [emission] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, id));
      expect(emission.signedDpsXml).toContain('<cTribNac>010801</cTribNac>');
      expect(emission.signedDpsXml).toContain('<vServ>1200.00</vServ>');
      const late = await patch(admin.token);
      expect(late.status).toBe(409);
      expect(late.body.error.message).toBe('Só uma solicitação ainda não enviada ao Sistema Nacional pode ser corrigida.');
    } finally {
      await call(`/api/companies/${companyId}/fiscal-profile`, { method: 'PUT', token: admin.token, body: profile });
    }
  });

  it('answers 409 in Portuguese when the company has no fiscal profile', async () => {
    const { body } = await call(`/api/nfs/requests?companyId=${otherCompanyId}`, {
      method: 'POST',
      token: outsider.token,
      body: { ...invoice, competence: currentMonth() },
    });
    const answer = await emit(body.data.id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe('A empresa não tem perfil fiscal. Cadastre o perfil fiscal.');
  });

  it('cancels an NFS-e issued here with the signed event kept; asking again answers the same', async () => {
    const url = `/api/nfs/requests/${issuedId}/cancellation`;
    const short = await call(url, { method: 'POST', token: admin.token, body: { reason: 'erro' } });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.reason).toBe('Descreva o motivo do cancelamento com pelo menos 15 caracteres.');
    expect(
      (await call(url, { method: 'POST', token: customer.token, body: { reason: 'Serviço não foi prestado.' } })).status,
    ).toBe(403);

    const reason = 'Valor informado errado na solicitação do cliente.';
    const cancelled = await call(url, { method: 'POST', token: admin.token, body: { reason, reasonCode: '1' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      reason,
      accessKey,
      emission: { state: 'cancelled', cancellationReason: reason, cancelledAt: expect.any(String) },
    });
    const [row] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, issuedId));
    expect(row.cancellationEventXml).toContain('101101');
    const again = await call(url, { method: 'POST', token: admin.token, body: { reason } });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('cancelled');
    expect(standIn.nfses().find((n) => n.accessKey === accessKey)?.events).toHaveLength(1);
    expect((await emit(issuedId)).status).toBe(409);
  });

  it('lets the team download the signed DPS and the cancellation request exactly as they were sent', async () => {
    const download = (id: string, file: string, token?: string) =>
      fetch(`${server.baseUrl}/api/nfs/requests/${id}/emission/${file}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const [row] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, issuedId));
    expect(row.signedDpsXml).toContain('<Signature');
    expect(row.cancellationRequestXml).toContain('<Signature');

    const dps = await download(issuedId, 'dps.xml', admin.token);
    expect(dps.status).toBe(200);
    expect(dps.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(dps.headers.get('content-disposition')).toBe(`attachment; filename="${row.dpsId}.xml"`);
    expect(Buffer.from(await dps.arrayBuffer()).equals(Buffer.from(row.signedDpsXml!, 'utf8'))).toBe(true);

    const cancellation = await download(issuedId, 'cancellation.xml', admin.token);
    expect(cancellation.status).toBe(200);
    expect(cancellation.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(cancellation.headers.get('content-disposition')).toBe(`attachment; filename="${row.dpsId}-cancelamento.xml"`);
    expect(Buffer.from(await cancellation.arrayBuffer()).equals(Buffer.from(row.cancellationRequestXml!, 'utf8'))).toBe(true);

    // The request's detail says both files exist, so the team's drawer offers them.
    const detail = await call(`/api/nfs/requests/${issuedId}`, { token: admin.token });
    expect(detail.body.data.emission).toMatchObject({ hasSignedDps: true, hasCancellationRequest: true });

    // Team only: the company's own customer is refused, nobody signed in is asked to sign in.
    for (const file of ['dps.xml', 'cancellation.xml']) {
      expect((await download(issuedId, file, customer.token)).status).toBe(403);
      expect((await download(issuedId, file)).status).toBe(401);
    }

    // A request that does not exist.
    for (const id of ['5f0c7a4e-8c1b-4d53-9a55-0b7e3f1c2d11', 'nao-e-um-id']) {
      const missing = await call(`/api/nfs/requests/${id}/emission/dps.xml`, { token: admin.token });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Solicitação de nota não encontrada.');
    }

    // Nothing sent yet: neither file exists.
    const fresh = await newRequest({ description: 'Solicitação ainda não enviada ao Sistema Nacional.' });
    const noDps = await call(`/api/nfs/requests/${fresh}/emission/dps.xml`, { token: admin.token });
    expect(noDps.status).toBe(404);
    expect(noDps.body.error.message).toBe(
      'Esta solicitação ainda não tem DPS assinada: ela é guardada quando a DPS é enviada ao Sistema Nacional.',
    );
    const noCancellation = await call(`/api/nfs/requests/${fresh}/emission/cancellation.xml`, { token: admin.token });
    expect(noCancellation.status).toBe(404);
    expect(noCancellation.body.error.message).toBe('Esta nota não tem pedido de cancelamento enviado ao Sistema Nacional.');

    // Issued and never cancelled: the DPS is there, no cancellation request.
    const [issuedOnly] = await server.db
      .select()
      .from(nfseEmissions)
      .where(
        and(
          eq(nfseEmissions.companyId, companyId),
          eq(nfseEmissions.state, 'issued'),
          isNull(nfseEmissions.cancellationRequestXml),
        ),
      )
      .limit(1);
    expect((await download(issuedOnly!.requestId, 'dps.xml', admin.token)).status).toBe(200);
    expect((await download(issuedOnly!.requestId, 'cancellation.xml', admin.token)).status).toBe(404);
    const issuedDetail = await call(`/api/nfs/requests/${issuedOnly!.requestId}`, { token: admin.token });
    expect(issuedDetail.body.data.emission).toMatchObject({ hasSignedDps: true, hasCancellationRequest: false });
  });
});

/** Noon of the last day of last month in São Paulo (UTC−3). */
function lastDayOfLastMonth(now = new Date()): Date {
  const { year, month } = saoPauloDate(now);
  return new Date(Date.UTC(year, month - 1, 1, 15) - 24 * 3_600_000);
}

describe('automatic schedules', () => {
  /**
   * A schedule emitted by itself on day 1, for a person the customer did not ask for by hand this month (that month
   * would be left out), made on the last day of last month (São Paulo) so that this month's day has come and last
   * month's had not: it has exactly this month's request due, whatever today's date. Answers the schedule's id.
   */
  async function scheduleFor(cpf: string, customerName: string) {
    const created = await call(`/api/nfs/schedulers?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { ...invoice, emissionType: 'cpf', cnpj: undefined, cpf, customerName, dayOfMonth: 1, autoEmit: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.autoEmit).toBe(true);
    const id = created.body.data.id as string;
    await server.db.update(nfsSchedules).set({ activeSince: lastDayOfLastMonth() }).where(eq(nfsSchedules.id, id));
    return id;
  }

  it('saves autoEmit, and the runner emits the request it creates', async () => {
    const id = await scheduleFor('438.944.943-52', 'Ana Souza');
    const { createdIds } = await createDueRequests(server.db);
    expect(createdIds.length).toBeGreaterThanOrEqual(1);
    const result = await emitAutoScheduled(server.db, service, createdIds, { info: () => {}, error: () => {} });
    expect(result.emitted).toBeGreaterThanOrEqual(1);
    const [request] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, id));
    expect(request).toMatchObject({ status: 'issued', competence: currentMonth() });
    expect(isAccessKey(request.accessKey!)).toBe(true);

    // Nobody clicked, yet the invoice is the team's: the customer's documents show it published by the team, new,
    // and not theirs to delete.
    const list = await call(`/api/documents?companyId=${companyId}&limit=100`, { token: customer.token });
    const pdf = list.body.data.find((d: { id: string }) => d.id === request.pdfDocumentId);
    const xml = list.body.data.find((d: { id: string }) => d.id === request.xmlDocumentId);
    expect(pdf).toMatchObject({ name: `NFS-e ${request.invoiceNumber}.pdf`, publishedByTeam: true, isNew: true });
    expect(xml).toMatchObject({ publishedByTeam: true, isNew: true });
    const removed = await call(`/api/documents/${request.pdfDocumentId}?companyId=${companyId}`, {
      method: 'DELETE',
      token: customer.token,
    });
    expect(removed.status).toBe(403);
    expect(removed.body.error.message).toBe('Este documento foi publicado pela equipe contábil: só ela pode excluí-lo.');
  });

  it('holds a request the emission refuses before sending, with the reason, and only logs a fault', async () => {
    const id = await scheduleFor('529.982.247-25', 'Bia Lima');
    const { createdIds } = await createDueRequests(server.db);
    const [request] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.scheduleId, id));
    expect(createdIds).toContain(request.id);
    // A service that refuses (no certificate), then one that breaks: only the refusal is the team's to read.
    const refusing = { emit: () => Promise.reject(conflict('A empresa não tem certificado digital.')) };
    const errors: string[] = [];
    const logger = { info: () => {}, error: (message: string) => errors.push(message) };
    expect(await emitAutoScheduled(server.db, refusing as never, [request.id], logger)).toEqual({ emitted: 0, held: 1 });
    const [held] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.id, request.id));
    expect(held).toMatchObject({
      status: 'requested',
      reason: 'Emissão automática não feita: A empresa não tem certificado digital.',
    });
    expect(errors).toEqual([]);

    await server.db.update(nfsRequests).set({ reason: null }).where(eq(nfsRequests.id, request.id));
    const broken = { emit: () => Promise.reject(new Error('socket hang up')) };
    expect(await emitAutoScheduled(server.db, broken as never, [request.id], logger)).toEqual({ emitted: 0, held: 1 });
    const [after] = await server.db.select().from(nfsRequests).where(eq(nfsRequests.id, request.id));
    expect(after.reason).toBeNull();
    expect(errors).toEqual([`Invoice schedules: the automatic emission of request ${request.id} failed`]);
  });
});
