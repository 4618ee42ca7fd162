/**
 * The DANFSe v2.0 (NT 008/2026) made from NFS-e XMLs written here by hand — an MEI in homologation, a Simples ME/EPP
 * with ISS withheld, a foreign taker, a cancelled one with every optional block — read back as a reader sees it
 * (pdf.js's text and links), rasterised with poppler and its QR code decoded with zbar when those tools are installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDanfse } from '@server/nfse/danfse';

const NS = 'http://www.sped.fazenda.gov.br/nfse';

/** (a) An MEI of São Paulo, a person as taker, homologation, layout 1.00; the description as customers type it. */
const MEI_HOMOLOGATION = `<?xml version="1.0" encoding="UTF-8"?>
<NFSe xmlns="${NS}" versao="1.00"><infNFSe Id="NFS35503082245678901000112000000000000426031234567891">
<xLocEmi>São Paulo</xLocEmi><xLocPrestacao>São Paulo</xLocPrestacao><nNFSe>4</nNFSe>
<cLocIncid>3550308</cLocIncid><xLocIncid>São Paulo</xLocIncid>
<xTribNac>Suporte técnico em informática, inclusive instalação, configuração e manutenção de programas de computação e bancos de dados.</xTribNac>
<verAplic>SefinNac_1.0</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>
<dhProc>2026-03-20T09:15:42-03:00</dhProc><nDFSe>88</nDFSe>
<emit><CNPJ>45678901000112</CNPJ><xNome>JOAO PEREIRA SUPORTE TECNICO</xNome>
<enderNac><xLgr>Rua Augusta</xLgr><nro>1200</nro><xCpl>Sala 3</xCpl><xBairro>Consolação</xBairro><cMun>3550308</cMun><UF>SP</UF><CEP>01304001</CEP></enderNac>
<fone>11987654321</fone><email>joao@suporte.com.br</email></emit>
<valores><vLiq>800.00</vLiq></valores>
<DPS versao="1.00"><infDPS Id="DPS355030824567890100011200001000000000000012">
<tpAmb>2</tpAmb><dhEmi>2026-03-20T09:14:00-03:00</dhEmi><verAplic>Contabil 1.0</verAplic><serie>1</serie><nDPS>12</nDPS>
<dCompet>2026-03-01</dCompet><tpEmit>1</tpEmit><cLocEmi>3550308</cLocEmi>
<prest><CNPJ>45678901000112</CNPJ><regTrib><opSimpNac>2</opSimpNac><regEspTrib>0</regEspTrib></regTrib></prest>
<toma><CPF>52998224725</CPF><xNome>Ana Souza d'Ávila</xNome><email>ana@exemplo.com.br</email></toma>
<serv><locPrest><cLocPrestacao>3550308</cLocPrestacao></locPrest>
<cServ><cTribNac>010701</cTribNac><xDescServ>Formatação do notebook "Dell" — instalação do Windows &amp; Office
&lt;script&gt;alert('x')&lt;/script&gt; Referência: https://exemplo.com.br/chamados/2026/03/abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnop</xDescServ></cServ></serv>
<valores><vServPrest><vServ>800.00</vServ></vServPrest>
<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun><totTrib><indTotTrib>0</indTotTrib></totTrib></trib></valores>
</infDPS></DPS></infNFSe></NFSe>`;

