import { Hono } from 'hono';
import { cors } from 'hono/cors';

/** One ViaCEP answer; every value is a string, as the real service sends. */
export interface ViaCepRecord {
  cep: string;
  logradouro: string;
  complemento: string;
  unidade: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado: string;
  regiao: string;
  ibge: string;
  gia: string;
  ddd: string;
  siafi: string;
}

export interface ViaCepFakeOptions {
  /**
   * How "not found" is spelled: `'string'` sends `{"erro": "true"}` (older responses, the default), `'boolean'`
   * sends `{"erro": true}` (current ones). Adapters must accept both.
   */
  erro?: 'string' | 'boolean';
}

type City = Pick<ViaCepRecord, 'localidade' | 'uf' | 'estado' | 'regiao' | 'ibge' | 'gia' | 'ddd' | 'siafi'>;

const city = (
  localidade: string,
  uf: string,
  estado: string,
  regiao: string,
  ibge: string,
  ddd: string,
  siafi: string,
  gia = '',
) => ({ localidade, uf, estado, regiao, ibge, gia, ddd, siafi }) satisfies City;

const SAO_PAULO = city('São Paulo', 'SP', 'São Paulo', 'Sudeste', '3550308', '11', '7107', '1004');
const CAMPINAS = city('Campinas', 'SP', 'São Paulo', 'Sudeste', '3509502', '19', '6291', '2446');
const BORA = city('Borá', 'SP', 'São Paulo', 'Sudeste', '3507209', '18', '6215');
const RIO = city('Rio de Janeiro', 'RJ', 'Rio de Janeiro', 'Sudeste', '3304557', '21', '6001');
const NITEROI = city('Niterói', 'RJ', 'Rio de Janeiro', 'Sudeste', '3303302', '21', '5865');
const BELO_HORIZONTE = city('Belo Horizonte', 'MG', 'Minas Gerais', 'Sudeste', '3106200', '31', '4123');
const VITORIA = city('Vitória', 'ES', 'Espírito Santo', 'Sudeste', '3205309', '27', '5705');
const CURITIBA = city('Curitiba', 'PR', 'Paraná', 'Sul', '4106902', '41', '7535');
const FLORIANOPOLIS = city('Florianópolis', 'SC', 'Santa Catarina', 'Sul', '4205407', '48', '8105');
const JOINVILLE = city('Joinville', 'SC', 'Santa Catarina', 'Sul', '4209102', '47', '8179');
const PORTO_ALEGRE = city('Porto Alegre', 'RS', 'Rio Grande do Sul', 'Sul', '4314902', '51', '8801');
const SALVADOR = city('Salvador', 'BA', 'Bahia', 'Nordeste', '2927408', '71', '3849');
const FORTALEZA = city('Fortaleza', 'CE', 'Ceará', 'Nordeste', '2304400', '85', '1389');
const RECIFE = city('Recife', 'PE', 'Pernambuco', 'Nordeste', '2611606', '81', '2531');
const TERESINA = city('Teresina', 'PI', 'Piauí', 'Nordeste', '2211001', '86', '1219');
const NATAL = city('Natal', 'RN', 'Rio Grande do Norte', 'Nordeste', '2408102', '84', '1761');
const SAO_LUIS = city('São Luís', 'MA', 'Maranhão', 'Nordeste', '2111300', '98', '0921');
const MANAUS = city('Manaus', 'AM', 'Amazonas', 'Norte', '1302603', '92', '0255');
const BELEM = city('Belém', 'PA', 'Pará', 'Norte', '1501402', '91', '0427');
const BRASILIA = city('Brasília', 'DF', 'Distrito Federal', 'Centro-Oeste', '5300108', '61', '9701');
const GOIANIA = city('Goiânia', 'GO', 'Goiás', 'Centro-Oeste', '5208707', '62', '9373');
const CAMPO_GRANDE = city('Campo Grande', 'MS', 'Mato Grosso do Sul', 'Centro-Oeste', '5002704', '67', '9051');
const CUIABA = city('Cuiabá', 'MT', 'Mato Grosso', 'Centro-Oeste', '5103403', '65', '9067');
const ARACAJU = city('Aracaju', 'SE', 'Sergipe', 'Nordeste', '2800308', '79', '3105');
const MACEIO = city('Maceió', 'AL', 'Alagoas', 'Nordeste', '2704302', '82', '2785');
const JOAO_PESSOA = city('João Pessoa', 'PB', 'Paraíba', 'Nordeste', '2507507', '83', '2051');
const PALMAS = city('Palmas', 'TO', 'Tocantins', 'Norte', '1721000', '63', '9733');
const PORTO_VELHO = city('Porto Velho', 'RO', 'Rondônia', 'Norte', '1100205', '69', '0003');
const RIO_BRANCO = city('Rio Branco', 'AC', 'Acre', 'Norte', '1200401', '68', '0139');
const BOA_VISTA = city('Boa Vista', 'RR', 'Roraima', 'Norte', '1400100', '95', '0301');
const MACAPA = city('Macapá', 'AP', 'Amapá', 'Norte', '1600303', '96', '0605');

/** [cep, logradouro, complemento, bairro, city, unidade] */
type Row = [string, string, string, string, City, string?];

/**
 * Real CEPs with their city's true IBGE code; 01001000 is ViaCEP's documented example, the other streets and
 * ranges are plausible stand-ins. 19740000 is a city-wide CEP (no street), 70150900 a large recipient (`unidade`).
 */
