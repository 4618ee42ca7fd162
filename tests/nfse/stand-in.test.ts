import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAccessKey, parseAccessKey, accessKeyCheckDigit } from '@domain/nfseNacional';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import type { NfseClient } from '@server/nfse/client';
import { createNfseClient } from '@server/nfse/client';
import { buildDpsFromRequest } from '@server/nfse/dps';
import { emitNfse } from '@server/nfse/emission';
import { readNfseXml } from '@server/nfse/nfse-xml';
import { prepareSignedSubstitutionEvent } from '@server/nfse/event';
import { emissionRequestBody } from '@server/nfse/package';
import { prepareSignedDps } from '@server/nfse/prepare';
import { signDps, verifySignedXml } from '@server/nfse/signature';
import { validateNfseXml } from '@server/nfse/xsd';
import { OTHER_CNPJ, PROVIDER_CNPJ, TAKER_CNPJ, dpsContext } from './fixtures';

let standIn: NfseStandIn;
let company: A1Certificate;
let other: A1Certificate;
let client: NfseClient;
let otherClient: NfseClient;

const clientFor = (certificate: A1Certificate, timeoutMs = 5_000) =>
  createNfseClient({
    baseUrl: standIn.url,
    certificate,
    trustedCaPem: [standIn.caCertificatePem],
    timeoutMs,
    lookupTimeoutMs: 5_000,
  });

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn();
  const a1 = standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda', password: 'a1' });
  company = readPkcs12(a1.pfx, a1.password);
  const b1 = standIn.issueCompanyCertificate({ cnpj: OTHER_CNPJ, companyName: 'Aurora Ltda', password: 'b1' });
  other = readPkcs12(b1.pfx, b1.password);
  client = clientFor(company);
  otherClient = clientFor(other);
});

afterAll(async () => {
  client.close();
  otherClient.close();
  await standIn.close();
});

const prepared = (number: string, input?: Parameters<typeof dpsContext>[1], certificate = company) =>
  prepareSignedDps(dpsContext(number, input), certificate);
/** Built and signed without the product's own checks: what a careless client would send. */
function unchecked(number: string, input?: Parameters<typeof dpsContext>[1], certificate = company) {
  const { id, xml } = buildDpsFromRequest(dpsContext(number, input));
  const signedXml = signDps(xml, certificate);
  return { id, signedXml, body: emissionRequestBody(signedXml) };
}