/** (b) A Simples ME/EPP, production, ISS withheld by a company taker (2 % of R$ 1.500,00), layout 1.01. */
const SIMPLES_WITHHELD = `<?xml version="1.0" encoding="UTF-8"?>
<NFSe xmlns="${NS}" versao="1.01"><infNFSe Id="NFS35503081212345678000195000000000001726030000123457">
<xLocEmi>São Paulo</xLocEmi><xLocPrestacao>São Paulo</xLocPrestacao><nNFSe>17</nNFSe>
<cLocIncid>3550308</cLocIncid><xLocIncid>São Paulo</xLocIncid>
<xTribNac>Assessoria e consultoria em informática.</xTribNac>
<verAplic>SefinNac_1.1</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>
<dhProc>2026-04-02T14:03:10-03:00</dhProc><nDFSe>912</nDFSe>
<emit><CNPJ>12345678000195</CNPJ><IM>12345678</IM><xNome>MENDES TECH LTDA</xNome>
<enderNac><xLgr>Avenida Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro><cMun>3550308</cMun><UF>SP</UF><CEP>01310100</CEP></enderNac>
<fone>1133334444</fone><email>fiscal@mendestech.com.br</email></emit>
<valores><vBC>1500.00</vBC><pAliqAplic>2.00</pAliqAplic><vISSQN>30.00</vISSQN><vTotalRet>30.00</vTotalRet><vLiq>1470.00</vLiq></valores>
<DPS versao="1.01"><infDPS Id="DPS355030821234567800019500001000000000000017">
<tpAmb>1</tpAmb><dhEmi>2026-04-02T14:02:00-03:00</dhEmi><verAplic>Contabil 1.0</verAplic><serie>1</serie><nDPS>17</nDPS>
<dCompet>2026-03-31</dCompet><tpEmit>1</tpEmit><cLocEmi>3550308</cLocEmi>
<prest><CNPJ>12345678000195</CNPJ><IM>12345678</IM><regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib></prest>
<toma><CNPJ>11222333000181</CNPJ><xNome>Estúdio Aurora Design Ltda</xNome>
<end><endNac><cMun>3304557</cMun><CEP>20040002</CEP></endNac><xLgr>Rua da Assembleia</xLgr><nro>10</nro><xCpl>Conjunto 2101</xCpl><xBairro>Centro</xBairro></end>
<fone>2125550000</fone><email>financeiro@aurora.com.br</email></toma>
<serv><locPrest><cLocPrestacao>3550308</cLocPrestacao></locPrest>
<cServ><cTribNac>010601</cTribNac><cTribMun>001</cTribMun><xDescServ>Consultoria em informática - março/2026</xDescServ></cServ>
<infoCompl><xInfComp>Pedido de compra 4471 aprovado por Marina.</xInfComp></infoCompl></serv>
<valores><vServPrest><vServ>1500.00</vServ></vServPrest>
<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>2</tpRetISSQN><pAliq>2.00</pAliq></tribMun><totTrib><pTotTribSN>6.00</pTotTribSN></totTrib></trib></valores>
</infDPS></DPS></infNFSe></NFSe>`;

/** (c) An export of service to a company in Lisbon: NIF and a foreign address, no ISS, approximate taxes in reais. */
const FOREIGN_TAKER = `<?xml version="1.0" encoding="UTF-8"?>
<NFSe xmlns="${NS}" versao="1.01"><infNFSe Id="NFS31062002198765432000110000000000000926050009876542">
<xLocEmi>Belo Horizonte</xLocEmi><xLocPrestacao>Belo Horizonte</xLocPrestacao><nNFSe>9</nNFSe>
<xTribNac>Elaboração de programas de computadores, inclusive de jogos eletrônicos.</xTribNac>
<verAplic>SefinNac_1.1</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>
<dhProc>2026-05-11T10:00:00-03:00</dhProc><nDFSe>77</nDFSe>
<emit><CNPJ>98765432000110</CNPJ><xNome>CODIGO MINEIRO SOFTWARE LTDA</xNome>
<enderNac><xLgr>Rua da Bahia</xLgr><nro>500</nro><xBairro>Centro</xBairro><cMun>3106200</cMun><UF>MG</UF><CEP>30160010</CEP></enderNac></emit>
<valores><vLiq>12000.00</vLiq></valores>
<DPS versao="1.01"><infDPS Id="DPS310620029876543200011000001000000000000009">
<tpAmb>1</tpAmb><dhEmi>2026-05-11T09:58:00-03:00</dhEmi><verAplic>Contabil 1.0</verAplic><serie>1</serie><nDPS>9</nDPS>
<dCompet>2026-05-11</dCompet><tpEmit>1</tpEmit><cLocEmi>3106200</cLocEmi>
<prest><CNPJ>98765432000110</CNPJ><regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib></prest>
<toma><NIF>PT509876543</NIF><xNome>Lisboa Digital, Lda.</xNome>
<end><endExt><cPais>PT</cPais><cEndPost>1100-148</cEndPost><xCidade>Lisboa</xCidade><xEstProvReg>Distrito de Lisboa</xEstProvReg></endExt>
<xLgr>Rua Augusta</xLgr><nro>27</nro><xBairro>Baixa</xBairro></end><email>contas@lisboadigital.pt</email></toma>
<serv><locPrest><cLocPrestacao>3106200</cLocPrestacao></locPrest>
<cServ><cTribNac>010101</cTribNac><xDescServ>Desenvolvimento de módulo de faturação para o cliente em Portugal.</xDescServ><cNBS>115022000</cNBS></cServ></serv>
<valores><vServPrest><vServ>12000.00</vServ></vServPrest>
<trib><tribMun><tribISSQN>3</tribISSQN><cPaisResult>PT</cPaisResult><tpRetISSQN>1</tpRetISSQN></tribMun>
<totTrib><vTotTrib><vTotTribFed>1620.00</vTotTribFed><vTotTribEst>0.00</vTotTribEst><vTotTribMun>0.00</vTotTribMun></vTotTrib></totTrib></trib></valores>
</infDPS></DPS></infNFSe></NFSe>`;

