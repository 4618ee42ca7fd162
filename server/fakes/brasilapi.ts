import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { formatCnpj, normalizeCnpj } from '@domain/company';

/** A partner (`qsa`) as BrasilAPI sends it: a person's CPF masked ("***123456**"), a company's CNPJ in full. */
export interface BrasilApiPartner {
  pais: string | null;
  nome_socio: string;
  codigo_pais: number | null;
  faixa_etaria: string;
  cnpj_cpf_do_socio: string;
  qualificacao_socio: string;
  codigo_faixa_etaria: number;
  data_entrada_sociedade: string | null;
  identificador_de_socio: 1 | 2 | 3;
  cpf_representante_legal: string;
  nome_representante_legal: string;
  codigo_qualificacao_socio: number;
  qualificacao_representante_legal: string;
  codigo_qualificacao_representante_legal: number;
}

/** `GET /api/cnpj/v1/{cnpj}` answer: the Receita Federal record, with its mix of empty strings and nulls. */
export interface BrasilApiCompany {
  uf: string;
  cep: string;
  qsa: BrasilApiPartner[];
  cnpj: string;
  pais: string | null;
  email: string | null;
  porte: string;
  bairro: string;
  numero: string;
  ddd_fax: string;
  municipio: string;
  logradouro: string;
  cnae_fiscal: number;
  codigo_pais: number | null;
  complemento: string;
  codigo_porte: number;
  razao_social: string;
  nome_fantasia: string;
  capital_social: number;
  ddd_telefone_1: string;
  ddd_telefone_2: string;
  opcao_pelo_mei: boolean | null;
  codigo_municipio: number;
  cnaes_secundarios: { codigo: number; descricao: string }[];
  natureza_juridica: string;
  regime_tributario: {
    ano: number;
    cnpj_da_scp: string | null;
    forma_de_tributacao: string;
    quantidade_de_escrituracoes: number;
  }[];
  situacao_especial: string;
  opcao_pelo_simples: boolean | null;
  situacao_cadastral: number;
  data_opcao_pelo_mei: string | null;
  data_exclusao_do_mei: string | null;
  cnae_fiscal_descricao: string;
  codigo_municipio_ibge: number;
  data_inicio_atividade: string;
  data_situacao_especial: string | null;
  data_opcao_pelo_simples: string | null;
  data_situacao_cadastral: string;
  nome_cidade_no_exterior: string;
  codigo_natureza_juridica: number;
  data_exclusao_do_simples: string | null;
  motivo_situacao_cadastral: number;
  ente_federativo_responsavel: string;
  identificador_matriz_filial: 1 | 2;
  qualificacao_do_responsavel: number;
  descricao_situacao_cadastral: string;
  descricao_tipo_de_logradouro: string;
  descricao_motivo_situacao_cadastral: string;
  descricao_identificador_matriz_filial: string;
}

const QUALIFICATIONS = {
  administrator: [5, 'Administrador'],
  director: [10, 'Diretor'],
  partner: [22, 'Sócio'],
  foreignCompanyPartner: [37, 'Sócio Pessoa Jurídica Domiciliado no Exterior'],
  managingPartner: [49, 'Sócio-Administrador'],
  owner: [50, 'Empresário'],
} as const;

const AGE_BANDS: Record<number, string> = {
  0: 'Não se aplica',
  3: 'Entre 21 a 30 anos',
  4: 'Entre 31 a 40 anos',
  5: 'Entre 41 a 50 anos',
  6: 'Entre 51 a 60 anos',
};

const SITUATIONS: Record<number, string> = { 1: 'NULA', 2: 'ATIVA', 3: 'SUSPENSA', 4: 'INAPTA', 8: 'BAIXADA' };
const SIZES = { ME: [1, 'MICRO EMPRESA'], EPP: [3, 'EMPRESA DE PEQUENO PORTE'], DEMAIS: [5, 'DEMAIS'] } as const;