describe('the national API stand-in', () => {
  it('issues a signed NFS-e, valid against NFSe_v1.01.xsd, with a well-formed 50-digit key', async () => {
    const dps = prepared('1');
    const sent = await client.sendDps(dps);
    expect(sent.outcome).toBe('issued');
    if (sent.outcome !== 'issued') return;
    const { accessKey, number, xml } = sent.nfse;
    expect(isAccessKey(accessKey)).toBe(true);
    expect(parseAccessKey(accessKey)).toMatchObject({
      cityIbgeCode: '3550308',
      issuingEnvironment: '2',
      inscriptionType: 'cnpj',
      inscription: PROVIDER_CNPJ,
      nfseNumber: number.padStart(13, '0'),
      checkDigit: accessKeyCheckDigit(accessKey.slice(0, 49)),
    });
    expect(validateNfseXml(xml)).toEqual({ ok: true });
    expect(verifySignedXml(xml, 'infNFSe')).toMatchObject({ ok: true, signedId: `NFS${accessKey}` });
    // The provider's DPS is inside, byte for byte, its signature intact.
    expect(xml).toContain(dps.signedXml.replace(/^<\?xml[^>]*\?>/, ''));
    const read = readNfseXml(xml);
    expect(read).toMatchObject({
      accessKey,
      status: '100',
      cityName: 'São Paulo',
      issuer: { document: PROVIDER_CNPJ, name: 'MENDES TECH LTDA' },
      taker: { document: TAKER_CNPJ, name: 'Estúdio Aurora Design Ltda' },
      dps: { id: dps.id, number: '1', series: '1' },
      // An ME/EPP paying ISS in the DAS sends no rate (rule E0625): the NFS-e carries no ISS of its own.
      values: { service: '2500.00', net: '2500.00' },
    });
  });

  it('answers the same DPS sent again with the same NFS-e, and refuses another DPS with a used number (E0014)', async () => {
    const dps = prepared('2');
    const first = await client.sendDps(dps);
    const again = await client.sendDps(dps);
    expect(first.outcome === 'issued' && again.outcome === 'issued' && again.nfse.accessKey).toBe(
      first.outcome === 'issued' && first.nfse.accessKey,
    );
    const changed = prepared('2', { request: { totalCents: 260_000 } });
    const refused = await client.sendDps(changed);
    expect(refused).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E0014' }] });
    expect(refused.outcome === 'rejected' && refused.errors[0]!.description).toBe(
      'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
    );
    expect(standIn.nfses().filter((nfse) => nfse.dpsId === dps.id)).toHaveLength(1);
  });

  it('refuses a national service code outside the national list (E0310), explained in Portuguese', async () => {
    const sent = await client.sendDps(unchecked('3', { profile: { serviceCode: '030101' }, request: { serviceItem: null } }));
    expect(sent).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E0310' }] });
    expect(sent.outcome === 'rejected' && sent.errors[0]!.explanation).toContain('lista de serviços nacional');
  });

  it('refuses a DPS signed by a certificate that is not the provider’s (E0718), whatever the connection', async () => {
    const signedByOtherForProvider = prepareSignedDps(dpsContext('6'), other);
    expect(await otherClient.sendDps(signedByOtherForProvider)).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'E0718' }],
    });
    expect(await client.sendDps(signedByOtherForProvider)).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E0718' }] });
    // The connection's certificate is the transmitter's (an accountant may send for the provider): only the signature
    // must be the provider's.
    const ownDpsOtherConnection = prepared('5');
    expect(await otherClient.sendDps(ownDpsOtherConnection)).toMatchObject({ outcome: 'issued' });
    expect(standIn.nfses().some((nfse) => readNfseXml(nfse.nfseXml).dps.number === '6')).toBe(false);
  });

  it('refuses an unsigned DPS (E0717) and a SHA-256 signature the Manual does not document (E0714)', async () => {
    const { id, xml } = buildDpsFromRequest(dpsContext('9'));
    expect(await client.sendDps({ id, signedXml: xml, body: emissionRequestBody(xml) })).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'E0717' }],
    });
    const sha256 = signDps(xml, company, 'sha256');
    expect(await client.sendDps({ id, signedXml: sha256, body: emissionRequestBody(sha256) })).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'E0714' }],
    });
  });

  it('refuses what does not unpack (E1226), breaks the XSD (E1235) or is altered after signing (E0714)', async () => {
    const garbage = { id: 'x', signedXml: '', body: { dpsXmlGZipB64: 'bm90IGd6aXA=' } };
    expect(await client.sendDps(garbage)).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E1226' }] });
    const { id, xml } = buildDpsFromRequest(dpsContext('7'));
    const broken = signDps(xml.replace('<cLocEmi>3550308</cLocEmi>', '<cLocEmi>35503</cLocEmi>'), company);
    const schema = await client.sendDps({ id, signedXml: broken, body: emissionRequestBody(broken) });
    expect(schema).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E1235' }] });
    expect(schema.outcome === 'rejected' && schema.errors[0]!.complement).toContain('cLocEmi');
    const signed = signDps(xml, company);
    const altered = signed.replace('<vServ>2500.00</vServ>', '<vServ>25.00</vServ>');
    expect(await client.sendDps({ id, signedXml: altered, body: emissionRequestBody(altered) })).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'E0714' }],
    });
  });

  it('takes no connection without a client certificate from its CA', async () => {
    const failure = await new Promise<string>((resolve) => {
      const req = request(`${standIn.url}/dps/x`, { ca: standIn.caCertificatePem }, () => resolve('answered'));
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end();
    });
    expect(failure).not.toBe('answered');
  });

  it('serves lookups by DPS id and by key, to the provider only', async () => {
    const dps = prepared('8');
    const sent = await client.sendDps(dps);
    expect(await client.lookupDps(dps.id)).toEqual({ outcome: 'found', nfse: sent.outcome === 'issued' && sent.nfse });
    expect(await client.lookupDps(prepared('999').id)).toEqual({ outcome: 'notFound' });
    expect(await client.getNfse(sent.outcome === 'issued' ? sent.nfse.accessKey : '')).toMatchObject({
      number: expect.any(String),
    });
    expect(await otherClient.lookupDps(dps.id)).toMatchObject({ outcome: 'uncertain' });
  });
});