/**
 * (d) A regular-regime NFS-e with every optional block: an intermediary, a recipient other than the taker, federal
 * withholdings, the IBS/CBS groups (the DPS's and the system's) and a long description — cancelled afterwards.
 */
const FULL_CANCELLED = `<?xml version="1.0" encoding="UTF-8"?>
<NFSe xmlns="${NS}" versao="1.01"><infNFSe Id="NFS41069022155667788000199000000000012326060001112223">
<xLocEmi>Curitiba</xLocEmi><xLocPrestacao>Curitiba</xLocPrestacao><nNFSe>123</nNFSe>
<cLocIncid>4106902</cLocIncid><xLocIncid>Curitiba</xLocIncid>
<xTribNac>Planejamento, coordenação, programação ou organização técnica, financeira ou administrativa.</xTribNac>
<verAplic>SefinNac_1.1</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>
<dhProc>2026-06-05T16:20:00-03:00</dhProc><nDFSe>5001</nDFSe>
<emit><CNPJ>55667788000199</CNPJ><IM>0099887766</IM><xNome>PARANA GESTAO EMPRESARIAL S.A.</xNome><xFant>PR Gestão</xFant>
<enderNac><xLgr>Rua XV de Novembro</xLgr><nro>700</nro><xBairro>Centro</xBairro><cMun>4106902</cMun><UF>PR</UF><CEP>80020310</CEP></enderNac>
<fone>4130301000</fone><email>nfse@prgestao.com.br</email></emit>
<valores><vBC>9500.00</vBC><pAliqAplic>5.00</pAliqAplic><vISSQN>475.00</vISSQN><vTotalRet>617.50</vTotalRet><vLiq>8882.50</vLiq></valores>
<IBSCBS><cLocalidadeIncid>4106902</cLocalidadeIncid><xLocalidadeIncid>Curitiba</xLocalidadeIncid>
<valores><vBC>8744.50</vBC><uf><pIBSUF>0.10</pIBSUF><pAliqEfetUF>0.10</pAliqEfetUF></uf><mun><pIBSMun>0.00</pIBSMun><pAliqEfetMun>0.00</pAliqEfetMun></mun><fed><pCBS>0.90</pCBS><pAliqEfetCBS>0.90</pAliqEfetCBS></fed></valores>
<totCIBS><vTotNF>8882.50</vTotNF><gIBS><vIBSTot>8.74</vIBSTot><gIBSUFTot><vIBSUF>8.74</vIBSUF></gIBSUFTot><gIBSMunTot><vIBSMun>0.00</vIBSMun></gIBSMunTot></gIBS><gCBS><vCBS>78.70</vCBS></gCBS></totCIBS></IBSCBS>
<DPS versao="1.01"><infDPS Id="DPS410690225566778800019900001000000000000321">
<tpAmb>1</tpAmb><dhEmi>2026-06-05T16:18:00-03:00</dhEmi><verAplic>Contabil 1.0</verAplic><serie>1</serie><nDPS>321</nDPS>
<dCompet>2026-06-01</dCompet><tpEmit>1</tpEmit><cLocEmi>4106902</cLocEmi>
<prest><CNPJ>55667788000199</CNPJ><IM>0099887766</IM><regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib></prest>
<toma><CNPJ>11444777000161</CNPJ><IM>5544332</IM><xNome>Indústria de Móveis Araucária Ltda</xNome>
<end><endNac><cMun>4106902</cMun><CEP>81200000</CEP></endNac><xLgr>Rodovia BR-277</xLgr><nro>S/N</nro><xBairro>Cidade Industrial</xBairro></end></toma>
<interm><CNPJ>76827687000103</CNPJ><xNome>Agência Ponte Negócios Ltda</xNome>
<end><endNac><cMun>4113700</cMun><CEP>86010000</CEP></endNac><xLgr>Avenida Higienópolis</xLgr><nro>32</nro><xBairro>Centro</xBairro></end></interm>
<serv><locPrest><cLocPrestacao>4106902</cLocPrestacao></locPrest>
<cServ><cTribNac>170101</cTribNac><xDescServ>${'Reestruturação do planejamento financeiro e administrativo da fábrica, com reuniões semanais e relatórios de acompanhamento. '.repeat(14)}</xDescServ><cNBS>113021000</cNBS></cServ>
<infoCompl><docRef>Contrato 2026/044</docRef><xInfComp>${'Pagamento em 30 dias por transferência bancária. '.repeat(30)}</xInfComp></infoCompl></serv>
<valores><vServPrest><vServ>10000.00</vServ></vServPrest><vDescCondIncond><vDescIncond>500.00</vDescIncond><vDescCond>100.00</vDescCond></vDescCondIncond>
<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun>
<tribFed><piscofins><CST>01</CST><vBCPisCofins>9500.00</vBCPisCofins><pAliqPis>0.65</pAliqPis><pAliqCofins>3.00</pAliqCofins><vPis>61.75</vPis><vCofins>285.00</vCofins><tpRetPisCofins>2</tpRetPisCofins></piscofins>
<vRetCP>0.00</vRetCP><vRetIRRF>142.50</vRetIRRF><vRetCSLL>95.00</vRetCSLL></tribFed>
<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib></totTrib></trib></valores>
<IBSCBS><finNFSe>0</finNFSe><cIndOp>100301</cIndOp><indDest>1</indDest>
<dest><CNPJ>33000167000101</CNPJ><xNome>Araucária Filial Ponta Grossa</xNome><end><endNac><cMun>4119905</cMun><CEP>84010000</CEP></endNac><xLgr>Rua Balduíno Taques</xLgr><nro>445</nro><xBairro>Centro</xBairro></end></dest>
<valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS>
</infDPS></DPS></infNFSe></NFSe>`;