function person(
  name: string,
  maskedCpf: string,
  qualification: keyof typeof QUALIFICATIONS,
  since: string,
  ageBand: number,
): BrasilApiPartner {
  const [code, text] = QUALIFICATIONS[qualification];
  return {
    pais: null,
    nome_socio: name,
    codigo_pais: null,
    faixa_etaria: AGE_BANDS[ageBand],
    cnpj_cpf_do_socio: maskedCpf,
    qualificacao_socio: text,
    codigo_faixa_etaria: ageBand,
    data_entrada_sociedade: since,
    identificador_de_socio: 2,
    cpf_representante_legal: '***000000**',
    nome_representante_legal: '',
    codigo_qualificacao_socio: code,
    qualificacao_representante_legal: 'Não informada',
    codigo_qualificacao_representante_legal: 0,
  };
}

function company(
  name: string,
  document: string,
  qualification: keyof typeof QUALIFICATIONS,
  since: string,
  representative: { name: string; maskedCpf: string },
  country?: { name: string; code: number },
): BrasilApiPartner {
  const [code, text] = QUALIFICATIONS[qualification];
  const [representativeCode, representativeText] = QUALIFICATIONS.administrator;
  return {
    pais: country?.name ?? null,
    nome_socio: name,
    codigo_pais: country?.code ?? null,
    faixa_etaria: AGE_BANDS[0],
    cnpj_cpf_do_socio: document,
    qualificacao_socio: text,
    codigo_faixa_etaria: 0,
    data_entrada_sociedade: since,
    identificador_de_socio: country ? 3 : 1,
    cpf_representante_legal: representative.maskedCpf,
    nome_representante_legal: representative.name,
    codigo_qualificacao_socio: code,
    qualificacao_representante_legal: representativeText,
    codigo_qualificacao_representante_legal: representativeCode,
  };
}

interface Registration {
  cnpj: string;
  razao_social: string;
  nome_fantasia?: string;
  size: keyof typeof SIZES;
  legalNature: [number, string];
  capital: number;
  openedAt: string;
  situation?: { code: number; since: string; reason: [number, string] };
  cnae: [number, string];
  secondary: [number, string][];
  simples: { since: string; until?: string } | false | null;
  mei?: { since: string } | false | null;
  address: {
    type: string;
    street: string;
    number: string;
    complement: string;
    neighborhood: string;
    cep: string;
    uf: string;
    city: string;
    siafi: number;
    ibge: number;
  };
  email: string | null;
  phones: [string, string?];
  responsibleQualification: number;
  partners: BrasilApiPartner[];
  taxRegimes?: [number, string][];
}

