/**
 * `npm run bench:nfse` (and part of `npm run bench`): NFS-e emissions per second against the national API's local
 * stand-in, through the real client (`createNfseClient`: Node's https.Agent with the company's key and certificate,
 * mutual TLS, keep-alive) — sequentially and with a few callers at once, p50/p95 per emission. Two figures per level:
 * "send" is `POST /nfse` of a DPS signed beforehand (client, TLS and the stand-in's checks, NFS-e signing and
 * answer); "emission" adds building, validating and signing the DPS here first, as each emission does. The stand-in
 * runs in its own process, as the national system is not in ours (on this machine both share its cores). The
 * database, the DANFSe and the file store are not in these figures. Prints; never asserts.
 *
 * BENCH_NFSE_COUNT (200) emissions per figure after a warm-up; BENCH_NFSE_CALLERS ("1,4,8") the levels.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateStandInCa } from '@server/fakes/nfse-stand-in-ca';
import type { SignedDps } from '@domain/nfseEmission';
import { readPkcs12 } from '@server/nfse/certificate';
import { createNfseClient } from '@server/nfse/client';
import type { DpsContext } from '@server/nfse/dps';
import { prepareSignedDps } from '@server/nfse/prepare';
import { issueA1Certificate } from '@server/nfse/test-ca';
import { preloadNfseSchemas } from '@server/nfse/xsd';
import * as v from 'valibot';
import { FiscalProfileSchema } from '@domain/fiscalProfile';
import { printHeader } from './support';

const COUNT = Number(process.env.BENCH_NFSE_COUNT ?? 200);
const WARM_UP = 20;
const CALLERS = (process.env.BENCH_NFSE_CALLERS ?? '1,4,8').split(',').map(Number);
const CNPJ = '12345678000195';

/** The child: the stand-in alone in its process, its CA from the shared folder; answers its URL. */
if (process.env.NFSE_BENCH_STAND_IN_DIR) {
  const { startNfseNacionalStandIn } = await import('@server/fakes/nfse-nacional');
  preloadNfseSchemas();
  const standIn = await startNfseNacionalStandIn({ ca: loadOrCreateStandInCa(process.env.NFSE_BENCH_STAND_IN_DIR) });
  process.send!({ url: standIn.url });
  process.on('disconnect', () => void standIn.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  printHeader('Contábil NFS-e emission benchmark');
  const dir = mkdtempSync(join(tmpdir(), 'contabil-bench-nfse-'));
  const ca = loadOrCreateStandInCa(dir);
  const child = fork(new URL(import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NFSE_BENCH_STAND_IN_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (message) => resolve((message as { url: string }).url));
      child.once('exit', (code) => reject(new Error(`the stand-in stopped (${code})`)));
    });
    preloadNfseSchemas();
    const a1 = issueA1Certificate(ca, { cnpj: CNPJ, companyName: 'Bench Ltda', password: 'bench' });
    const certificate = readPkcs12(a1.pfx, a1.password);
    const profile = v.parse(FiscalProfileSchema, {
      cityIbgeCode: '3550308',
      taxRegime: 'simples',
      serviceCode: '010701',
      issRate: 2,
      simplesTaxRate: 6,
    });
    let next = 0;
    const context = (): DpsContext => {
      next += 1;
      return {
        request: {
          emissionType: 'cnpj',
          customerDocument: '11222333000181',
          customerName: `Cliente de teste ${next}`,
          customerEmail: 'financeiro@example.com',
          description: `Suporte técnico em informática, chamado ${next}: instalação e configuração de programas.`,
          serviceItem: '1.07',
          competence: '2026-01',
          totalCents: 10_000 + next,
          issWithheld: false,
        },
        profile,
        companyCnpj: CNPJ,
        number: String(next),
        environment: 'homologation',
        issuedAt: new Date(),
      };
    };

    console.log(
      `NFS-e emissions against the stand-in (its own process, ${url.replace(/:\d+\//, ':…/')}), the real client with mutual TLS;` +
        ` ${COUNT} emissions per figure after ${WARM_UP} warm-up, ms per emission`,
    );
    for (const callers of CALLERS) {
      const client = createNfseClient({
        baseUrl: url,
        certificate,
        trustedCaPem: [ca.certificatePem],
        maxSockets: Math.max(8, callers),
      });
      try {
        for (const mode of ['send', 'emission'] as const) {
          const presigned: SignedDps[] =
            mode === 'send' ? Array.from({ length: WARM_UP + COUNT }, () => prepareSignedDps(context(), certificate)) : [];
          const one = async (i: number) => {
            const dps = mode === 'send' ? presigned[i]! : prepareSignedDps(context(), certificate);
            const sent = await client.sendDps(dps);
            if (sent.outcome !== 'issued') throw new Error(`not issued: ${JSON.stringify(sent)}`);
          };
          const run = async (from: number, count: number, record?: number[]) => {
            let index = from;
            await Promise.all(
              Array.from({ length: callers }, async () => {
                while (index < from + count) {
                  const i = index++;
                  const t0 = performance.now();
                  await one(i);
                  record?.push(performance.now() - t0);
                }
              }),
            );
          };
          await run(0, WARM_UP);
          const times: number[] = [];
          const started = performance.now();
          await run(WARM_UP, COUNT, times);
          const seconds = (performance.now() - started) / 1000;
          const label = `${mode === 'send' ? 'send (DPS signed before)' : 'emission (build + validate + sign + send)'}, ${callers} caller${callers > 1 ? 's' : ''}`;
          console.log(
            `  ${label.padEnd(52)} ${(COUNT / seconds).toFixed(1).padStart(7)} /s   p50 ${quantile(times, 0.5).toFixed(1).padStart(6)}   p95 ${quantile(times, 0.95).toFixed(1).padStart(6)}`,
          );
        }
      } finally {
        client.close();
      }
    }
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
