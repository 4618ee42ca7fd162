/**
 * A server with the national NFS-e wired to a local stand-in, one active company with its fiscal profile and its A1
 * certificate uploaded through the API, a team member and the company's customer: what the NFS-e server tests share.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { NfseStandIn, NfseStandInOptions } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import type { NfseDeps } from '@server/services/nfse-emission';
import { createTokenSealer } from '@server/services/secrets';
import type { FileStorage } from '@server/services/storage';
import { createLocalStorage } from '@server/services/storage';
import type { TestServer, TestUser } from './server';
import { startTestServer } from './server';

export const NFSE_WORLD_CNPJ = '11444777000161';
export const NFSE_WORLD_PASSWORD = 'senha-do-a1-123';

/** A Simples Nacional ME/EPP in São Paulo, ISS 2,5 % in the DAS, service 01.01.01. */
export const NFSE_WORLD_PROFILE = {
  municipalRegistration: '1234567',
  cityIbgeCode: '3550308',
  taxRegime: 'simples',
  serviceCode: '01.01.01',
  issRate: '2,5',
  simplesTaxRate: '6',
  dpsSeries: '1',
};

export type NfseWorld = {
  standIn: NfseStandIn;
  server: TestServer;
  nfse: NfseDeps;
  storage: FileStorage;
  /** Where the storage keeps its files. */
  filesDir: string;
  companyId: string;
  admin: TestUser;
  customer: TestUser;
  a1: A1Certificate;
  close(): Promise<void>;
};

export async function startNfseWorld(
  options: { profile?: Record<string, string>; standIn?: NfseStandInOptions; nfse?: Partial<NfseDeps> } = {},
): Promise<NfseWorld> {
  const standIn = await startNfseNacionalStandIn(options.standIn);
  const filesDir = await mkdtemp(join(tmpdir(), 'contabil-nfse-'));
  const storage = createLocalStorage(filesDir);
  const nfse: NfseDeps = {
    baseUrl: standIn.url,
    environment: 'homologation',
    trustedCaPem: [standIn.caCertificatePem],
    sealer: createTokenSealer('test-token-key'),
    timeoutMs: 2_000,
    lookupTimeoutMs: 2_000,
    checkDelayMs: 20,
    retryAfterSeconds: 60,
    ...options.nfse,
  };
  const server = await startTestServer({ nfse, storage });
  const companyId = await server.createCompany({
    status: 'active',
    cnpj: NFSE_WORLD_CNPJ,
    name: 'Mendes Tech Ltda',
    mainActivity: '6201501',
  });
  const [admin, customer] = await Promise.all([
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ companyIds: [companyId] }),
  ]);
  const saved = await server.call(`/api/companies/${companyId}/fiscal-profile`, {
    method: 'PUT',
    token: admin.token,
    body: { ...NFSE_WORLD_PROFILE, ...options.profile },
  });
  expect(saved.status).toBe(200);
  const issued = standIn.issueCompanyCertificate({
    cnpj: NFSE_WORLD_CNPJ,
    companyName: 'Mendes Tech Ltda',
    password: NFSE_WORLD_PASSWORD,
  });
  const form = new FormData();
  form.set('file', new File([Buffer.from(issued.pfx)], 'empresa.pfx'));
  form.set('password', NFSE_WORLD_PASSWORD);
  const uploaded = await fetch(`${server.baseUrl}/api/companies/${companyId}/fiscal-profile/certificate`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  return {
    standIn,
    server,
    nfse,
    storage,
    filesDir,
    companyId,
    admin,
    customer,
    a1: readPkcs12(issued.pfx, NFSE_WORLD_PASSWORD),
    close: async () => {
      await server.close();
      await standIn.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