/** Spells a registration the way BrasilAPI does, so each fixture above stays short and readable. */
function record(r: Registration): BrasilApiCompany {
  const situation = r.situation ?? { code: 2, since: r.openedAt, reason: [0, 'SEM MOTIVO'] as [number, string] };
  const [sizeCode, sizeText] = SIZES[r.size];
  const isBranch = r.cnpj.slice(8, 12) !== '0001';
  return {
    uf: r.address.uf,
    cep: r.address.cep,
    qsa: r.partners,
    cnpj: r.cnpj,
    pais: null,
    email: r.email,
    porte: sizeText,
    bairro: r.address.neighborhood,
    numero: r.address.number,
    ddd_fax: '',
    municipio: r.address.city,
    logradouro: r.address.street,
    cnae_fiscal: r.cnae[0],
    codigo_pais: null,
    complemento: r.address.complement,
    codigo_porte: sizeCode,
    razao_social: r.razao_social,
    nome_fantasia: r.nome_fantasia ?? '',
    capital_social: r.capital,
    ddd_telefone_1: r.phones[0],
    ddd_telefone_2: r.phones[1] ?? '',
    opcao_pelo_mei: r.mei === undefined ? false : r.mei === null ? null : r.mei !== false,
    codigo_municipio: r.address.siafi,
    // BrasilAPI sends one empty placeholder when a company has no secondary activity.
    cnaes_secundarios: r.secondary.length
      ? r.secondary.map(([codigo, descricao]) => ({ codigo, descricao }))
      : [{ codigo: 0, descricao: '' }],
    natureza_juridica: r.legalNature[1],
    regime_tributario: (r.taxRegimes ?? []).map(([ano, forma]) => ({
      ano,
      cnpj_da_scp: null,
      forma_de_tributacao: forma,
      quantidade_de_escrituracoes: 1,
    })),
    situacao_especial: '',
    opcao_pelo_simples: r.simples === null ? null : r.simples !== false && !r.simples.until,
    situacao_cadastral: situation.code,
    data_opcao_pelo_mei: r.mei ? r.mei.since : null,
    data_exclusao_do_mei: null,
    cnae_fiscal_descricao: r.cnae[1],
    codigo_municipio_ibge: r.address.ibge,
    data_inicio_atividade: r.openedAt,
    data_situacao_especial: null,
    data_opcao_pelo_simples: r.simples ? r.simples.since : null,
    data_situacao_cadastral: situation.since,
    nome_cidade_no_exterior: '',
    codigo_natureza_juridica: r.legalNature[0],
    data_exclusao_do_simples: r.simples ? (r.simples.until ?? null) : null,
    motivo_situacao_cadastral: situation.reason[0],
    ente_federativo_responsavel: '',
    identificador_matriz_filial: isBranch ? 2 : 1,
    qualificacao_do_responsavel: r.responsibleQualification,
    descricao_situacao_cadastral: SITUATIONS[situation.code],
    descricao_tipo_de_logradouro: r.address.type,
    descricao_motivo_situacao_cadastral: situation.reason[1],
    descricao_identificador_matriz_filial: isBranch ? 'FILIAL' : 'MATRIZ',
  };
}

const LIMITED: [number, string] = [2062, 'Sociedade Empresária Limitada'];

/**
 * Fictional companies with valid CNPJs (drawn once with `generateCnpj({ branch: 1 })`), CNAE codes of the seed table
 * and real IBGE city codes; addresses reuse CEPs the ViaCEP fake knows. 11222333000181 (Estúdio Aurora) is relied on
 * by tests and demos; 27494746000155 is the demo customer's company of `server/seed/demo.ts`.
 */