/** A DPS that replaces `accessKey`, built and signed without the product's own checks. */
function substituting(
  number: string,
  replaces: { accessKey: string; reasonCode: string; reason?: string },
  input?: Parameters<typeof dpsContext>[1],
) {
  const { id, xml } = buildDpsFromRequest({ ...dpsContext(number, input), replaces });
  const signedXml = signDps(xml, company);
  return { id, signedXml, body: emissionRequestBody(signedXml) };
}
const codesOf = (outcome: Awaited<ReturnType<NfseClient['sendDps']>>) =>
  outcome.outcome === 'rejected' ? outcome.errors.map((error) => error.code) : outcome.outcome;

describe('substitution at the stand-in, as the national system does it', () => {
  it('issues the substitute and registers event 105102 on the replaced NFS-e naming it, once', async () => {
    const first = await client.sendDps(prepared('9001'));
    if (first.outcome !== 'issued') throw new Error(first.outcome);
    const replacesFirst = { accessKey: first.nfse.accessKey, reasonCode: '99', reason: 'Descrição do serviço estava errada.' };
    const dps = substituting('9002', replacesFirst, {
      request: { description: 'Consultoria em informática — descrição corrigida' },
    });
    const before = standIn.stats();
    const sent = await client.sendDps(dps);
    if (sent.outcome !== 'issued') throw new Error(JSON.stringify(sent));
    expect(standIn.stats().issued - before.issued).toBe(1);
    const replaced = () => standIn.nfses().find((nfse) => nfse.accessKey === first.nfse.accessKey)!;
    expect(replaced().events).toHaveLength(1);
    const [event] = replaced().events;
    expect(event!.type).toBe('105102');
    expect(event!.signedRequestXml).toContain(`<chSubstituta>${sent.nfse.accessKey}</chSubstituta>`);
    expect(event!.signedRequestXml).toContain('<xMotivo>Descrição do serviço estava errada.</xMotivo>');
    expect(verifySignedXml(event!.eventXml, 'infEvento')).toMatchObject({ ok: true });

    // The same DPS again: the same NFS-e, no second event.
    const again = await client.sendDps(dps);
    expect(again.outcome === 'issued' && again.nfse.accessKey).toBe(sent.nfse.accessKey);
    expect(replaced().events).toHaveLength(1);
    // The provider's own 105102 naming the same substitute comes to that same event.
    const request = prepareSignedSubstitutionEvent(
      {
        ...replacesFirst,
        reasonCode: '99',
        replacementKey: sent.nfse.accessKey,
        authorCnpj: PROVIDER_CNPJ,
        environment: 'homologation',
        requestedAt: new Date(),
      },
      company,
    );
    const registered = await client.registerEvent(first.nfse.accessKey, request.body);
    expect(registered).toEqual({ outcome: 'registered', eventXml: event!.eventXml });
    expect(replaced().events).toHaveLength(1);

    // Substituted is cancelled: it cannot be substituted again (E0046).
    expect(codesOf(await client.sendDps(substituting('9003', replacesFirst)))).toEqual(['E0046']);
  });

  it('refuses an unknown key (E0044), reason 99 without text (E0078), and what may not change by regime (E0060)', async () => {
    const issued = await client.sendDps(prepared('9011'));
    if (issued.outcome !== 'issued') throw new Error(issued.outcome);
    const key = issued.nfse.accessKey;
    const unknown = `${key.slice(0, 23)}9999999999999${key.slice(36)}`;
    expect(codesOf(await client.sendDps(substituting('9012', { accessKey: unknown, reasonCode: '01' })))).toEqual(['E0044']);
    expect(codesOf(await client.sendDps(substituting('9013', { accessKey: key, reasonCode: '99' })))).toEqual(['E0078']);
    // ME/EPP: the service value stays (E0060); the description may change.
    expect(
      codesOf(
        await client.sendDps(substituting('9014', { accessKey: key, reasonCode: '05' }, { request: { totalCents: 260_000 } })),
      ),
    ).toEqual(['E0060']);
    expect(standIn.nfses().find((nfse) => nfse.accessKey === key)!.events).toHaveLength(0);
  });

  it('lets a non-optant correct the value, but not the competence (E0060)', async () => {
    const profile = { taxRegime: 'other' as const, issRate: undefined, simplesTaxRate: undefined, federalTaxRate: 0 };
    const issued = await client.sendDps(prepared('9021', { profile }));
    if (issued.outcome !== 'issued') throw new Error(JSON.stringify(issued));
    const key = issued.nfse.accessKey;
    expect(
      codesOf(
        await client.sendDps(
          substituting('9022', { accessKey: key, reasonCode: '05' }, { profile, request: { competence: '2026-02' } }),
        ),
      ),
    ).toEqual(['E0060']);
    const corrected = await client.sendDps(
      substituting('9023', { accessKey: key, reasonCode: '05' }, { profile, request: { totalCents: 260_000 } }),
    );
    expect(corrected.outcome).toBe('issued');
  });
});