const ROWS: Row[] = [
  ['01001000', 'Praça da Sé', 'lado ímpar', 'Sé', SAO_PAULO],
  ['01310100', 'Avenida Paulista', 'de 612 a 1510 - lado par', 'Bela Vista', SAO_PAULO],
  ['04538133', 'Avenida Brigadeiro Faria Lima', 'de 3253 a 3899 - lado ímpar', 'Itaim Bibi', SAO_PAULO],
  ['13010050', 'Rua Barão de Jaguara', 'até 799/800', 'Centro', CAMPINAS],
  ['19740000', '', '', '', BORA],
  ['20040002', 'Avenida Rio Branco', 'até 39 - lado ímpar', 'Centro', RIO],
  ['20040020', 'Rua da Assembleia', 'até 99 - lado ímpar', 'Centro', RIO],
  ['22021001', 'Avenida Atlântica', 'de 1302 a 2100 - lado par', 'Copacabana', RIO],
  ['24020005', 'Rua da Conceição', '', 'Centro', NITEROI],
  ['30130010', 'Avenida Afonso Pena', 'de 952 a 1350 - lado par', 'Centro', BELO_HORIZONTE],
  ['29010000', 'Avenida Jerônimo Monteiro', '', 'Centro', VITORIA],
  ['80010000', 'Praça Tiradentes', '', 'Centro', CURITIBA],
  ['88010000', 'Rua Felipe Schmidt', 'até 299/300', 'Centro', FLORIANOPOLIS],
  ['89201000', 'Rua do Príncipe', '', 'Centro', JOINVILLE],
  ['90010000', 'Praça Montevidéu', '', 'Centro Histórico', PORTO_ALEGRE],
  ['40020000', 'Rua Chile', '', 'Centro', SALVADOR],
  ['60060000', 'Rua Barão do Rio Branco', 'até 1071/1072', 'Centro', FORTALEZA],
  ['50030000', 'Avenida Marquês de Olinda', '', 'Recife', RECIFE],
  ['64000000', 'Praça Marechal Deodoro da Fonseca', '', 'Centro', TERESINA],
  ['59025000', 'Avenida Rio Branco', '', 'Cidade Alta', NATAL],
  ['65010000', 'Rua Grande', '', 'Centro', SAO_LUIS],
  ['69005000', 'Avenida Eduardo Ribeiro', '', 'Centro', MANAUS],
  ['66010000', 'Avenida Presidente Vargas', '', 'Campina', BELEM],
  ['70040010', 'SBN Quadra 1', '', 'Asa Norte', BRASILIA],
  ['70150900', 'Praça dos Três Poderes', '', 'Zona Cívico-Administrativa', BRASILIA, 'Palácio do Planalto'],
  ['74003010', 'Avenida Goiás', 'até 599 - lado ímpar', 'Setor Central', GOIANIA],
  ['79002000', 'Rua Quatorze de Julho', '', 'Centro', CAMPO_GRANDE],
  ['78005000', 'Rua Barão de Melgaço', '', 'Centro Norte', CUIABA],
  // One in each capital the list lacked: every state has a CEP to try.
  ['49010000', 'Rua João Pessoa', '', 'Centro', ARACAJU],
  ['57020000', 'Rua do Comércio', '', 'Centro', MACEIO],
  ['58010000', 'Rua Duque de Caxias', '', 'Centro', JOAO_PESSOA],
  ['77001002', 'Avenida Juscelino Kubitschek', '', 'Plano Diretor Sul', PALMAS],
  ['76801000', 'Avenida Sete de Setembro', '', 'Centro', PORTO_VELHO],
  ['69900030', 'Rua Epaminondas Jácome', '', 'Centro', RIO_BRANCO],
  ['69301000', 'Avenida Jaime Brasil', '', 'Centro', BOA_VISTA],
  ['68900010', 'Avenida Mendonça Furtado', '', 'Centro', MACAPA],
];

/** The fake's records by their 8 digits; exported so other fakes and demos reuse consistent addresses. */
export const VIACEP_RECORDS: ReadonlyMap<string, ViaCepRecord> = new Map(
  ROWS.map(([cep, logradouro, complemento, bairro, place, unidade = '']) => [
    cep,
    { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, logradouro, complemento, unidade, bairro, ...place },
  ]),
);

/** ViaCEP's own answer to a malformed URL: HTML, not JSON. */
const BAD_REQUEST_HTML = `<!DOCTYPE HTML>
<html lang="pt-br">
<head>
  <meta charset="utf-8">
  <title>ViaCEP 400</title>
</head>
<body>
  <h2>Http 400</h2>
  <h3>Verifique a sua URL (Bad Request)</h3>
</body>
</html>
`;

/** A local ViaCEP (`GET /ws/{cep}/json/`) for dev mode and tests. */
export function viaCepFake(options: ViaCepFakeOptions = {}): Hono {
  const notFound = { erro: options.erro === 'boolean' ? true : 'true' };
  // The browser calls ViaCEP directly, and the real service allows any origin.
  const app = new Hono().use(cors());
  for (const path of ['/ws/:cep/json/', '/ws/:cep/json']) {
    app.get(path, (c) => {
      const cep = c.req.param('cep') ?? '';
      if (!/^\d{8}$/.test(cep)) return c.html(BAD_REQUEST_HTML, 400);
      return c.json(VIACEP_RECORDS.get(cep) ?? notFound);
    });
  }
  app.notFound((c) => c.html(BAD_REQUEST_HTML, 400));
  app.onError((_error, c) => c.html(BAD_REQUEST_HTML, 400));
  return app;
}
