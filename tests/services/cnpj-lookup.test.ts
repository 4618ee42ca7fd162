import { readFileSync } from 'node:fs';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRASILAPI_COMPANIES, TEST_COMPANY_COUNT, brasilApiFake, testCompanyCnpj } from '@server/fakes/brasilapi';
import { VIACEP_RECORDS } from '@server/fakes/viacep';
import { CnpjLookupUnavailable, createBrasilApiLookup, registrationFromBrasilApi } from '@server/services/cnpj-lookup';
import type { LocalServer } from './local-server';
import { json, listen, scriptedServer } from './local-server';

let fake: LocalServer;

beforeAll(async () => {
  fake = await listen(brasilApiFake());
});
afterAll(() => fake.close());

const readData = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`../../server/seed/data/${file}`, import.meta.url), 'utf8')) as T[];

describe('the BrasilAPI fake', () => {
  it('answers a registered CNPJ, typed as digits or formatted (slash raw or encoded)', async () => {
    for (const path of ['11222333000181', '11.222.333/0001-81', '11.222.333%2F0001-81']) {
      const response = await fetch(`${fake.url}/api/cnpj/v1/${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toMatchObject({ cnpj: '11222333000181', razao_social: 'ESTÚDIO AURORA DESIGN LTDA' });
    }
  });

  it('answers an unknown CNPJ with BrasilAPI’s 404', async () => {
    const response = await fetch(`${fake.url}/api/cnpj/v1/00000000000000`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'CNPJ 00.000.000/0000-00 não encontrado.',
      name: 'NotFoundError',
      type: 'not_found',
    });
  });

  it.each(['123', '11222333000182', 'abc'])('answers the invalid CNPJ %s with BrasilAPI’s 400', async (cnpj) => {
    const response = await fetch(`${fake.url}/api/cnpj/v1/${cnpj}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: `CNPJ ${cnpj} inválido.`, name: 'BadRequestError', type: 'bad_request' });
  });

  it('holds consistent records: valid CNPJs, real CNAE codes and cities, CEPs the ViaCEP fake knows, masked CPFs', () => {
    const cnaes = new Map(readData<{ code: string; text: string }>('cnae-subclasses.json').map((c) => [c.code, c.text]));
    const cities = new Map(readData<{ ibgeCode: string; state: string }>('municipalities.json').map((m) => [m.ibgeCode, m]));
    for (const company of BRASILAPI_COMPANIES) {
      expect(isValidCnpj(company.cnpj, { version: 2 }), company.cnpj).toBe(true);
      for (const { codigo, descricao } of [
        { codigo: company.cnae_fiscal, descricao: company.cnae_fiscal_descricao },
        ...company.cnaes_secundarios.filter((c) => c.codigo !== 0),
      ]) {
        expect(cnaes.get(String(codigo).padStart(7, '0')), `${company.cnpj} ${codigo}`).toBe(descricao);
      }
      expect(cities.get(String(company.codigo_municipio_ibge))?.state).toBe(company.uf);
      expect(VIACEP_RECORDS.get(company.cep)?.ibge).toBe(String(company.codigo_municipio_ibge));
      for (const partner of company.qsa.filter((p) => p.identificador_de_socio === 2)) {
        expect(partner.cnpj_cpf_do_socio).toMatch(/^\*{3}\d{6}\*{2}$/);
      }
    }
    const situations = BRASILAPI_COMPANIES.map((c) => c.situacao_cadastral);
    expect(situations).toContain(8);
    expect(BRASILAPI_COMPANIES.some((c) => /[A-Z]/.test(c.cnpj))).toBe(true);
    expect(BRASILAPI_COMPANIES.some((c) => c.opcao_pelo_mei === true && c.qsa.length === 1)).toBe(true);
    expect(BRASILAPI_COMPANIES.some((c) => c.porte === 'EMPRESA DE PEQUENO PORTE')).toBe(true);
  });

  it('knows a "Empresa de Teste" for every valid testCompanyCnpj, none of them a fixture above', async () => {
    const cnpjs = Array.from({ length: TEST_COMPANY_COUNT }, (_, i) => testCompanyCnpj(i + 1));
    expect(new Set(cnpjs).size).toBe(TEST_COMPANY_COUNT);
    for (const cnpj of cnpjs) expect(isValidCnpj(cnpj), cnpj).toBe(true);
    expect(cnpjs.filter((cnpj) => BRASILAPI_COMPANIES.some((c) => c.cnpj === cnpj))).toEqual([]);
    for (const n of [1, 250, TEST_COMPANY_COUNT]) {
      const response = await fetch(`${fake.url}/api/cnpj/v1/${testCompanyCnpj(n)}`);
      expect(response.status).toBe(200);
      expect((await response.json()).razao_social).toBe(`EMPRESA DE TESTE ${String(n).padStart(3, '0')} LTDA`);
    }
  });
});

