import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import type { NfseClient } from '@server/nfse/client';
import { createNfseClient } from '@server/nfse/client';
import type { CancellationRequest } from '@server/nfse/event';
import { EventBuildError, buildCancellationXml, prepareSignedCancellation } from '@server/nfse/event';
import { unpackXml } from '@server/nfse/package';
import { prepareSignedDps } from '@server/nfse/prepare';
import { verifySignedXml } from '@server/nfse/signature';
import { validateEventoXml, validatePedRegEventoXml } from '@server/nfse/xsd';
import { OTHER_CNPJ, PROVIDER_CNPJ, dpsContext } from './fixtures';

let standIn: NfseStandIn;
let company: A1Certificate;
let other: A1Certificate;
let client: NfseClient;
let otherClient: NfseClient;
let accessKey: string;

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn();
  const a1 = standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda' });
  company = readPkcs12(a1.pfx, a1.password);
  const b1 = standIn.issueCompanyCertificate({ cnpj: OTHER_CNPJ, companyName: 'Aurora Ltda' });
  other = readPkcs12(b1.pfx, b1.password);
  const options = { baseUrl: standIn.url, trustedCaPem: [standIn.caCertificatePem] };
  client = createNfseClient({ ...options, certificate: company });
  otherClient = createNfseClient({ ...options, certificate: other });
  const sent = await client.sendDps(prepareSignedDps(dpsContext('1'), company));
  if (sent.outcome !== 'issued') throw new Error('the NFS-e to cancel was not issued');
  accessKey = sent.nfse.accessKey;
});

afterAll(async () => {
  client.close();
  otherClient.close();
  await standIn.close();
});

const cancellation = (input: Partial<CancellationRequest> = {}): CancellationRequest => ({
  accessKey,
  authorCnpj: PROVIDER_CNPJ,
  reasonCode: '2',
  reason: 'Serviço não prestado: contrato desfeito pelo cliente',
  environment: 'homologation',
  requestedAt: new Date('2026-03-21T15:00:00Z'),
  ...input,
});

describe('the cancellation event (pedRegEvento 101101)', () => {
  it('is built valid against pedRegEvento_v1.01.xsd with the layout’s 59-character id, and signed over infPedReg', () => {
    const { id, xml } = buildCancellationXml(cancellation());
    expect(id).toBe(`PRE${accessKey}101101`);
    expect(id).toHaveLength(59);
    expect(xml).not.toContain('nPedRegEvento');
    expect(xml).toContain('<pedRegEvento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01">');
    expect(validatePedRegEventoXml(xml)).toEqual({ ok: true });
    expect(xml).toContain('<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>2</cMotivo>');
    expect(xml).toContain('<dhEvento>2026-03-21T12:00:00-03:00</dhEvento>');
    const prepared = prepareSignedCancellation(cancellation(), company);
    expect(verifySignedXml(prepared.signedXml, 'infPedReg')).toMatchObject({ ok: true, signedId: id });
    expect(validatePedRegEventoXml(prepared.signedXml)).toEqual({ ok: true });
    expect(unpackXml(prepared.body.pedidoRegistroEventoXmlGZipB64)).toBe(prepared.signedXml);
  });

  it('refuses, in Portuguese, a reason too short and a key that is not one', () => {
    expect(() => buildCancellationXml(cancellation({ reason: 'erro' }))).toThrow(
      new EventBuildError('reason', 'Descreva o motivo do cancelamento com pelo menos 15 caracteres.'),
    );
    expect(() => buildCancellationXml(cancellation({ accessKey: '123' }))).toThrow(
      'A chave de acesso da NFS-e deve ter 50 caracteres.',
    );
  });

  it('is registered by the stand-in: a signed event, valid against evento_v1.01.xsd; the same request again is the same event', async () => {
    const prepared = prepareSignedCancellation(cancellation(), company);
    const registered = await client.registerEvent(accessKey, prepared.body);
    expect(registered.outcome).toBe('registered');
    if (registered.outcome !== 'registered') return;
    expect(validateEventoXml(registered.eventXml)).toEqual({ ok: true });
    expect(verifySignedXml(registered.eventXml, 'infEvento')).toMatchObject({ ok: true, signedId: `EVT${accessKey}101101001` });
    expect(registered.eventXml).toContain(prepared.signedXml.replace(/^<\?xml[^>]*\?>/, ''));
    expect(await client.registerEvent(accessKey, prepared.body)).toEqual(registered);
  });

  it('refuses a second cancellation (E0841), another company’s (E0842) and an unknown NFS-e (E0840)', async () => {
    const again = prepareSignedCancellation(cancellation({ reasonCode: '1', reason: 'Erro na emissão do valor' }), company);
    expect(await client.registerEvent(accessKey, again.body)).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E0841' }] });
    const foreign = prepareSignedCancellation(cancellation({ authorCnpj: OTHER_CNPJ }), other);
    const refused = await otherClient.registerEvent(accessKey, foreign.body);
    expect(refused).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E0842' }] });
    expect(refused.outcome === 'rejected' && refused.errors[0]!.explanation).toBe(
      'Só o prestador que emitiu a NFS-e pode cancelá-la. Use o certificado da empresa emitente.',
    );
    const unknownKey = `${accessKey.slice(0, 40)}000000000${accessKey.slice(49)}`;
    const unknown = prepareSignedCancellation(cancellation({ accessKey: unknownKey }), company);
    expect(await client.registerEvent(unknownKey, unknown.body)).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'E0840' }],
    });
  });
});