const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

type Read = { text: string; pages: number; links: string[]; outside: string[] };

/** What a reader gets: pdf.js's text items (joined by lines), the links, and any text drawn outside the page's frame. */
async function readPdf(bytes: Uint8Array): Promise<Read> {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS }).promise;
  const page = await pdf.getPage(1);
  const [width, height] = [page.view[2]!, page.view[3]!];
  const content = await page.getTextContent();
  const outside: string[] = [];
  const strings: string[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    strings.push(item.str);
    const [a, b, , , x, y] = item.transform as number[];
    // The diagonal CANCELADA/SUBSTITUÍDA mark is rotated on purpose; everything else must sit inside the frame.
    if (Math.abs(b!) > 0.01 || !item.str.trim()) continue;
    if (x! < 22 || y! < 22 || x! + item.width > width - 22 || y! + a! > height - 22) outside.push(item.str);
  }
  const links = (await page.getAnnotations()).map((annotation: { url?: string }) => annotation.url ?? '').filter(Boolean);
  const pages = pdf.numPages;
  await pdf.destroy();
  return { text: strings.join('\n'), pages, links, outside };
}

const has = (command: string) => ['/usr/bin', '/usr/local/bin', '/bin'].some((dir) => existsSync(join(dir, command)));

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'danfse-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The blocks of the DANFSe v2.0 model, in every NFS-e. */
const BLOCK_TITLES = [
  'DANFSe v2.0',
  'Documento Auxiliar da NFS-e',
  'CHAVE DE ACESSO DA NFS-E',
  'SITUAÇÃO DA NFS-E',
  'FINALIDADE',
  'EMITENTE DA NFS-E',
  'EMITENTE / PRESTADOR DO SERVIÇO',
  'TOMADOR DO SERVIÇO',
  'DESTINATÁRIO DO SERVIÇO',
  'INTERMEDIÁRIO DO SERVIÇO',
  'SERVIÇO PRESTADO',
  'TRIBUTAÇÃO MUNICIPAL (ISSQN)',
  'TRIBUTAÇÃO FEDERAL',
  'IBS / CBS (REFORMA TRIBUTÁRIA)',
  'VALOR TOTAL DA NFS-e',
  'TOTAIS APROXIMADOS DOS TRIBUTOS (LEI Nº 12.741/2012)',
  'INFORMAÇÕES COMPLEMENTARES',
  'CANHOTO - COMPROVANTE DE RECEBIMENTO',
];

