/**
 * The stand-in remembers what it issued across restarts when given a state file (the server keeps it under
 * DATA_DIR), as the national system does: numbering goes on, a DPS sent before is found by its id (so a retry after
 * a restart yields its NFS-e instead of a new one), and an invoice issued before can be cancelled. Without a file it
 * keeps its state in memory only and writes nothing.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import { STAND_IN_STATE_FILE } from '@server/fakes/nfse-stand-in-files';
import { readPkcs12 } from '@server/nfse/certificate';
import type { A1Certificate } from '@server/nfse/certificate';
import { createNfseClient } from '@server/nfse/client';
import { prepareSignedCancellation } from '@server/nfse/event';
import { prepareSignedDps } from '@server/nfse/prepare';
import type { TestCa } from '@server/nfse/test-ca';
import { createTestCa } from '@server/nfse/test-ca';
import { PROVIDER_CNPJ, dpsContext } from './fixtures';

let dir: string;
let ca: TestCa;
let company: A1Certificate;
const running: NfseStandIn[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contabil-stand-in-state-'));
  ca = createTestCa();
});
afterAll(async () => {
  await Promise.all(running.map((standIn) => standIn.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(stateFile?: string) {
  const standIn = await startNfseNacionalStandIn({ ca, stateFile });
  running.push(standIn);
  if (!company) {
    const a1 = standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda', password: 'a1' });
    company = readPkcs12(a1.pfx, a1.password);
  }
  const client = createNfseClient({ baseUrl: standIn.url, certificate: company, trustedCaPem: [ca.certificatePem] });
  const stop = async () => {
    client.close();
    await standIn.close();
  };
  return { standIn, client, stop };
}

const cancellation = (accessKey: string, reason = 'Serviço não prestado: contrato desfeito pelo cliente') =>
  prepareSignedCancellation(
    {
      accessKey,
      authorCnpj: PROVIDER_CNPJ,
      reasonCode: '2',
      reason,
      environment: 'homologation',
      requestedAt: new Date('2026-03-21T15:00:00Z'),
    },
    company,
  );

// Each start makes keys and a TLS server: seconds on a busy 2-core machine, beyond the default 5 s of a test.
describe('the stand-in’s state across restarts', { timeout: 60_000 }, () => {
  it('goes on numbering, finds an earlier DPS by its id and cancels an earlier invoice after a restart', async () => {
    const stateFile = join(dir, STAND_IN_STATE_FILE);
    const first = await start(stateFile);
    const dps1 = prepareSignedDps(dpsContext('1'), company);
    const dps2 = prepareSignedDps(dpsContext('2'), company);
    const sent1 = await first.client.sendDps(dps1);
    const sent2 = await first.client.sendDps(dps2);
    if (sent1.outcome !== 'issued' || sent2.outcome !== 'issued') throw new Error('not issued before the restart');
    expect([sent1.nfse.number, sent2.nfse.number]).toEqual(['1', '2']);
    await first.stop();
    // Written whole and renamed: no temporary file stays beside it.
    expect(await readdir(dir)).toEqual([STAND_IN_STATE_FILE]);

    const second = await start(stateFile);
    // The next NFS-e of the provider is 3, not 1 again.
    const sent3 = await second.client.sendDps(prepareSignedDps(dpsContext('3'), company));
    expect(sent3).toMatchObject({ outcome: 'issued', nfse: { number: '3' } });
    // A DPS sent before the restart is found by its id: a retry yields its NFS-e, never a new one.
    const found = await second.client.lookupDps(dps1.id);
    expect(found).toMatchObject({ outcome: 'found', nfse: { accessKey: sent1.nfse.accessKey, number: '1' } });
    const again = await second.client.sendDps(dps1);
    expect(again).toMatchObject({ outcome: 'issued', nfse: { accessKey: sent1.nfse.accessKey } });
    expect(second.standIn.stats()).toMatchObject({ issued: 1, repeated: 1 });
    // A different DPS with a number used before the restart is still refused.
    const reused = await second.client.sendDps(prepareSignedDps(dpsContext('2', { request: { totalCents: 1_000 } }), company));
    expect(reused).toMatchObject({ outcome: 'rejected', errors: [{ code: 'E0014' }] });
    // An invoice issued before the restart is cancelled (it answered E0840 when the stand-in forgot it).
    const cancel = cancellation(sent1.nfse.accessKey);
    const registered = await second.client.registerEvent(sent1.nfse.accessKey, cancel.body);
    expect(registered.outcome).toBe('registered');
    expect(
      second.standIn
        .nfses()
        .map((nfse) => nfse.number)
        .sort(),
    ).toEqual(['1', '2', '3']);
    await second.stop();

    // The event too outlives a restart: the same request is the same event, a second cancellation is refused.
    const third = await start(stateFile);
    expect(await third.client.registerEvent(sent1.nfse.accessKey, cancel.body)).toEqual(registered);
    const second101101 = cancellation(sent1.nfse.accessKey, 'Outro pedido de cancelamento, com outro motivo');
    expect(await third.client.registerEvent(sent1.nfse.accessKey, second101101.body)).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'E0841' }],
    });
    await third.stop();
  });

  it('without a state file keeps memory only: a restart numbers from 1 again', async () => {
    const first = await start();
    expect(await first.client.sendDps(prepareSignedDps(dpsContext('1'), company))).toMatchObject({ nfse: { number: '1' } });
    await first.stop();
    const second = await start();
    expect(await second.client.sendDps(prepareSignedDps(dpsContext('1'), company))).toMatchObject({ nfse: { number: '1' } });
    await second.stop();
  });
});