export const BRASILAPI_COMPANIES: readonly BrasilApiCompany[] = [
  record({
    cnpj: '11222333000181',
    razao_social: 'ESTÚDIO AURORA DESIGN LTDA',
    nome_fantasia: 'AURORA DESIGN',
    size: 'ME',
    legalNature: LIMITED,
    capital: 50000,
    openedAt: '2019-03-12',
    cnae: [7410202, 'Design de interiores'],
    secondary: [
      [7319003, 'Marketing direto'],
      [8599604, 'Treinamento em desenvolvimento profissional e gerencial'],
    ],
    simples: { since: '2019-03-12' },
    address: {
      type: 'AVENIDA',
      street: 'RIO BRANCO',
      number: '25',
      complement: 'SALA 1204',
      neighborhood: 'CENTRO',
      cep: '20040002',
      uf: 'RJ',
      city: 'RIO DE JANEIRO',
      siafi: 6001,
      ibge: 3304557,
    },
    email: 'financeiro@auroradesign.example',
    phones: ['2132241188'],
    responsibleQualification: 49,
    partners: [
      person('HELENA MARQUES VIEIRA', '***722443**', 'managingPartner', '2019-03-12', 4),
      person('TIAGO NUNES DE ABREU', '***337631**', 'partner', '2021-08-02', 3),
    ],
  }),
  record({
    cnpj: '27494746000155',
    razao_social: 'MENDES TECNOLOGIA LTDA',
    nome_fantasia: 'MENDES TECH',
    size: 'ME',
    legalNature: LIMITED,
    capital: 20000,
    openedAt: '2024-05-20',
    cnae: [6201501, 'Desenvolvimento de programas de computador sob encomenda'],
    secondary: [
      [6204000, 'Consultoria em tecnologia da informação'],
      [6311900, 'Tratamento de dados, provedores de serviços de aplicação e serviços de hospedagem na Internet'],
    ],
    simples: { since: '2024-05-20' },
    address: {
      type: 'AVENIDA',
      street: 'PAULISTA',
      number: '1578',
      complement: 'CONJ 42',
      neighborhood: 'BELA VISTA',
      cep: '01310100',
      uf: 'SP',
      city: 'SAO PAULO',
      siafi: 7107,
      ibge: 3550308,
    },
    email: '',
    phones: ['11987654321'],
    responsibleQualification: 49,
    partners: [
      person('CARLOS MENDES', '***944943**', 'managingPartner', '2024-05-20', 4),
      person('BEATRIZ MENDES', '***910537**', 'managingPartner', '2024-05-20', 4),
    ],
  }),
  record({
    cnpj: '15538835000177',
    razao_social: 'DISTRIBUIDORA SERRA VERDE LTDA',
    nome_fantasia: 'SERRA VERDE ALIMENTOS',
    size: 'EPP',
    legalNature: LIMITED,
    capital: 400000,
    openedAt: '2012-09-03',
    cnae: [4639701, 'Comércio atacadista de produtos alimentícios em geral'],
    secondary: [
      [4637107, 'Comércio atacadista de chocolates, confeitos, balas, bombons e semelhantes'],
      [
        4930202,
        'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal, interestadual e internacional',
      ],
    ],
    simples: false,
    address: {
      type: 'AVENIDA',
      street: 'AFONSO PENA',
      number: '1000',
      complement: 'LOJA 02',
      neighborhood: 'CENTRO',
      cep: '30130010',
      uf: 'MG',
      city: 'BELO HORIZONTE',
      siafi: 4123,
      ibge: 3106200,
    },
    email: 'compras@serraverde.example',
    phones: ['3132125566', '3132125567'],
    responsibleQualification: 49,
    taxRegimes: [
      [2023, 'LUCRO PRESUMIDO'],
      [2024, 'LUCRO PRESUMIDO'],
    ],
    partners: [
      person('MARCOS ANTONIO VERDI', '***553476**', 'managingPartner', '2012-09-03', 5),
      company('SERRA VERDE PARTICIPACOES LTDA', '79523191000126', 'partner', '2018-01-15', {
        name: 'MARCOS ANTONIO VERDI',
        maskedCpf: '***553476**',
      }),
    ],
  }),
  record({
    cnpj: '40549302000138',
    razao_social: '40.549.302 RAFAEL SOUZA SANTOS',
    nome_fantasia: 'RAFAEL SOUZA FOTOGRAFIA',
    size: 'ME',
    legalNature: [2135, 'Empresário (Individual)'],
    capital: 5000,
    openedAt: '2021-02-10',
    cnae: [7420001, 'Atividades de produção de fotografias, exceto aérea e submarina'],
    secondary: [[7420004, 'Filmagem de festas e eventos']],
    simples: { since: '2021-02-10' },
    mei: { since: '2021-02-10' },
    address: {
      type: 'RUA',
      street: 'CHILE',
      number: 'S/N',
      complement: '',
      neighborhood: 'CENTRO',
      cep: '40020000',
      uf: 'BA',
      city: 'SALVADOR',
      siafi: 3849,
      ibge: 2927408,
    },
    email: 'RAFAEL.SOUZA.FOTO@EXAMPLE.COM',
    phones: ['71988776655'],
    responsibleQualification: 50,
    partners: [person('RAFAEL SOUZA SANTOS', '***067214**', 'owner', '2021-02-10', 3)],
  }),
  record({
    cnpj: '31233689000128',
    razao_social: 'PADARIA TRIGO DE OURO LTDA',
    size: 'ME',
    legalNature: LIMITED,
    capital: 30000,
    openedAt: '2008-04-14',
    situation: { code: 8, since: '2022-11-30', reason: [1, 'EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA'] },
    cnae: [1091102, 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria'],
    secondary: [],
    simples: { since: '2008-04-14', until: '2022-11-30' },
    address: {
      type: 'PRACA',
      street: 'MONTEVIDEU',
      number: '10',
      complement: 'LOJA 3',
      neighborhood: 'CENTRO HISTORICO',
      cep: '90010000',
      uf: 'RS',
      city: 'PORTO ALEGRE',
      siafi: 8801,
      ibge: 4314902,
    },
    email: null,
    phones: [''],
    responsibleQualification: 49,
    partners: [
      person('JOAO CARLOS BECKER', '***588301**', 'managingPartner', '2008-04-14', 6),
      person('MARIA HELENA BECKER', '***712223**', 'partner', '2008-04-14', 6),
    ],
  }),
  record({
    cnpj: '8D6P2XFE000134',
    razao_social: 'NUVEM CLARA SOFTWARE LTDA',
    nome_fantasia: 'NUVEM CLARA',
    size: 'ME',
    legalNature: LIMITED,
    capital: 10000,
    openedAt: '2026-08-04',
    cnae: [6203100, 'Desenvolvimento e licenciamento de programas de computador não customizáveis'],
    secondary: [[6311900, 'Tratamento de dados, provedores de serviços de aplicação e serviços de hospedagem na Internet']],
    simples: { since: '2026-08-04' },
    address: {
      type: 'RUA',
      street: 'FELIPE SCHMIDT',
      number: '249',
      complement: 'SALA 301',
      neighborhood: 'CENTRO',
      cep: '88010000',
      uf: 'SC',
      city: 'FLORIANOPOLIS',
      siafi: 8105,
      ibge: 4205407,
    },
    email: 'ola@nuvemclara.example',
    phones: ['4830245566'],
    responsibleQualification: 49,
    partners: [person('LARISSA DUARTE KOCH', '***393782**', 'managingPartner', '2026-08-04', 3)],
  }),
  record({
    cnpj: '58633618000179',
    razao_social: 'BELA MODA COMERCIO DE ROUPAS LTDA',
    nome_fantasia: 'BELA MODA',
    size: 'ME',
    legalNature: LIMITED,
    capital: 15000,
    openedAt: '2016-10-21',
    situation: { code: 4, since: '2024-03-15', reason: [63, 'OMISSAO DE DECLARACOES'] },
    cnae: [4781400, 'Comércio varejista de artigos do vestuário e acessórios'],
    secondary: [],
    simples: { since: '2016-10-21', until: '2023-12-31' },
    address: {
      type: 'AVENIDA',
      street: 'MARQUES DE OLINDA',
      number: '120',
      complement: '',
      neighborhood: 'RECIFE',
      cep: '50030000',
      uf: 'PE',
      city: 'RECIFE',
      siafi: 2531,
      ibge: 2611606,
    },
    email: null,
    phones: ['8134245566'],
    responsibleQualification: 49,
    partners: [person('PATRICIA ALVES DE LIMA', '***154002**', 'managingPartner', '2016-10-21', 5)],
  }),
  record({
    cnpj: '03647785000187',
    razao_social: 'CONSTRUTORA HORIZONTE NORTE S.A.',
    size: 'DEMAIS',
    legalNature: [2054, 'Sociedade Anônima Fechada'],
    capital: 12000000,
    openedAt: '1999-06-01',
    cnae: [4120400, 'Construção de edifícios'],
    secondary: [[7112000, 'Serviços de engenharia']],
    simples: null,
    mei: null,
    address: {
      type: 'AVENIDA',
      street: 'EDUARDO RIBEIRO',
      number: '520',
      complement: 'ANDAR 8',
      neighborhood: 'CENTRO',
      cep: '69005000',
      uf: 'AM',
      city: 'MANAUS',
      siafi: 255,
      ibge: 1302603,
    },
    email: 'juridico@horizontenorte.example',
    phones: ['9236221100', '9236221101'],
    responsibleQualification: 10,
    taxRegimes: [
      [2023, 'LUCRO REAL'],
      [2024, 'LUCRO REAL'],
    ],
    partners: [
      person('ROBERTO FARIAS MONTEIRO', '***983364**', 'director', '2015-04-30', 6),
      company(
        'NORTHWIND HOLDINGS LLC',
        '',
        'foreignCompanyPartner',
        '2010-02-11',
        { name: 'ROBERTO FARIAS MONTEIRO', maskedCpf: '***983364**' },
        { name: 'ESTADOS UNIDOS', code: 249 },
      ),
    ],
  }),
];

/** A numeric CNPJ from its first 12 digits: the two check digits (modulo 11, weights 2 to 9 from the right). */
function withCheckDigits(base: string): string {
  const digit = (digits: string) => {
    const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * ((i % 8) + 2), 0);
    const rest = sum % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = digit(base);
  return base + first + digit(base + first);
}

/** How many "Empresa de Teste" the sandbox knows: enough for every test of a run to take its own. */
export const TEST_COMPANY_COUNT = 500;

/**
 * The CNPJ of the sandbox's n-th "Empresa de Teste" (1 to `TEST_COMPANY_COUNT`): 90.000.00n/0001-xx. Tests and the
 * demo take these when a migration needs a CNPJ the Receita Federal knows and any one will do.
 */
export function testCompanyCnpj(n: number): string {
  return withCheckDigits(`${90_000_000 + n}0001`);
}

/** Plain active companies, one per `testCompanyCnpj`, so tests need not share the few fixtures above. */
const TEST_COMPANIES: readonly BrasilApiCompany[] = Array.from({ length: TEST_COMPANY_COUNT }, (_, i) =>
  record({
    cnpj: testCompanyCnpj(i + 1),
    razao_social: `EMPRESA DE TESTE ${String(i + 1).padStart(3, '0')} LTDA`,
    size: 'ME',
    legalNature: LIMITED,
    capital: 10000,
    openedAt: '2020-01-15',
    cnae: [7020400, 'Atividades de consultoria em gestão empresarial, exceto consultoria técnica específica'],
    secondary: [],
    simples: { since: '2020-01-15' },
    address: {
      type: 'AVENIDA',
      street: 'AFONSO PENA',
      number: '1200',
      complement: '',
      neighborhood: 'CENTRO',
      cep: '30130010',
      uf: 'MG',
      city: 'BELO HORIZONTE',
      siafi: 4123,
      ibge: 3106200,
    },
    email: null,
    phones: ['3132145566'],
    responsibleQualification: 49,
    partners: [person('SÓCIA DE TESTE', '***000191**', 'managingPartner', '2020-01-15', 4)],
  }),
);

const ALL_ZEROS = '00000000000000';

/** A local BrasilAPI CNPJ lookup (`GET /api/cnpj/v1/{cnpj}`, digits or formatted) for dev mode and tests. */
export function brasilApiFake(companies: readonly BrasilApiCompany[] = [...BRASILAPI_COMPANIES, ...TEST_COMPANIES]): Hono {
  const byCnpj = new Map(companies.map((registration) => [registration.cnpj, registration]));
  // Like BrasilAPI, any origin may call it.
  const app = new Hono().use(cors());
  // `{.+}`: a formatted CNPJ carries a slash, sent raw or as %2F.
  app.get('/api/cnpj/v1/:cnpj{.+}', (c) => {
    const given = c.req.param('cnpj');
    const cnpj = normalizeCnpj(given);
    // BrasilAPI checks the check digits only, so the all-zero CNPJ is "not found" rather than "invalid".
    if (cnpj.length !== 14 || (cnpj !== ALL_ZEROS && !isValidCnpj(cnpj, { version: 2 }))) {
      return c.json({ message: `CNPJ ${given} inválido.`, name: 'BadRequestError', type: 'bad_request' }, 400);
    }
    const registration = byCnpj.get(cnpj);
    if (!registration) {
      return c.json({ message: `CNPJ ${formatCnpj(cnpj)} não encontrado.`, name: 'NotFoundError', type: 'not_found' }, 404);
    }
    return c.json(registration);
  });
  app.notFound((c) => c.json({ message: 'Not Found', name: 'NotFoundError', type: 'not_found' }, 404));
  app.onError((_error, c) => c.json({ message: 'Erro interno.', name: 'InternalError', type: 'internal' }, 500));
  return app;
}