describe('createBrasilApiLookup', () => {
  const lookup = () => createBrasilApiLookup({ baseUrl: fake.url });

  it('reads a registration into the product’s shape', async () => {
    expect(await lookup().find('11.222.333/0001-81')).toEqual({
      cnpj: '11222333000181',
      name: 'ESTÚDIO AURORA DESIGN LTDA',
      alias: 'AURORA DESIGN',
      situation: 'active',
      situationText: 'ATIVA',
      openedAt: '2019-03-12',
      legalNature: 'Sociedade Empresária Limitada',
      size: 'ME',
      shareCapitalCents: 5_000_000,
      mainActivity: { code: '7410202', text: 'Design de interiores' },
      secondaryActivities: [
        { code: '7319003', text: 'Marketing direto' },
        { code: '8599604', text: 'Treinamento em desenvolvimento profissional e gerencial' },
      ],
      simples: true,
      mei: false,
      address: {
        zipCode: '20040002',
        state: 'RJ',
        city: 'Rio de Janeiro',
        street: 'AVENIDA RIO BRANCO',
        number: '25',
        complement: 'SALA 1204',
        neighborhood: 'CENTRO',
      },
      email: 'financeiro@auroradesign.example',
      phone: '2132241188',
      partners: [
        {
          name: 'HELENA MARQUES VIEIRA',
          document: '***722443**',
          kind: 'person',
          qualification: 'Sócio-Administrador',
          since: '2019-03-12',
        },
        { name: 'TIAGO NUNES DE ABREU', document: '***337631**', kind: 'person', qualification: 'Sócio', since: '2021-08-02' },
      ],
    });
  });

  it('reads a MEI: "S/N" number, no complement, e-mail in lower case, its owner as the one partner', async () => {
    const mei = await lookup().find('40549302000138');
    expect(mei).toMatchObject({
      mei: true,
      simples: true,
      size: 'ME',
      email: 'rafael.souza.foto@example.com',
      phone: '71988776655',
    });
    expect(mei?.address).toEqual({
      zipCode: '40020000',
      state: 'BA',
      city: 'Salvador',
      street: 'RUA CHILE',
      number: 'S/N',
      neighborhood: 'CENTRO',
    });
    expect(mei?.partners).toEqual([
      { name: 'RAFAEL SOUZA SANTOS', document: '***067214**', kind: 'person', qualification: 'Empresário', since: '2021-02-10' },
    ]);
  });

  it('reads a closed company: no placeholder activity, no contact', async () => {
    expect(await lookup().find('31233689000128')).toMatchObject({
      situation: 'closed',
      situationText: 'BAIXADA',
      secondaryActivities: [],
      simples: false,
      email: null,
      phone: null,
    });
  });

  it('reads partners that are companies, here or abroad, and unknown regime options', async () => {
    const epp = await lookup().find('15538835000177');
    expect(epp).toMatchObject({ size: 'EPP', simples: false });
    expect(epp?.partners[1]).toMatchObject({ kind: 'company', document: '79523191000126' });
    const large = await lookup().find('03647785000187');
    expect(large).toMatchObject({
      size: 'DEMAIS',
      simples: null,
      mei: null,
      shareCapitalCents: 1_200_000_000,
      email: 'juridico@horizontenorte.example',
    });
    expect(large?.partners[1]).toEqual({
      name: 'NORTHWIND HOLDINGS LLC',
      document: null,
      kind: 'foreign',
      qualification: 'Sócio Pessoa Jurídica Domiciliado no Exterior',
      since: '2010-02-11',
    });
  });

  it('finds an alphanumeric CNPJ (2026 format), typed in lower case with its mask', async () => {
    expect(await lookup().find('8d.6p2.xfe/0001-34')).toMatchObject({
      cnpj: '8D6P2XFE000134',
      name: 'NUVEM CLARA SOFTWARE LTDA',
      address: { city: 'Florianópolis', state: 'SC' },
    });
  });

  it('answers null for an unregistered CNPJ (404)', async () => {
    expect(await lookup().find('00.000.000/0001-91')).toBeNull();
  });

  it('answers null for an invalid CNPJ without calling the service', async () => {
    const fetchSpy = vi.fn(fetch);
    const lookupWithSpy = createBrasilApiLookup({ baseUrl: fake.url, fetch: fetchSpy });
    for (const cnpj of ['11222333000182', '123', '', 'ABCDEFGHIJKLMN']) expect(await lookupWithSpy.find(cnpj)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers null when the service itself calls the CNPJ invalid (400)', async () => {
    const server = await scriptedServer((_request, response) =>
      json(response, 400, { message: 'CNPJ 11222333000181 inválido.', name: 'BadRequestError', type: 'bad_request' }),
    );
    try {
      expect(await createBrasilApiLookup({ baseUrl: server.url }).find('11222333000181')).toBeNull();
      expect(server.received).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it.each([500, 502, 503, 504])('retries once on %i, then reports the lookup unavailable', async (status) => {
    const server = await scriptedServer((_request, response) => json(response, status, { message: 'erro' }));
    try {
      await expect(createBrasilApiLookup({ baseUrl: server.url }).find('11222333000181')).rejects.toBeInstanceOf(
        CnpjLookupUnavailable,
      );
      expect(server.received).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('succeeds when the retry does', async () => {
    let calls = 0;
    const flaky: typeof fetch = async (input, init) =>
      ++calls === 1 ? new Response('Bad Gateway', { status: 502 }) : fetch(input, init);
    const registration = await createBrasilApiLookup({ baseUrl: fake.url, fetch: flaky }).find('11222333000181');
    expect(registration?.name).toBe('ESTÚDIO AURORA DESIGN LTDA');
    expect(calls).toBe(2);
  });

  it('retries once on a timeout, then reports the lookup unavailable', async () => {
    const server = await scriptedServer((_request, response) => {
      setTimeout(() => json(response, 200, {}), 1_000);
    });
    try {
      const error = await createBrasilApiLookup({ baseUrl: server.url, timeoutMs: 100 })
        .find('11222333000181')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CnpjLookupUnavailable);
      expect(server.received).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('reports the lookup unavailable when the network fails', async () => {
    await expect(createBrasilApiLookup({ baseUrl: 'http://127.0.0.1:1' }).find('11222333000181')).rejects.toBeInstanceOf(
      CnpjLookupUnavailable,
    );
  });

  it('does not retry a rate limit, and reports it as unavailable', async () => {
    const server = await scriptedServer((_request, response) => json(response, 429, { message: 'Too many requests' }));
    try {
      await expect(createBrasilApiLookup({ baseUrl: server.url }).find('11222333000181')).rejects.toBeInstanceOf(
        CnpjLookupUnavailable,
      );
      expect(server.received).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('registrationFromBrasilApi (defensive parsing)', () => {
  it('copes with numbers for codes and CEP, Brazilian number and date formats, and empty strings', () => {
    const registration = registrationFromBrasilApi({
      cnpj: 11222333000181,
      razao_social: '  EMPRESA   EXEMPLO LTDA ',
      nome_fantasia: '',
      situacao_cadastral: '2',
      descricao_situacao_cadastral: '',
      data_inicio_atividade: '12/03/2019',
      natureza_juridica: null,
      porte: '',
      codigo_porte: 3,
      capital_social: '1.500,50',
      cnae_fiscal: '111301',
      cnae_fiscal_descricao: 'Cultivo de arroz',
      cnaes_secundarios: [{ codigo: 0, descricao: '' }, { codigo: '0111302', descricao: 'Cultivo de milho' }, null],
      opcao_pelo_simples: 'S',
      opcao_pelo_mei: null,
      descricao_tipo_de_logradouro: 'RUA',
      logradouro: 'RUA DAS FLORES',
      numero: 'SN',
      complemento: '',
      bairro: '',
      cep: 1001000,
      uf: 'sp',
      municipio: 'SAO PAULO',
      codigo_municipio_ibge: 3550308,
      ddd_telefone_1: '',
      ddd_telefone_2: '(11) 3333-4444',
      email: 'não informado',
      qsa: null,
    });
    expect(registration).toEqual({
      cnpj: '11222333000181',
      name: 'EMPRESA EXEMPLO LTDA',
      alias: null,
      situation: 'active',
      situationText: null,
      openedAt: '2019-03-12',
      legalNature: null,
      size: 'EPP',
      shareCapitalCents: 150_050,
      mainActivity: { code: '0111301', text: 'Cultivo de arroz' },
      secondaryActivities: [{ code: '0111302', text: 'Cultivo de milho' }],
      simples: null,
      mei: null,
      address: { zipCode: '01001000', state: 'SP', city: 'São Paulo', street: 'RUA DAS FLORES', number: 'S/N', neighborhood: '' },
      email: null,
      phone: '1133334444',
      partners: [],
    });
  });

  it('keeps the Receita’s city name when the IBGE code is unknown, and has no address abroad', () => {
    const base = { cnpj: '11222333000181', razao_social: 'X LTDA', cep: '01001000', logradouro: 'A', bairro: 'B' };
    expect(registrationFromBrasilApi({ ...base, uf: 'SP', municipio: 'SAO PAULO' })?.address?.city).toBe('SAO PAULO');
    expect(registrationFromBrasilApi({ ...base, uf: 'EX', municipio: 'LISBOA' })?.address).toBeNull();
  });

  it('maps every registration situation and rejects what is not a company record', () => {
    const situation = (code: unknown, text = '') =>
      registrationFromBrasilApi({
        cnpj: '11222333000181',
        razao_social: 'X',
        situacao_cadastral: code,
        descricao_situacao_cadastral: text,
      })?.situation;
    expect([1, 2, 3, 4, 8, 9].map((code) => situation(code))).toEqual([
      'null',
      'active',
      'suspended',
      'unfit',
      'closed',
      'unknown',
    ]);
    expect(situation(null, 'Inapta')).toBe('unfit');
    for (const junk of [null, [], 'x', {}, { cnpj: '11222333000181' }]) expect(registrationFromBrasilApi(junk)).toBeNull();
  });
});
