/**
 * ADN Parâmetros Municipais as the stand-in serves it and the client reads it, and what the city's answer changes in
 * the DPS: a non-optant sends no rate where the city is on the national system (rule E0617), and a city off it cannot
 * issue there (E0038). Expected values are literals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import { readPkcs12 } from '@server/nfse/certificate';
import type { NfseClient } from '@server/nfse/client';
import { createNfseClient, regimesAdmitted } from '@server/nfse/client';
import { prepareSignedDps } from '@server/nfse/prepare';
import { PROVIDER_CNPJ, dpsContext } from './fixtures';

const RIO = '3304557';
let standIn: NfseStandIn;
let client: NfseClient;

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn({
    cityParameters: (code) =>
      code === RIO
        ? { active: false, specialRegimes: [], rate: 5 }
        : code === '3550308'
          ? { active: true, specialRegimes: ['6'], rate: 2.9 }
          : undefined,
  });
  const a1 = standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda' });
  client = createNfseClient({
    baseUrl: standIn.url,
    parametersUrl: standIn.parametersUrl,
    certificate: readPkcs12(a1.pfx, a1.password),
    trustedCaPem: [standIn.caCertificatePem],
  });
});
afterAll(async () => {
  client.close();
  await standIn.close();
});

describe('ADN Parâmetros Municipais', () => {
  it('answers the agreement and the rate in its Swagger shapes, and 404 for a code that is no municipality', async () => {
    expect(await client.cityParameters('3550308', '010601', '2026-03')).toEqual({
      outcome: 'known',
      parameters: { active: true, rate: 2.9 },
    });
    expect(await client.cityParameters(RIO, '010601', '2026-03')).toEqual({
      outcome: 'known',
      parameters: { active: false, rate: 5 },
    });
    expect(await client.cityParameters('9999999', '010601', '2026-03')).toEqual({
      outcome: 'known',
      parameters: { active: false },
    });
  });

  it('reads the special regimes the city admits when the company has one: permitted or mandatory, in force', async () => {
    expect(await client.cityParameters('3550308', '010601', '2026-03', { specialRegime: '6' })).toEqual({
      outcome: 'known',
      parameters: { active: true, rate: 2.9, specialRegimes: ['6'] },
    });
    expect(await client.cityParameters(RIO, '010601', '2026-03', { specialRegime: '6' })).toEqual({
      outcome: 'known',
      parameters: { active: false, rate: 5, specialRegimes: [] },
    });
    const entry = (situacao: number, dataInicio = '2026-01-01T00:00:00', dataFim: string | null = null) => ({
      situacao,
      dataInicio,
      dataFim,
      observacoes: null,
    });
    const answer = {
      mensagem: null,
      regimesEspeciais: {
        '010601': {
          '1': [entry(1)],
          '2': [entry(2)],
          '3': [entry(3)],
          '4': [entry(1, '2026-04-01T00:00:00')],
          '5': [entry(1, '2025-01-01T00:00:00', '2025-12-31T00:00:00'), entry(2, '2026-01-01T00:00:00')],
        },
      },
    };
    expect(regimesAdmitted(answer, '010601', '2026-03')).toEqual(['1', '3']);
    expect(regimesAdmitted(answer, '010601', '2026-04')).toEqual(['1', '3', '4']);
    expect(regimesAdmitted(answer, '010601', '2025-06')).toEqual(['5']);
    // Keyed by regime straight away, as some answers are read.
    expect(regimesAdmitted({ regimesEspeciais: { '6': [entry(1)], '2': [entry(2)] } }, '010601', '2026-03')).toEqual(['6']);
    expect(regimesAdmitted({ mensagem: 'Município não parametrizado.' }, '010601', '2026-03')).toBeUndefined();
  });

  it('is unknown, not active, when the service cannot be reached', async () => {
    const offline = createNfseClient({
      baseUrl: standIn.url,
      parametersUrl: 'https://127.0.0.1:9/parametrizacao',
      certificate: { privateKeyPem: '', certificatePem: '' },
      lookupTimeoutMs: 500,
    });
    expect(await offline.cityParameters('3550308', '010601', '2026-03')).toMatchObject({ outcome: 'unknown' });
    offline.close();
  });

  it('decides the rate of a non-optant: none in an active city, and a city off the system refused before sending', async () => {
    const company = readPkcs12(
      standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda' }).pfx,
      'senha-a1',
    );
    const regular = { taxRegime: 'other' as const, federalTaxRate: '13,45', simplesTaxRate: undefined, issRate: '3' };
    const active = prepareSignedDps({ ...dpsContext('40', { profile: regular }), city: { active: true } }, company);
    expect(active.signedXml).toContain('<tpRetISSQN>1</tpRetISSQN></tribMun>');
    expect(active.signedXml).toContain(
      '<pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>3.00</pTotTribMun></pTotTrib>',
    );
    expect(await client.sendDps(active)).toMatchObject({ outcome: 'issued' });
    // A city not on the national system cannot issue there at all (E0038, except for an MEI): the team is told
    // before anything is signed or sent.
    expect(() =>
      prepareSignedDps({ ...dpsContext('41', { profile: { ...regular, cityIbgeCode: RIO } }), city: { active: false } }, company),
    ).toThrow(
      'Regra E0038 do Sistema Nacional: A situação do convênio do município emissor informado na DPS deve ser "ATIVO" no cadastro de convênio municipal do sistema nacional.',
    );
  });
});
