import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { FiscalProfileSchema } from '@domain/fiscalProfile';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import { buildDpsFromRequest } from '@server/nfse/dps';
import { unpackXml } from '@server/nfse/package';
import { DpsValidationError, prepareSignedDps } from '@server/nfse/prepare';
import { signDps, verifyDpsSignature, verifySignedXml } from '@server/nfse/signature';
import { createTestCa, issueA1Certificate } from '@server/nfse/test-ca';
import { validateDpsXml } from '@server/nfse/xsd';

const CNPJ = '12345678000195';
let certificate: A1Certificate;
let otherCertificate: A1Certificate;

beforeAll(() => {
  const ca = createTestCa();
  certificate = readPkcs12(issueA1Certificate(ca, { cnpj: CNPJ, companyName: 'Mendes Tech Ltda', password: 'a1' }).pfx, 'a1');
  otherCertificate = readPkcs12(
    issueA1Certificate(ca, { cnpj: '11222333000181', companyName: 'Outra Ltda', password: 'a1' }).pfx,
    'a1',
  );
});

const context = (number = '1') => ({
  request: {
    emissionType: 'cpf' as const,
    customerDocument: '52998224725',
    customerName: 'Ana Souza',
    description: 'Consultoria em informática',
    competence: '2026-03',
    totalCents: 250000,
    issWithheld: false,
  },
  profile: v.parse(FiscalProfileSchema, {
    cityIbgeCode: '3550308',
    taxRegime: 'simples',
    serviceCode: '010601',
    issRate: 2,
    simplesTaxRate: 6,
  }),
  companyCnpj: CNPJ,
  number,
  environment: 'homologation' as const,
  issuedAt: new Date('2026-03-20T12:00:00Z'),
});

describe('the DPS signature (XML-DSig enveloped over infDPS)', () => {
  it('verifies with xml-crypto against the certificate in KeyInfo, and references infDPS by its Id', () => {
    const { id, xml } = buildDpsFromRequest(context());
    const signed = signDps(xml, certificate);
    const check = verifyDpsSignature(signed);
    expect(check).toMatchObject({ ok: true, signedId: id });
    expect(check.ok && check.certificatePem.replace(/\s/g, '')).toBe(certificate.certificatePem.replace(/\s/g, ''));
    expect(signed).toContain(`<Reference URI="#${id}">`);
    // The Manual's algorithms (v1.00.02, 6.1.4): RSA-SHA1, SHA-1, C14N, enveloped.
    expect(signed).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    expect(signed).toContain('<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>');
    expect(signed).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(signed).toContain('<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>');
    // The Signature follows infDPS inside DPS, and KeyInfo carries exactly the signer's certificate.
    expect(signed).toMatch(/<\/infDPS><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">/);
    expect(signed.match(/<X509Certificate>/g)).toHaveLength(1);
  });

  it('breaks when the signed XML is altered, however little', () => {
    const signed = signDps(buildDpsFromRequest(context()).xml, certificate);
    for (const altered of [
      signed.replace('<vServ>2500.00</vServ>', '<vServ>250.00</vServ>'),
      signed.replace('<xNome>Ana Souza</xNome>', '<xNome>Ana  Souza</xNome>'),
      signed.replace('<CPF>52998224725</CPF>', '<CPF>11144477735</CPF>'),
    ]) {
      expect(altered).not.toBe(signed);
      expect(verifyDpsSignature(altered)).toEqual({
        ok: false,
        message:
          'A assinatura digital não confere: o documento foi alterado depois de assinado ou a assinatura é de outro certificado.',
      });
    }
  });

  it('breaks when KeyInfo is swapped for another company’s certificate', () => {
    const signed = signDps(buildDpsFromRequest(context()).xml, certificate);
    const body = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
    const swapped = signed.replace(body(certificate.certificatePem), body(otherCertificate.certificatePem));
    expect(swapped).not.toBe(signed);
    expect(verifyDpsSignature(swapped).ok).toBe(false);
  });

  it('refuses an unsigned DPS and a signature over something else', () => {
    const { xml } = buildDpsFromRequest(context());
    expect(verifyDpsSignature(xml)).toEqual({ ok: false, message: 'O documento deve ter exatamente uma assinatura digital.' });
    const signed = signDps(xml, certificate);
    expect(verifyDpsSignature(signed.replace(/URI="#DPS\d+"/, 'URI="#outro"')).ok).toBe(false);
  });

  it('leaves the signed DPS valid against the layout 1.01 schema, Signature included', () => {
    const signed = signDps(buildDpsFromRequest(context()).xml, certificate);
    expect(validateDpsXml(signed)).toEqual({ ok: true });
  });

  it('signs RSA-SHA256 when the setting asks for it, and a verifier told to accept only SHA-1 refuses it', () => {
    const signed = signDps(buildDpsFromRequest(context()).xml, certificate, 'sha256');
    expect(signed).toContain('<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>');
    expect(signed).toContain('<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>');
    expect(verifySignedXml(signed, 'infDPS', ['sha256'])).toMatchObject({ ok: true, algorithm: 'sha256' });
    expect(verifySignedXml(signed, 'infDPS', ['sha1'])).toEqual({ ok: false, message: 'A assinatura deve usar RSA-SHA1.' });
  });
});

describe('preparing a DPS to send', () => {
  it('builds, validates, signs and packs it as the API takes it (gzip + base64)', () => {
    const prepared = prepareSignedDps(context('77'), certificate);
    expect(prepared.id).toMatch(/^DPS3550308212345678000195000010{13}77$/);
    expect(unpackXml(prepared.body.dpsXmlGZipB64)).toBe(prepared.signedXml);
    expect(verifyDpsSignature(prepared.signedXml)).toMatchObject({ ok: true, signedId: prepared.id });
  });

  it('stops before signing when the DPS breaks the layout, naming the field in Portuguese', () => {
    const broken = context();
    broken.request.customerName = 'x'.repeat(301);
    let error: unknown;
    try {
      prepareSignedDps(broken, certificate);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DpsValidationError);
    expect((error as DpsValidationError).message).toBe('Nome ou razão social do tomador: tem 301 caracteres; o máximo é 300.');
    expect((error as DpsValidationError).issues[0]?.path).toBe('infDPS/toma/xNome');
  });
});
