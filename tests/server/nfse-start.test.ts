/**
 * What the server's start does for the national NFS-e, at the level of the functions it calls: production refuses
 * to start without NFSE_NACIONAL_URL (one line, no stack), the stand-in's CA is kept under DATA_DIR and is the same
 * at the next start, and the demo company's certificate is issued again when the CA changed under a database that
 * stayed (and left alone when it did not).
 */
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCertificate } from '@server/db/nfse';
import { companyCertificates } from '@server/db/schema';
import { loadOrCreateStandInCa, loadOrIssueStandInKeys } from '@server/fakes/nfse-stand-in-ca';
import { STAND_IN_CA_FILE, STAND_IN_KEYS_FILE, issuedBy } from '@server/fakes/nfse-stand-in-files';
import type { ServedStandIn } from '@server/fakes/nfse-stand-in-served';
import { serveNfseStandIn } from '@server/fakes/nfse-stand-in-served';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import { readPkcs12 } from '@server/nfse/certificate';
import { createNfseClient } from '@server/nfse/client';
import { prepareSignedDps } from '@server/nfse/prepare';
import { issueA1Certificate } from '@server/nfse/test-ca';
import { DEMO_NFSE_CNPJ, ensureDemoCertificate } from '@server/seed/demo-nfse';
import type { DemoNfseOptions } from '@server/seed/demo-nfse';
import { createTokenSealer } from '@server/services/secrets';
import { createLocalStorage } from '@server/services/storage';
import { StartupError, loadStartupConfig } from '@server/startup';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';
import { dpsContext } from '../nfse/fixtures';
import { PRODUCTION_ENV } from '../support/production-env';

const dirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Everything production needs but the national NFS-e URL. */
const { NFSE_NACIONAL_URL: _nationalUrl, ...production } = PRODUCTION_ENV;

describe('the start in production', () => {
  it('refuses to start without NFSE_NACIONAL_URL, in one line that names it', () => {
    let error: unknown;
    try {
      loadStartupConfig(production);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).toBe(
      'Configuration: APP_ENV=production needs NFSE_NACIONAL_URL (https://sefin.nfse.gov.br/SefinNacional): the local fakes are for development',
    );
    expect(message).not.toContain('\n');
  });

  it('starts with it, talking to the national system (no stand-in)', () => {
    const config = loadStartupConfig({ ...production, NFSE_NACIONAL_URL: 'https://sefin.nfse.gov.br/SefinNacional/' });
    expect(config.services.nfseNacionalUrl).toBe('https://sefin.nfse.gov.br/SefinNacional');
    // Outside production the stand-in stands in.
    expect(loadStartupConfig({ APP_ENV: 'development' }).services.nfseNacionalUrl).toBeNull();
  });
});

/** A DPS signed with the A1 and sent to the stand-in over its mutual TLS, trusting its CA alone: what it came to. */
async function sendThrough(standIn: { url: string; caCertificatePem: string }, a1: { pfx: Buffer; password: string }) {
  const certificate = readPkcs12(a1.pfx, a1.password);
  const client = createNfseClient({ baseUrl: standIn.url, certificate, trustedCaPem: [standIn.caCertificatePem] });
  try {
    return (await client.sendDps(prepareSignedDps(dpsContext('1', { cnpj: DEMO_NFSE_CNPJ }), certificate))).outcome;
  } finally {
    client.close();
  }
}

describe('the stand-in’s CA under DATA_DIR', () => {
  it('is written at the first start (readable by this user only) and is the same at the next', async () => {
    const dataDir = await tempDir('contabil-ca-');
    const first = loadOrCreateStandInCa(dataDir);
    expect(await readdir(dataDir)).toEqual([STAND_IN_CA_FILE]);
    expect((await stat(join(dataDir, STAND_IN_CA_FILE))).mode & 0o777).toBe(0o600);
    const again = loadOrCreateStandInCa(dataDir);
    expect(again.certificatePem).toBe(first.certificatePem);
    expect(again.privateKeyPem).toBe(first.privateKeyPem);

    // A certificate the first start's CA issued is accepted by a stand-in started again on the same directory.
    const a1 = issueA1Certificate(first, { cnpj: DEMO_NFSE_CNPJ, companyName: 'Mendes Tech', password: 'a1' });
    const standIn = await startNfseNacionalStandIn({ ca: loadOrCreateStandInCa(dataDir) });
    try {
      expect(await sendThrough(standIn, a1)).toBe('issued');
    } finally {
      await standIn.close();
    }
  });

  it('is served from the kept files at the next start: it issues, notes what it issued and answers', async () => {
    const dataDir = await tempDir('contabil-ca-');
    await (await serveNfseStandIn({ dataDir })).close();
    expect((await readdir(dataDir)).sort()).toEqual([STAND_IN_CA_FILE, STAND_IN_KEYS_FILE]);
    const standIn = await serveNfseStandIn({ dataDir });
    const a1 = await standIn.issueCompanyCertificate({ cnpj: DEMO_NFSE_CNPJ, companyName: 'Mendes Tech', password: 'a1' });
    expect(standIn.issued(new X509Certificate(a1.certificatePem).fingerprint256)).toBe(true);
    expect(issuedBy(a1.certificatePem, { certificatePem: standIn.caCertificatePem })).toBe(true);
    try {
      expect(await sendThrough(standIn, a1)).toBe('issued');
    } finally {
      await standIn.close();
    }
    // Its records kept for the next start, beside the CA.
    expect(await readdir(dataDir)).toContain('nfse-stand-in-state.json');
  });

  it('is made anew when its file is not readable', async () => {
    const dataDir = await tempDir('contabil-ca-');
    const first = loadOrCreateStandInCa(dataDir);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, STAND_IN_CA_FILE), '{ not json');
    const made = loadOrCreateStandInCa(dataDir);
    expect(made.certificatePem).not.toBe(first.certificatePem);
    expect(loadOrCreateStandInCa(dataDir).certificatePem).toBe(made.certificatePem);
  });

  it('keeps the stand-in’s TLS and signing certificates beside it, issued again only for another CA', async () => {
    const dataDir = await tempDir('contabil-ca-');
    const ca = loadOrCreateStandInCa(dataDir);
    const first = loadOrIssueStandInKeys(dataDir, ca);
    expect((await readdir(dataDir)).sort()).toEqual([STAND_IN_CA_FILE, STAND_IN_KEYS_FILE]);
    expect((await stat(join(dataDir, STAND_IN_KEYS_FILE))).mode & 0o777).toBe(0o600);
    expect(issuedBy(first.tls.certificatePem, ca)).toBe(true);
    expect(issuedBy(first.signer.certificatePem, ca)).toBe(true);
    const again = loadOrIssueStandInKeys(dataDir, ca);
    expect(again.tls).toEqual(first.tls);
    expect(again.signer.privateKeyPem).toBe(first.signer.privateKeyPem);
    expect(again.signer.pfx.equals(first.signer.pfx)).toBe(true);

    // The kept keys serve: a stand-in started with them answers over TLS trusted by the CA alone.
    const a1 = issueA1Certificate(ca, { cnpj: DEMO_NFSE_CNPJ, companyName: 'Mendes Tech', password: 'a1' });
    const standIn = await startNfseNacionalStandIn({ ca, keys: again });
    try {
      expect(await sendThrough(standIn, a1)).toBe('issued');
    } finally {
      await standIn.close();
    }

    const otherCa = loadOrCreateStandInCa(await tempDir('contabil-ca-'));
    const other = loadOrIssueStandInKeys(dataDir, otherCa);
    expect(other.tls.certificatePem).not.toBe(first.tls.certificatePem);
    expect(issuedBy(other.signer.certificatePem, otherCa)).toBe(true);
  });
});

