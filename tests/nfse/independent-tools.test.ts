/**
 * The product's documents checked by tools this project did not write: Debian's xmllint (libxml2's command line)
 * against the layout 1.01 schemas copied from the reference, and xmlsec1 verifying the XML-DSig signature with the
 * signer's CA. `npm test` installs both with apt (scripts/test.ts); without them these tests say so and are skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import { prepareSignedCancellation } from '@server/nfse/event';
import { prepareSignedDps } from '@server/nfse/prepare';
import type { TestCa } from '@server/nfse/test-ca';
import { createTestCa, issueA1Certificate } from '@server/nfse/test-ca';
import { PROVIDER_CNPJ, dpsContext } from './fixtures';

const SCHEMAS = fileURLToPath(new URL('../../server/nfse/schemas/', import.meta.url));
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const tools = has('xmllint') && has('xmlsec1');
if (!tools) console.warn('xmllint or xmlsec1 missing: install libxml2-utils and xmlsec1 (npm test does it with apt).');

let dir: string;
let ca: TestCa;
let company: A1Certificate;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'contabil-xmlsec-'));
  ca = createTestCa();
  company = readPkcs12(
    issueA1Certificate(ca, { cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda', password: 'a1' }).pfx,
    'a1',
  );
  writeFileSync(join(dir, 'ca.pem'), ca.certificatePem);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function xmllint(schema: string, xml: string): { status: number | null; output: string } {
  const file = join(dir, 'doc.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--schema', join(SCHEMAS, schema), file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** xmlsec1 verifies the enveloped signature, the signed element found by its Id attribute, the signer trusted by the CA. */
function xmlsecVerify(xml: string, element: string): { status: number | null; output: string } {
  const file = join(dir, 'signed.xml');
  writeFileSync(file, xml);
  const result = spawnSync(
    'xmlsec1',
    ['--verify', '--trusted-pem', join(dir, 'ca.pem'), '--id-attr:Id', `http://www.sped.fazenda.gov.br/nfse:${element}`, file],
    { encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(!tools)('the DPS and the cancellation, checked by xmllint and xmlsec1', () => {
  it('xmllint validates the signed DPS of each regime against DPS_v1.01.xsd', () => {
    for (const profile of [
      { taxRegime: 'mei' as const, issRate: undefined, simplesTaxRate: undefined },
      { taxRegime: 'simples' as const },
      { taxRegime: 'other' as const, federalTaxRate: '13,33', simplesTaxRate: undefined },
    ]) {
      const prepared = prepareSignedDps(dpsContext('5', { profile }), company);
      const lint = xmllint('DPS_v1.01.xsd', prepared.signedXml);
      expect(lint.output).toContain('validates');
      expect(lint.status).toBe(0);
    }
  });

  it('xmlsec1 verifies the DPS signature (RSA-SHA1 over infDPS), and refuses it once altered', () => {
    const prepared = prepareSignedDps(dpsContext('6'), company);
    const verified = xmlsecVerify(prepared.signedXml, 'infDPS');
    expect(verified.output).toContain('OK');
    expect(verified.status).toBe(0);
    const altered = xmlsecVerify(prepared.signedXml.replace('<vServ>2500.00</vServ>', '<vServ>2500.01</vServ>'), 'infDPS');
    expect(altered.status).not.toBe(0);
  });

  it('xmllint and xmlsec1 accept the signed cancellation request on layout 1.01', () => {
    const accessKey = `355030822${PROVIDER_CNPJ}000000000000126031234567890`;
    const prepared = prepareSignedCancellation(
      {
        accessKey,
        authorCnpj: PROVIDER_CNPJ,
        reasonCode: '1',
        reason: 'Erro na emissão do valor do serviço',
        environment: 'homologation',
        requestedAt: new Date('2026-03-21T15:00:00Z'),
      },
      company,
    );
    expect(xmllint('pedRegEvento_v1.01.xsd', prepared.signedXml).status).toBe(0);
    expect(xmlsecVerify(prepared.signedXml, 'infPedReg').status).toBe(0);
  });

  it('xmlsec1 is the real thing: it refuses a signature by a certificate outside the trusted CA', () => {
    const stranger = readPkcs12(
      issueA1Certificate(createTestCa(), { cnpj: PROVIDER_CNPJ, companyName: 'Outra AC', password: 'a1' }).pfx,
      'a1',
    );
    expect(xmlsecVerify(prepareSignedDps(dpsContext('7'), stranger).signedXml, 'infDPS').status).not.toBe(0);
    expect(execFileSync('xmlsec1', ['--version'], { encoding: 'utf8' })).toMatch(/xmlsec1/);
  });
});