describe('the stand-in’s faults, as the client meets them', () => {
  it('a committed emission whose connection drops is uncertain, and the lookup finds its NFS-e', async () => {
    standIn.setFaults({ commitThenDrop: 1 });
    const dps = prepared('20');
    expect(await client.sendDps(dps)).toEqual({
      outcome: 'uncertain',
      reason: 'A conexão com o Sistema Nacional caiu antes da resposta.',
    });
    standIn.setFaults({});
    expect(await client.lookupDps(dps.id)).toMatchObject({ outcome: 'found' });
  });

  it('a 503 is uncertain and issues nothing; a slow answer is a timeout, committed all the same', async () => {
    standIn.setFaults({ unavailable: 1 });
    const dps = prepared('21');
    expect(await client.sendDps(dps)).toEqual({
      outcome: 'uncertain',
      reason: 'O Sistema Nacional está indisponível no momento.',
    });
    expect(await client.lookupDps(dps.id)).toEqual({ outcome: 'notFound' });
    standIn.setFaults({ slow: 1, slowMs: 600 });
    const hasty = clientFor(company, 200);
    const slow = prepared('22');
    expect(await hasty.sendDps(slow)).toEqual({ outcome: 'uncertain', reason: 'O Sistema Nacional não respondeu a tempo.' });
    hasty.close();
    standIn.setFaults({});
    expect(await client.lookupDps(slow.id)).toMatchObject({ outcome: 'found' });
  });

  it('the emission machine with the real steps: dropped, looked up, and the NFS-e it became', async () => {
    standIn.setFaults({ commitThenDrop: 1 });
    const result = await emitNfse(dpsContext('23'), company, client, { checkDelayMs: 5 });
    standIn.setFaults({});
    expect(result).toMatchObject({ status: 'issued', dpsId: prepared('23').id });
    expect(standIn.nfses().filter((nfse) => nfse.dpsId === prepared('23').id)).toHaveLength(1);
  });

  it('the emission machine with the real steps: a DPS the XSD refuses never leaves', async () => {
    const before = standIn.stats().emissions;
    const result = await emitNfse(dpsContext('24', { request: { customerName: 'x'.repeat(301) } }), company, client);
    expect(result).toEqual({
      status: 'invalid',
      problem: {
        stage: 'validating',
        message: 'Nome ou razão social do tomador: tem 301 caracteres; o máximo é 300.',
        issues: [
          {
            path: 'infDPS/toma/xNome',
            field: 'Nome ou razão social do tomador',
            message: 'Nome ou razão social do tomador: tem 301 caracteres; o máximo é 300.',
          },
        ],
      },
    });
    expect(standIn.stats().emissions).toBe(before);
  });

  it('the national system unreachable: a retry plan, then the next run looks up first and issues once', async () => {
    const down = createNfseClient({
      baseUrl: 'https://127.0.0.1:9/SefinNacional',
      certificate: company,
      trustedCaPem: [standIn.caCertificatePem],
    });
    const first = await emitNfse(dpsContext('25'), company, down, { checkDelayMs: 1, maxSends: 1, maxChecks: 2 });
    down.close();
    expect(first).toMatchObject({ status: 'retryLater', plan: { reason: 'Não foi possível conectar ao Sistema Nacional.' } });
    if (first.status !== 'retryLater') return;
    const next = await emitNfse(dpsContext('25'), company, client, { signedDps: first.signedDps, checkDelayMs: 1 });
    expect(next).toMatchObject({ status: 'issued', dpsId: first.signedDps.id });
  });
});
