import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { beforeAll, describe, expect, it } from 'vitest';
import type { A1Certificate, CertificateErrorCode } from '@server/nfse/certificate';
import { CertificateError, assertCertificateForCompany, readCompanyCertificate, readPkcs12 } from '@server/nfse/certificate';
import type { TestCa } from '@server/nfse/test-ca';
import { createTestCa, issueA1Certificate, issueTlsServerCertificate } from '@server/nfse/test-ca';

const CNPJ = '12345678000195';
let ca: TestCa;
let pfx: Buffer;

beforeAll(() => {
  ca = createTestCa();
  pfx = issueA1Certificate(ca, { cnpj: CNPJ, companyName: 'Mendes Tech Ltda', password: 'senha-forte' }).pfx;
});

/** The code and pt-BR message of the CertificateError a call throws. */
function refusal(call: () => unknown): { code: CertificateErrorCode; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof CertificateError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a CertificateError');
}

describe('reading an A1 certificate (PKCS#12)', () => {
  it('gives the key, the certificate, its CNPJ, issuer and dates', () => {
    const certificate = readPkcs12(pfx, 'senha-forte');
    expect(certificate.cnpj).toBe(CNPJ);
    expect(certificate.commonName).toBe(`MENDES TECH LTDA:${CNPJ}`);
    expect(certificate.issuerCommonName).toMatch(/NAO E ICP-Brasil/);
    expect(certificate.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(certificate.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(certificate.chainPem).toHaveLength(1);
    // The certificate is a real X.509 one the platform reads too.
    expect(new X509Certificate(certificate.certificatePem).subject).toContain(`CN=MENDES TECH LTDA:${CNPJ}`);
  });

  it('is a PKCS#12 Node’s own TLS accepts, in 3DES and in AES-256', () => {
    expect(() => createSecureContext({ pfx, passphrase: 'senha-forte' })).not.toThrow();
    const aes = issueA1Certificate(ca, { cnpj: CNPJ, companyName: 'Mendes Tech Ltda', password: 'x', algorithm: 'aes256' });
    expect(() => createSecureContext({ pfx: aes.pfx, passphrase: 'x' })).not.toThrow();
    expect(readPkcs12(aes.pfx, 'x').cnpj).toBe(CNPJ);
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasOpenssl)('reads a file exported by OpenSSL 3 (AES-256, PBKDF2), and its legacy format', () => {
    const issued = issueA1Certificate(ca, { cnpj: CNPJ, companyName: 'Mendes Tech Ltda', password: 'x' });
    const dir = mkdtempSync(join(tmpdir(), 'a1-'));
    try {
      writeFileSync(join(dir, 'key.pem'), issued.privateKeyPem);
      writeFileSync(join(dir, 'cert.pem'), issued.certificatePem);
      for (const legacy of [false, true]) {
        const out = join(dir, legacy ? 'legacy.pfx' : 'modern.pfx');
        const args = ['pkcs12', '-export', '-inkey', join(dir, 'key.pem'), '-in', join(dir, 'cert.pem'), '-out', out];
        execFileSync('openssl', [...args, ...(legacy ? ['-legacy'] : []), '-passout', 'pass:abc'], { stdio: 'ignore' });
        expect(readPkcs12(readFileSync(out), 'abc').cnpj).toBe(CNPJ);
        expect(refusal(() => readPkcs12(readFileSync(out), 'abd')).code).toBe('wrong_password');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the CNPJ in the ICP-Brasil otherName even when the common name does not carry it', () => {
    const certificate = readPkcs12(pfx, 'senha-forte');
    expect(certificate.cnpj).toBe(CNPJ);
    const x509 = new X509Certificate(certificate.certificatePem);
    expect(x509.subjectAltName).toContain('othername');
  });

  it('with a wrong password says so in Portuguese', () => {
    expect(refusal(() => readPkcs12(pfx, 'senha-errada'))).toEqual({
      code: 'wrong_password',
      message: 'Senha do certificado incorreta.',
    });
    expect(refusal(() => readPkcs12(pfx, ''))).toMatchObject({ code: 'wrong_password' });
  });

  it('refuses a file that is not a PKCS#12', () => {
    expect(refusal(() => readPkcs12(Buffer.from('%PDF-1.7 not a certificate'), 'x'))).toEqual({
      code: 'not_pkcs12',
      message: 'O arquivo não é um certificado A1 válido (PKCS#12, .pfx ou .p12).',
    });
    expect(refusal(() => readPkcs12(pfx.subarray(0, 200), 'senha-forte')).code).toMatch(/not_pkcs12|wrong_password/);
  });
});

describe('the certificate must be the company’s', () => {
  let certificate: A1Certificate;
  beforeAll(() => {
    certificate = readPkcs12(pfx, 'senha-forte');
  });

  it('is accepted for the company whose CNPJ it carries, typed with or without its mask', () => {
    expect(() => assertCertificateForCompany(certificate, '12.345.678/0001-95', new Date())).not.toThrow();
    expect(readCompanyCertificate(pfx, 'senha-forte', CNPJ).cnpj).toBe(CNPJ);
  });

  it('is refused for another CNPJ, even of the same company root', () => {
    expect(refusal(() => assertCertificateForCompany(certificate, '11222333000181', new Date()))).toEqual({
      code: 'cnpj_mismatch',
      message: 'Este certificado é do CNPJ 12.345.678/0001-95, não do CNPJ da empresa (11.222.333/0001-81).',
    });
    expect(refusal(() => readCompanyCertificate(pfx, 'senha-forte', '12345678000276')).code).toBe('cnpj_mismatch');
  });

  it('is refused once expired or before it is valid, with the date', () => {
    const expired = issueA1Certificate(ca, {
      cnpj: CNPJ,
      companyName: 'Mendes Tech Ltda',
      password: 'p',
      notBefore: new Date('2024-01-01T12:00:00Z'),
      notAfter: new Date('2025-01-01T12:00:00Z'),
    });
    expect(refusal(() => readCompanyCertificate(expired.pfx, 'p', CNPJ))).toEqual({
      code: 'expired',
      message: 'O certificado digital venceu em 01/01/2025. Envie um certificado novo.',
    });
    expect(
      refusal(() => assertCertificateForCompany(readPkcs12(expired.pfx, 'p'), CNPJ, new Date('2023-12-01T12:00:00Z'))),
    ).toEqual({ code: 'not_yet_valid', message: 'Este certificado só vale a partir de 01/01/2024.' });
  });
});

describe('the local test CA', () => {
  it('issues TLS server certificates for the stand-in, chained to it', () => {
    const server = issueTlsServerCertificate(ca, ['localhost', '127.0.0.1']);
    const x509 = new X509Certificate(server.certificatePem);
    expect(x509.checkIssued(new X509Certificate(ca.certificatePem))).toBe(true);
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('chains the A1 certificates to itself', () => {
    const a1 = new X509Certificate(readPkcs12(pfx, 'senha-forte').certificatePem);
    expect(a1.checkIssued(new X509Certificate(ca.certificatePem))).toBe(true);
    expect(a1.verify(new X509Certificate(ca.certificatePem).publicKey)).toBe(true);
  });
});
