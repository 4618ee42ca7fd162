/**
 * The local CA of the national NFS-e stand-in, kept under DATA_DIR. The stand-in makes a new CA at each start by
 * default; the demo company's certificate is issued once, when the database is seeded, and kept (sealed) in the
 * database, so the CA that issued it must outlive a restart or the stand-in would refuse the demo's emissions. It is
 * a test CA ("… NAO E ICP-Brasil"), trusted by nothing but this server's client of the stand-in. The files are read
 * by nfse-stand-in-files.ts; forge is here to make them and to sign with them.
 */
import forge from 'node-forge';
import type { TestCa } from '../nfse/test-ca';
import { createTestCa } from '../nfse/test-ca';
import type { StandInKeys } from './nfse-stand-in-files';
import { keepCa, keepKeys, readKeptCa, readKeptKeys } from './nfse-stand-in-files';
import { issueStandInKeys } from './nfse-nacional';

/** The CA kept in `dataDir`, or a new one written there (readable by this user only). */
export function loadOrCreateStandInCa(dataDir: string): TestCa {
  const kept = readKeptCa(dataDir);
  if (kept) {
    try {
      return {
        ...kept,
        certificate: forge.pki.certificateFromPem(kept.certificatePem),
        privateKey: forge.pki.privateKeyFromPem(kept.privateKeyPem) as forge.pki.rsa.PrivateKey,
      };
    } catch {
      // Unreadable: a new one below (the demo certificate is issued again at start).
    }
  }
  const ca = createTestCa();
  keepCa(dataDir, ca);
  return ca;
}

/**
 * The stand-in's TLS and signing certificates kept in `dataDir` beside its CA, or new ones written there: a restart
 * then makes no RSA key (docs/performance.md, "Start and memory").
 */
export function loadOrIssueStandInKeys(dataDir: string, ca: TestCa): StandInKeys {
  const kept = readKeptKeys(dataDir, ca);
  if (kept) return kept;
  const keys = issueStandInKeys(ca);
  keepKeys(dataDir, keys);
  return keys;
}