describe('the demo certificate at start', () => {
  let server: TestServer;
  let companyId: string;
  const sealer = createTokenSealer('test-token-key');
  let filesDir: string;

  beforeAll(async () => {
    filesDir = await tempDir('contabil-demo-nfse-');
    server = await startTestServer({});
    companyId = await server.createCompany({ status: 'active', cnpj: DEMO_NFSE_CNPJ, name: 'Mendes Tech' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const optionsFor = (standIn: ServedStandIn): DemoNfseOptions => ({
    nfse: { baseUrl: standIn.url, environment: 'homologation', sealer },
    storage: createLocalStorage(filesDir),
    logger: { info: () => {}, error: () => {} },
    ca: { issue: standIn.issueCompanyCertificate, issued: standIn.issued },
  });

  const storedCertificate = async () => {
    const [row] = await server.db.select().from(companyCertificates).where(eq(companyCertificates.companyId, companyId));
    const read = readPkcs12(Buffer.from(sealer.open(row!.pfxSealed), 'base64'), sealer.open(row!.passwordSealed));
    return { row: row!, certificatePem: read.certificatePem };
  };

  it('is issued again by the current CA when the CA changed, and left alone when it did not', async () => {
    const oldDir = await tempDir('contabil-ca-');
    const oldStandIn = await serveNfseStandIn({ dataDir: oldDir });
    const newStandIn = await serveNfseStandIn({ dataDir: await tempDir('contabil-ca-') });
    try {
      // The database has no demo certificate yet: nothing to do.
      expect(await ensureDemoCertificate(server.db, optionsFor(oldStandIn))).toBe(false);
      const a1 = await oldStandIn.issueCompanyCertificate({
        cnpj: DEMO_NFSE_CNPJ,
        companyName: 'Mendes Tech',
        password: 'demo-a1',
      });
      const read = readPkcs12(a1.pfx, a1.password);
      await saveCertificate(
        server.db,
        companyId,
        { file: a1.pfx, password: a1.password, certificate: read, uploadedBy: null },
        sealer,
      );

      // The same CA (the files kept under DATA_DIR, read again by the next start): the certificate stays as it is.
      const restarted = await serveNfseStandIn({ dataDir: oldDir });
      expect(restarted.caCertificatePem).toBe(oldStandIn.caCertificatePem);
      await restarted.close();
      expect(await ensureDemoCertificate(server.db, optionsFor(restarted))).toBe(false);
      expect((await storedCertificate()).row.fingerprint).toBe(new X509Certificate(read.certificatePem).fingerprint256);

      // Another CA (the file removed, another DATA_DIR): a new certificate from it, for the same company.
      expect(await ensureDemoCertificate(server.db, optionsFor(newStandIn))).toBe(true);
      const after = await storedCertificate();
      expect(issuedBy(after.certificatePem, { certificatePem: newStandIn.caCertificatePem })).toBe(true);
      expect(issuedBy(after.certificatePem, { certificatePem: oldStandIn.caCertificatePem })).toBe(false);
      expect(after.row).toMatchObject({
        cnpj: DEMO_NFSE_CNPJ,
        fingerprint: new X509Certificate(after.certificatePem).fingerprint256,
      });
      // And the next start with that CA leaves it be.
      expect(await ensureDemoCertificate(server.db, optionsFor(newStandIn))).toBe(false);
    } finally {
      await oldStandIn.close();
      await newStandIn.close();
    }
  });
});