function expectAll(text: string, expected: string[]) {
  for (const literal of expected) expect(text, literal).toContain(literal);
}

describe('stored text is never markup nor turns the page around', () => {
  it("prints a taker's name and a description with tags and a right-to-left override literally, in reading order", async () => {
    const typed = MEI_HOMOLOGATION.replace(
      "<xNome>Ana Souza d'Ávila</xNome>",
      '<xNome>Ana &lt;img src=x onerror=alert(1)&gt; \u202Ereverso</xNome>',
    ).replace('Formatação do notebook "Dell"', 'Formatação &lt;img src=x onerror=alert(2)&gt; \u202Efdp.exe "Dell"');
    const { text, outside } = await readPdf(await renderDanfse(typed, 'normal'));
    expect(outside).toEqual([]);
    expectAll(text, ['Ana <img src=x onerror=alert(1)>', 'reverso', 'Formatação <img src=x onerror=alert(2)>', 'fdp.exe']);
    // The override character is not printed (it would reverse the rest of the line for a reader copying it).
    expect(text).not.toContain('\u202E');
    expect(text).not.toContain('osrever');
  });
});

describe('the DANFSe v2.0 made from the NFS-e XML', () => {
  it('(a) an MEI in homologation with a person as taker: no legal validity, the CPF, what the customer typed, one page', async () => {
    const pdf = await renderDanfse(MEI_HOMOLOGATION, 'normal');
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text, pages, links, outside } = await readPdf(pdf);
    expect(pages).toBe(1);
    expect(outside).toEqual([]);
    expectAll(text, BLOCK_TITLES);
    expectAll(text, [
      'NFS-e SEM VALIDADE JURÍDICA',
      'Tipo de ambiente: Homologação',
      'Ambiente gerador: Sistema Nacional da NFS-e',
      'Município: São Paulo - SP',
      '3550 3082 2456 7890 1000 1120 0000 0000 0004 2603 1234 5678 91',
      '20/03/2026 09:15:42',
      '01/03/2026',
      '20/03/2026 09:14:00',
      'Prestador',
      'Normal',
      'NFS-e regular',
      '45.678.901/0001-12',
      'JOAO PEREIRA SUPORTE TECNICO',
      '(11) 98765-4321',
      'Rua Augusta, 1200 - Sala 3 - Consolação',
      'Optante - Microempreendedor Individual (MEI)',
      '529.982.247-25',
      "Ana Souza d'Ávila",
      'DESTINATÁRIO DO SERVIÇO NÃO IDENTIFICADO NA NFS-e',
      'INTERMEDIÁRIO DO SERVIÇO NÃO IDENTIFICADO NA NFS-e',
      '01.07.01 - Suporte técnico em informática',
      'Formatação do notebook "Dell" — instalação do Windows & Office',
      "<script>alert('x')</script>",
      'R$ 800,00',
      'INFORMAÇÕES DE IBS E CBS',
      'ISSQN apurado no Simples Nacional, recolhido no documento de arrecadação do regime (DAS).',
    ]);
    // The long address is broken across lines, whole: its start and its end both show.
    expect(text).toContain('https://exemplo.com.br/chamados/2026/03/abcdefghijklmnopqrstuvwxyz');
    expect(text).toContain('klmnop');
    expect(text).not.toContain('CANCELADA');
    expect(text).not.toContain('?');
    expect(links).toEqual([
      'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=35503082245678901000112000000000000426031234567891',
    ]);
  });

  it('(b) a Simples ME/EPP with ISS withheld by a company: the rate, the ISS, the net value, the Simples percentage', async () => {
    const { text, pages, outside } = await readPdf(await renderDanfse(SIMPLES_WITHHELD, 'normal'));
    expect(pages).toBe(1);
    expect(outside).toEqual([]);
    expectAll(text, [
      'Tipo de ambiente: Produção',
      '12.345.678/0001-95',
      '12345678',
      'MENDES TECH LTDA',
      'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
      'Tributos federais e municipal pelo Simples Nacional',
      '11.222.333/0001-81',
      'Estúdio Aurora Design Ltda',
      'Rio de Janeiro/RJ',
      '3304557 / 20040-002',
      'Rua da Assembleia, 10 - Conjunto 2101 - Centro',
      'financeiro@aurora.com.br',
      '01.06.01 - Assessoria e consultoria em informática.',
      'Consultoria em informática - março/2026',
      'Operação tributável',
      'Retido pelo tomador',
      'R$ 1.500,00',
      '2,00%',
      'R$ 30,00',
      'R$ 1.470,00',
      '6,00%',
      'Pedido de compra 4471 aprovado por Marina.',
    ]);
    expect(text).not.toContain('NFS-e SEM VALIDADE JURÍDICA');
    expect(text).not.toContain('ISSQN apurado no Simples Nacional');
  });

  it('(c) a foreign taker: the NIF, the country and the foreign address; exported, without ISS', async () => {
    const { text, pages, outside } = await readPdf(await renderDanfse(FOREIGN_TAKER, 'normal'));
    expect(pages).toBe(1);
    expect(outside).toEqual([]);
    expectAll(text, [
      'NIF PT509876543',
      'Lisboa Digital, Lda.',
      'Portugal (PT)',
      'Lisboa / Distrito de Lisboa',
      '1100-148',
      'Rua Augusta, 27 - Baixa',
      'Não optante',
      'Exportação de serviço',
      '115022000',
      'R$ 12.000,00',
      'R$ 1.620,00',
      'R$ 0,00',
      'Município: Belo Horizonte - MG',
    ]);
  });

  it('(d) cancelled, with every optional block: the CANCELADA mark, the intermediary, the recipient, federal taxes, IBS/CBS', async () => {
    const pdf = await renderDanfse(FULL_CANCELLED, 'cancelled');
    const { text, pages, outside } = await readPdf(pdf);
    expect(pages).toBe(1);
    expect(outside).toEqual([]);
    expectAll(text, [
      'CANCELADA',
      '4106 9022 1556 6778 8000 1990 0000 0000 0123 2606 0001 1122 23',
      'Indústria de Móveis Araucária Ltda',
      'Agência Ponte Negócios Ltda',
      '76.827.687/0001-03',
      'Londrina/PR',
      'Araucária Filial Ponta Grossa',
      '33.000.167/0001-01',
      'Ponta Grossa/PR',
      '17.01.01',
      'R$ 10.000,00',
      'R$ 500,00',
      'R$ 100,00',
      'R$ 9.500,00',
      '5,00%',
      'R$ 475,00',
      'R$ 142,50',
      'R$ 95,00',
      'R$ 61,75',
      'R$ 285,00',
      'PIS/COFINS não retidos',
      '000 / 000001',
      '100301',
      'R$ 8.744,50',
      '0,10% / 0,10%',
      'R$ 8,74',
      'R$ 78,70',
      'R$ 87,44',
      'R$ 617,50',
      'R$ 8.882,50',
      '13,45%',
      'Documento de referência: Contrato 2026/044',
    ]);
    // The situation field and the mark across the page.
    expect(text.split('\n').filter((line) => line === 'CANCELADA')).toHaveLength(2);
    // Text too long for the page is cut with an ellipsis, never pushed off it.
    expect(text).toMatch(/…/);
    expect(text).not.toContain('NFS-e SEM VALIDADE JURÍDICA');

    const substituted = await readPdf(await renderDanfse(FULL_CANCELLED, 'substituted'));
    expect(substituted.text.split('\n').filter((line) => line === 'SUBSTITUÍDA')).toHaveLength(2);
    expect(substituted.text).not.toContain('CANCELADA');
  });

  it('draws a QR code a phone reads as the national public consultation of this NFS-e', async (context) => {
    if (!has('pdftoppm') || !has('zbarimg')) {
      context.skip('pdftoppm (poppler-utils) or zbarimg (zbar-tools) is not installed: the QR code was not decoded.');
    }
    const file = join(folder, 'homologacao.pdf');
    await writeFile(file, await renderDanfse(MEI_HOMOLOGATION, 'normal'));
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, join(folder, 'homologacao')]);
    const png = join(folder, 'homologacao.png');
    expect((await readFile(png)).subarray(1, 4).toString()).toBe('PNG');
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', png], { encoding: 'utf8' }).trim();
    expect(decoded).toBe(
      'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=35503082245678901000112000000000000426031234567891',
    );
  });
});
