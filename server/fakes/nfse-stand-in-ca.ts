/**
 * The local CA of the national NFS-e stand-in, kept under DATA_DIR. The stand-in makes a new CA at each start by
 * default; the demo company's certificate is issued once, when the database is seeded, and kept (sealed) in the
 * database, so the CA that issued it must outlive a restart or the stand-in would refuse the demo's emissions. It is
 * a test CA ("… NAO E ICP-Brasil"), trusted by nothing but this server's client of the stand-in.
 */
import { X509Certificate, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import forge from 'node-forge';
import type { TestCa } from '../nfse/test-ca';
import { createTestCa } from '../nfse/test-ca';
import type { StandInKeys } from './nfse-nacional';
import { issueStandInKeys } from './nfse-nacional';

export const STAND_IN_CA_FILE = 'nfse-stand-in-ca.json';
export const STAND_IN_KEYS_FILE = 'nfse-stand-in-keys.json';

/** The CA kept in `dataDir`, or a new one written there (readable by this user only). */
export function loadOrCreateStandInCa(dataDir: string): TestCa {
  const file = join(dataDir, STAND_IN_CA_FILE);
  if (existsSync(file)) {
    try {
      const { certificatePem, privateKeyPem } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const certificate = forge.pki.certificateFromPem(certificatePem!);
      if (certificate.validity.notAfter.getTime() > Date.now() + 30 * 24 * 3_600_000) {
        return {
          certificatePem: certificatePem!,
          privateKeyPem: privateKeyPem!,
          certificate,
          privateKey: forge.pki.privateKeyFromPem(privateKeyPem!) as forge.pki.rsa.PrivateKey,
        };
      }
    } catch {
      // Unreadable or near its end: a new one below (the demo certificate is issued again at start).
    }
  }
  const ca = createTestCa();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem }), { mode: 0o600 });
  return ca;
}

/** Whether the certificate (PEM) was issued and signed by this CA. */
export function issuedBy(certificatePem: string, ca: Pick<TestCa, 'certificatePem'>): boolean {
  try {
    const certificate = new X509Certificate(certificatePem);
    const authority = new X509Certificate(ca.certificatePem);
    return certificate.checkIssued(authority) && certificate.verify(createPublicKey(ca.certificatePem));
  } catch {
    return false;
  }
}

/** Still valid for a month, and issued by this CA (a new CA makes new keys). */
const usable = (certificatePem: string, ca: TestCa) =>
  issuedBy(certificatePem, ca) &&
  new Date(new X509Certificate(certificatePem).validTo).getTime() > Date.now() + 30 * 24 * 3_600_000;

/**
 * The stand-in's TLS and signing certificates kept in `dataDir` beside its CA, or new ones written there: a restart
 * then makes no RSA key (docs/performance.md, "Start and memory").
 */
export function loadOrIssueStandInKeys(dataDir: string, ca: TestCa): StandInKeys {
  const file = join(dataDir, STAND_IN_KEYS_FILE);
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as StandInKeys & { signer: { pfx: string } };
      const keys: StandInKeys = { tls: kept.tls, signer: { ...kept.signer, pfx: Buffer.from(kept.signer.pfx, 'base64') } };
      if (usable(keys.tls.certificatePem, ca) && usable(keys.signer.certificatePem, ca)) return keys;
    } catch {
      // Unreadable: new ones below.
    }
  }
  const keys = issueStandInKeys(ca);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ tls: keys.tls, signer: { ...keys.signer, pfx: keys.signer.pfx.toString('base64') } }), {
    mode: 0o600,
  });
  return keys;
}
