/**
 * `npx tsx bench/nfse-dps.ts`: building, validating against the XSD and signing one DPS (the target in docs/performance.md: p95 ≤
 * 30 ms), and each step apart, over BENCH_DPS_COUNT documents (1,000 by default) after a warm-up. Prints; never
 * asserts.
 */
import * as v from 'valibot';
import { FiscalProfileSchema } from '@domain/fiscalProfile';
import { readPkcs12 } from '@server/nfse/certificate';
import type { DpsContext } from '@server/nfse/dps';
import { buildDpsFromRequest } from '@server/nfse/dps';
import { packXml } from '@server/nfse/package';
import { signDps } from '@server/nfse/signature';
import { createTestCa, issueA1Certificate } from '@server/nfse/test-ca';
import { preloadNfseSchemas, validateDpsXml } from '@server/nfse/xsd';
import { printHeader } from './support';

const COUNT = Number(process.env.BENCH_DPS_COUNT ?? 1000);
const CNPJ = '12345678000195';

printHeader('Contábil NFS-e DPS benchmark');
const started = performance.now();
preloadNfseSchemas();
console.log(`schemas compiled in ${(performance.now() - started).toFixed(0)} ms (once per process)`);

const certificate = readPkcs12(
  issueA1Certificate(createTestCa(), { cnpj: CNPJ, companyName: 'Bench Ltda', password: 'bench' }).pfx,
  'bench',
);
const profile = v.parse(FiscalProfileSchema, {
  cityIbgeCode: '3550308',
  taxRegime: 'simples',
  serviceCode: '010701',
  issRate: 2,
  simplesTaxRate: 6,
  nbsCode: '115021000',
});
const context = (i: number): DpsContext => ({
  request: {
    emissionType: i % 2 ? 'cnpj' : 'cpf',
    customerDocument: i % 2 ? '11222333000181' : '52998224725',
    customerName: `Cliente de teste ${i}`,
    customerEmail: 'financeiro@example.com',
    description: `Suporte técnico em informática, chamado ${i}: instalação e configuração de programas.`,
    serviceItem: '1.07',
    competence: '2026-01',
    totalCents: 10_000 + i,
    issWithheld: i % 3 === 0,
  },
  profile,
  companyCnpj: CNPJ,
  number: String(i + 1),
  environment: 'homologation',
  issuedAt: new Date(),
});

const steps = {
  build: [] as number[],
  validate: [] as number[],
  sign: [] as number[],
  pack: [] as number[],
  total: [] as number[],
};
for (let i = 0; i < 50 + COUNT; i++) {
  const t0 = performance.now();
  const { xml } = buildDpsFromRequest(context(i));
  const t1 = performance.now();
  if (!validateDpsXml(xml).ok) throw new Error('the benchmark DPS does not validate');
  const t2 = performance.now();
  const signed = signDps(xml, certificate);
  const t3 = performance.now();
  packXml(signed);
  const t4 = performance.now();
  if (i < 50) continue; // warm-up
  steps.build.push(t1 - t0);
  steps.validate.push(t2 - t1);
  steps.sign.push(t3 - t2);
  steps.pack.push(t4 - t3);
  steps.total.push(t3 - t0);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
console.log(`${COUNT} DPS, ms per document:`);
for (const [step, values] of Object.entries(steps)) {
  const label = step === 'total' ? 'build + validate + sign' : step;
  console.log(
    `  ${label.padEnd(24)} p50 ${quantile(values, 0.5).toFixed(2).padStart(6)}  p95 ${quantile(values, 0.95).toFixed(2).padStart(6)}  max ${Math.max(
      ...values,
    )
      .toFixed(2)
      .padStart(6)}`,
  );
}
