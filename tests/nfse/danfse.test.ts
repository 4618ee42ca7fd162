import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import { readPkcs12 } from '@server/nfse/certificate';
import { createNfseClient } from '@server/nfse/client';
import { formatAccessKey } from '@domain/nfseEmission';
import { renderDanfse } from '@server/nfse/danfse';
import { prepareSignedDps } from '@server/nfse/prepare';
import { PROVIDER_CNPJ, dpsContext } from './fixtures';

let standIn: NfseStandIn;
const issued: { accessKey: string; number: string; xml: string }[] = [];

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn();
  const a1 = standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda' });
  const certificate = readPkcs12(a1.pfx, a1.password);
  const client = createNfseClient({ baseUrl: standIn.url, certificate, trustedCaPem: [standIn.caCertificatePem] });
  for (const context of [
    dpsContext('1', {
      request: {
        description: 'Consultoria em informática — março/2026\nLevantamento de requisitos e implantação do sistema de estoque',
        issWithheld: true,
      },
    }),
    dpsContext('2', {
      profile: { taxRegime: 'mei', serviceCode: '010701' },
      request: {
        emissionType: 'cpf',
        customerDocument: '52998224725',
        customerName: 'Ana Souza',
        totalCents: 80_000,
        serviceItem: '1.07',
      },
    }),
  ]) {
    const sent = await client.sendDps(prepareSignedDps(context, certificate));
    if (sent.outcome !== 'issued') throw new Error(`not issued: ${JSON.stringify(sent)}`);
    issued.push(sent.nfse);
  }
  client.close();
});

afterAll(async () => {
  await standIn.close();
});

const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The page's text as a reader (or a search) sees it: pdf.js's text items, joined. */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  const pages = pdf.numPages;
  await pdf.destroy();
  return { text, pages };
}

describe('the DANFSe made from the NFS-e XML', () => {
  it('shows, in Portuguese, the key, the number, the issuer, the taker, the service and the values', async () => {
    const nfse = issued[0]!;
    const started = performance.now();
    const pdf = await renderDanfse(nfse.xml);
    const elapsed = performance.now() - started;
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-');
    for (const expected of [
      'DANFSe',
      `NFS-e nº ${nfse.number}`,
      formatAccessKey(nfse.accessKey),
      'EMITENTE - PRESTADOR DO SERVIÇO',
      '12.345.678/0001-95',
      'MENDES TECH LTDA',
      'TOMADOR DO SERVIÇO',
      '11.222.333/0001-81',
      'Estúdio Aurora Design Ltda',
      'SERVIÇO PRESTADO',
      '01.06.01',
      'Consultoria em informática - março/2026',
      'VALORES',
      'R$ 2.500,00',
      '2,00 %',
      'R$ 50,00',
      'Sim (R$ 50,00)',
      'R$ 2.450,00',
      'Competência 03/2026',
      'São Paulo',
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
    ]) {
      expect(text.replace(/\u00a0/g, ' '), expected).toContain(expected);
    }
    // Nothing the font could not draw (an empty field shows a dash).
    expect(text).not.toContain('?');
    expect(elapsed).toBeLessThan(2_000);
  });

  it('for an MEI with a person as taker: the CPF, no ISS rate, and why', async () => {
    const { text } = await pdfText(await renderDanfse(issued[1]!.xml));
    const plain = text.replace(/\u00a0/g, ' ');
    expect(plain).toContain('529.982.247-25');
    expect(plain).toContain('Ana Souza');
    expect(plain).toContain('R$ 800,00');
    expect(plain).toContain('ISS do MEI ou do Simples Nacional recolhido no documento de arrecadação do regime (DAS).');
    expect(plain).not.toContain(' %');
    expect(standIn.nfses()).toHaveLength(2);
  });
});
