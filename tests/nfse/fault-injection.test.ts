import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseEmissionOutput } from '@machines/nfseEmission.machine';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import type { NfseClient } from '@server/nfse/client';
import { createNfseClient } from '@server/nfse/client';
import { emitNfse } from '@server/nfse/emission';
import { OTHER_CNPJ, PROVIDER_CNPJ, dpsContext } from './fixtures';

/**
 * The emission's promise (docs/nfse.md: never twice, never lost), under faults: 1,000 emissions through the emission machine, the real client and the stand-in
 * while it commits and then drops the connection, answers after the client gave up, answers 503, receives requests
 * twice and fails lookups. Each request runs until it ends (a run that cannot conclude leaves a retry plan, and the
 * next run starts from it, as the scheduler will). Then: every request has its NFS-e (0 lost), and the national
 * side holds exactly one NFS-e per DPS (0 duplicates), the one the request got.
 */
const EMISSIONS = 1_000;
const PARALLEL = 8;
const MAX_RUNS = 20;

let standIn: NfseStandIn;
const providers: { cnpj: string; certificate: A1Certificate; client: NfseClient }[] = [];

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn({
    faults: {
      commitThenDrop: 0.1,
      slow: 0.1,
      slowMs: 700,
      unavailable: 0.1,
      duplicateDelivery: 0.1,
      lookupUnavailable: 0.1,
      seed: 18,
    },
  });
  for (const [cnpj, name] of [
    [PROVIDER_CNPJ, 'Mendes Tech Ltda'],
    [OTHER_CNPJ, 'Aurora Design Ltda'],
  ] as const) {
    const a1 = standIn.issueCompanyCertificate({ cnpj, companyName: name });
    const certificate = readPkcs12(a1.pfx, a1.password);
    const client = createNfseClient({
      baseUrl: standIn.url,
      certificate,
      trustedCaPem: [standIn.caCertificatePem],
      timeoutMs: 350,
      lookupTimeoutMs: 2_000,
      maxSockets: PARALLEL,
    });
    providers.push({ cnpj, certificate, client });
  }
});

afterAll(async () => {
  providers.forEach((provider) => provider.client.close());
  await standIn?.close();
});

describe('1,000 emissions against the stand-in’s faults', () => {
  it('issue every request exactly once: 0 duplicate NFS-e, 0 lost', async () => {
    const started = performance.now();
    const outcomes: { dpsId: string; result: NfseEmissionOutput; runs: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < EMISSIONS) {
        const i = next++;
        const provider = providers[i % providers.length]!;
        const context = dpsContext(String(Math.floor(i / providers.length) + 1), { cnpj: provider.cnpj });
        let result = await emitNfse(context, provider.certificate, provider.client, { checkDelayMs: 10 });
        let runs = 1;
        // The next run of an emission left uncertain starts from its signed DPS, looked up first.
        while (result.status === 'retryLater' && runs < MAX_RUNS) {
          result = await emitNfse(context, provider.certificate, provider.client, {
            signedDps: result.signedDps,
            checkDelayMs: 10,
          });
          runs += 1;
        }
        const dpsId = result.status === 'issued' || result.status === 'rejected' ? result.dpsId : '';
        outcomes.push({ dpsId, result, runs });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const seconds = (performance.now() - started) / 1000;

    const stats = standIn.stats();
    const issued = standIn.nfses();
    const byDps = new Map(issued.map((nfse) => [nfse.dpsId, nfse]));
    const retried = outcomes.filter((o) => o.runs > 1).length;
    console.log(
      `${EMISSIONS} emissions in ${seconds.toFixed(1)} s: ${JSON.stringify(stats)}; ${retried} needed more than one run`,
    );

    // 0 lost: every request ended with its NFS-e.
    expect(outcomes).toHaveLength(EMISSIONS);
    expect(outcomes.filter((o) => o.result.status !== 'issued')).toEqual([]);
    // 0 duplicates: one NFS-e per DPS on the national side, and it is the one the request got.
    expect(issued).toHaveLength(EMISSIONS);
    expect(new Set(issued.map((nfse) => nfse.dpsId)).size).toBe(EMISSIONS);
    expect(new Set(issued.map((nfse) => nfse.accessKey)).size).toBe(EMISSIONS);
    expect(new Set(outcomes.map((o) => o.dpsId)).size).toBe(EMISSIONS);
    for (const { dpsId, result } of outcomes) {
      expect(result.status === 'issued' && result.nfse.accessKey).toBe(byDps.get(dpsId)?.accessKey);
    }
    // Each provider's NFS-e numbers run 1…500 with no gap and no repeat.
    for (const { cnpj } of providers) {
      const numbers = issued.filter((nfse) => nfse.providerCnpj === cnpj).map((nfse) => Number(nfse.number));
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: EMISSIONS / providers.length }, (_, i) => i + 1));
    }
    // The faults did happen, and the same DPS came back to the national side.
    expect(stats.dropped).toBeGreaterThan(50);
    expect(stats.slow).toBeGreaterThan(50);
    expect(stats.unavailable).toBeGreaterThan(50);
    expect(stats.duplicateDeliveries).toBeGreaterThan(50);
    expect(stats.repeated).toBeGreaterThan(50);
  }, 120_000);
});
