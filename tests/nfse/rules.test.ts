/**
 * The official rule table: derived from the sheet (the committed JSON is what the generator makes of the CSV), and
 * each covered rule broken on purpose in an otherwise valid DPS, sent to the stand-in, which answers the sheet's code.
 * Expected codes are literals from the sheet; the DPS is edited by hand, not by the product's builder.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { startNfseNacionalStandIn } from '@server/fakes/nfse-nacional';
import type { A1Certificate } from '@server/nfse/certificate';
import { readPkcs12 } from '@server/nfse/certificate';
import type { NfseClient } from '@server/nfse/client';
import { createNfseClient } from '@server/nfse/client';
import { buildDpsFromRequest } from '@server/nfse/dps';
import { emissionRequestBody } from '@server/nfse/package';
import type { CityParameters } from '@server/nfse/rules';
import { sheetRule } from '@server/nfse/rule-sheet';
import { DPS_CHECKS, REPORTED_RULES, checkDpsRules, readDpsFacts } from '@server/nfse/rules';
import { signDps } from '@server/nfse/signature';
import { validateDpsXml } from '@server/nfse/xsd';
import { buildRulesFile } from '../../scripts/nfse-rules';
import { PROVIDER_CNPJ, dpsContext } from './fixtures';

/** São Paulo admits the special regime 6 (sociedade de profissionais); Rio de Janeiro plays a city not yet active. */
const RIO = '3304557';
const cityParameters = (code: string): CityParameters | undefined =>
  code === RIO ? { active: false, specialRegimes: [] } : code === '9999999' ? undefined : { active: true, specialRegimes: ['6'] };

let standIn: NfseStandIn;
let company: A1Certificate;
let client: NfseClient;
let next = 100;

beforeAll(async () => {
  standIn = await startNfseNacionalStandIn({ cityParameters });
  const a1 = standIn.issueCompanyCertificate({ cnpj: PROVIDER_CNPJ, companyName: 'Mendes Tech Ltda' });
  company = readPkcs12(a1.pfx, a1.password);
  client = createNfseClient({ baseUrl: standIn.url, certificate: company, trustedCaPem: [standIn.caCertificatePem] });
});
afterAll(async () => {
  client.close();
  await standIn.close();
});

/** A valid DPS of the Simples Nacional ME/EPP fixture (ISS in the DAS, not withheld), unsigned, with its own number. */
function baseDps(): string {
  next += 1;
  return buildDpsFromRequest(dpsContext(String(next))).xml;
}

const after = (xml: string, tag: string, insert: string) => xml.replace(tag, `${tag}${insert}`);
const swap = (xml: string, from: string | RegExp, to: string) => {
  const changed = xml.replace(from, to);
  if (changed === xml) throw new Error(`nothing to replace: ${String(from)}`);
  return changed;
};
const NATIONAL_END =
  '<end><endNac><cMun>3550308</cMun><CEP>01001000</CEP></endNac><xLgr>Rua A</xLgr><nro>1</nro><xBairro>Centro</xBairro></end>';
const FOREIGN_END =
  '<end><endExt><cPais>US</cPais><cEndPost>10001</cEndPost><xCidade>New York</xCidade><xEstProvReg>NY</xEstProvReg></endExt><xLgr>Fifth Avenue</xLgr><nro>1</nro><xBairro>Manhattan</xBairro></end>';
const COMEXT = (md = '1', mecP = '01', mecT = '01', mov = '1') =>
  `<comExt><mdPrestacao>${md}</mdPrestacao><vincPrest>0</vincPrest><tpMoeda>790</tpMoeda><vServMoeda>2500.00</vServMoeda><mecAFComexP>${mecP}</mecAFComexP><mecAFComexT>${mecT}</mecAFComexT><movTempBens>${mov}</movTempBens><mdic>0</mdic></comExt>`;
const mei = (xml: string) => swap(xml, '<opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN>', '<opSimpNac>2</opSimpNac>');
const nonOptant = (xml: string) => swap(xml, '<opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN>', '<opSimpNac>1</opSimpNac>');
const withheld = (xml: string) => swap(xml, '<tpRetISSQN>1</tpRetISSQN>', '<tpRetISSQN>2</tpRetISSQN>');
const rate = (value: string) => (xml: string) =>
  swap(xml, '<tpRetISSQN>1</tpRetISSQN>', `<tpRetISSQN>1</tpRetISSQN><pAliq>${value}</pAliq>`);
const withheldRate = (value: string) => (xml: string) =>
  swap(xml, '<tpRetISSQN>1</tpRetISSQN>', `<tpRetISSQN>2</tpRetISSQN><pAliq>${value}</pAliq>`);
const regime = (code: string) => (xml: string) => swap(xml, '<regEspTrib>0</regEspTrib>', `<regEspTrib>${code}</regEspTrib>`);
const apportionment = (code: string) => (xml: string) =>
  swap(xml, '<regApTribSN>1</regApTribSN>', `<regApTribSN>${code}</regApTribSN>`);
const inRio = (xml: string) => xml.replaceAll('3550308', RIO);
const taker = (inner: string) => (xml: string) => swap(xml, /<toma>.*<\/toma>/, `<toma>${inner}</toma>`);
const service = (code: string) => (xml: string) => swap(xml, '<cTribNac>010601</cTribNac>', `<cTribNac>${code}</cTribNac>`);
const issTaxation = (code: string) => (xml: string) => swap(xml, '<tribISSQN>1</tribISSQN>', `<tribISSQN>${code}</tribISSQN>`);
const totTrib = (inner: string) => (xml: string) => swap(xml, /<totTrib>.*<\/totTrib>/, `<totTrib>${inner}</totTrib>`);
const pipe =
  (...edits: ((xml: string) => string)[]) =>
  (xml: string) =>
    edits.reduce((acc, edit) => edit(acc), xml);

/** Each covered rule, broken: sent to the stand-in unless the break also trips a check made before the rules. */
const CASES: { code: string; edit: (xml: string) => string; via?: 'rules' }[] = [
  { code: 'E0004', edit: (xml) => xml.replace(/<nDPS>(\d+)<\/nDPS>/, (_, n: string) => `<nDPS>${Number(n) + 5000}</nDPS>`) },
  { code: 'E0006', edit: (xml) => swap(xml, '<tpAmb>2</tpAmb>', '<tpAmb>1</tpAmb>') },
  { code: 'E0008', edit: (xml) => swap(xml, /<dhEmi>[^<]*<\/dhEmi>/, '<dhEmi>2099-01-05T10:00:00-03:00</dhEmi>') },
  { code: 'E0010', edit: (xml) => swap(xml, '<serie>1</serie>', '<serie>50000</serie>') },
  { code: 'E0015', edit: (xml) => swap(xml, '<dCompet>2026-03-01</dCompet>', '<dCompet>2026-04-01</dCompet>') },
  { code: 'E9996', edit: (xml) => swap(xml, '<tpEmit>1</tpEmit>', '<tpEmit>2</tpEmit>') },
  { code: 'E0029', edit: (xml) => after(xml, '<tpEmit>1</tpEmit>', '<cMotivoEmisTI>1</cMotivoEmisTI>') },
  { code: 'E0037', edit: (xml) => swap(xml, '<cLocEmi>3550308</cLocEmi>', '<cLocEmi>9999999</cLocEmi>') },
  { code: 'E0038', edit: (xml) => swap(xml, '<cLocEmi>3550308</cLocEmi>', `<cLocEmi>${RIO}</cLocEmi>`) },
  {
    code: 'E0042',
    edit: (xml) =>
      after(
        xml,
        '<cLocEmi>3550308</cLocEmi>',
        `<subst><chSubstda>${RIO}22${PROVIDER_CNPJ}000000000000126031234567890</chSubstda><cMotivo>01</cMotivo></subst>`,
      ),
  },
  {
    code: 'E0044',
    edit: (xml) =>
      after(
        xml,
        '<cLocEmi>3550308</cLocEmi>',
        `<subst><chSubstda>355030822${PROVIDER_CNPJ}000000000000126031234567890</chSubstda><cMotivo>01</cMotivo></subst>`,
      ),
  },
  {
    code: 'E0078',
    edit: (xml) =>
      after(
        xml,
        '<cLocEmi>3550308</cLocEmi>',
        `<subst><chSubstda>355030822${PROVIDER_CNPJ}000000000000126031234567890</chSubstda><cMotivo>99</cMotivo></subst>`,
      ),
  },
  { code: 'E0080', edit: (xml) => xml.replaceAll(PROVIDER_CNPJ, '12345678000196'), via: 'rules' },
  { code: 'E0096', edit: (xml) => swap(xml, `<CNPJ>${PROVIDER_CNPJ}</CNPJ>`, '<CPF>12345678900</CPF>'), via: 'rules' },
  {
    code: 'E0112',
    edit: (xml) => swap(xml, `<CNPJ>${PROVIDER_CNPJ}</CNPJ>`, '<NIF>123456</NIF><xNome>Fornecedor</xNome>'),
    via: 'rules',
  },
  { code: 'E0114', edit: (xml) => swap(xml, `<CNPJ>${PROVIDER_CNPJ}</CNPJ>`, '<cNaoNIF>1</cNaoNIF>'), via: 'rules' },
  { code: 'E0121', edit: (xml) => after(xml, '<IM>12345678</IM>', '<xNome>Mendes Tech Ltda</xNome>') },
  { code: 'E0128', edit: (xml) => after(xml, '<IM>12345678</IM>', NATIONAL_END) },
  { code: 'E0148', edit: (xml) => after(xml, '<IM>12345678</IM>', '<email>sem-arroba.com.br</email>') },
  { code: 'E0162', edit: (xml) => swap(xml, '<opSimpNac>3</opSimpNac>', '<opSimpNac>1</opSimpNac>') },
  { code: 'E0166', edit: (xml) => swap(xml, '<regApTribSN>1</regApTribSN>', '') },
  { code: 'E0172', edit: pipe(service('990101'), issTaxation('4'), apportionment('3'), regime('6')) },
  { code: 'E0174', edit: pipe(mei, regime('6'), totTrib('<indTotTrib>0</indTotTrib>')) },
  { code: 'E0175', edit: regime('6') },
  { code: 'E0177', edit: pipe(apportionment('3'), regime('5')) },
  { code: 'E0188', edit: taker('<CNPJ>11444777000162</CNPJ><xNome>Cliente</xNome>') },
  { code: 'E0202', edit: taker(`<CNPJ>${PROVIDER_CNPJ}</CNPJ><xNome>A própria empresa</xNome>`) },
  { code: 'E0204', edit: pipe(withheldRate('2.00'), taker(`<cNaoNIF>1</cNaoNIF><xNome>Cliente</xNome>${FOREIGN_END}`)) },
  { code: 'E0206', edit: taker('<CPF>12345678900</CPF><xNome>Cliente</xNome>') },
  { code: 'E0223', edit: taker(`<CNPJ>11444777000161</CNPJ><xNome>Cliente</xNome>${FOREIGN_END}`) },
  { code: 'E0226', edit: taker(`<cNaoNIF>0</cNaoNIF><xNome>Cliente</xNome>${FOREIGN_END}`) },
  { code: 'E0233', edit: taker(`<NIF>123456</NIF><xNome> </xNome>${FOREIGN_END}`), via: 'rules' },
  { code: 'E0234', edit: service('170501') },
  { code: 'E0237', edit: withheldRate('2.00') },
  {
    code: 'E0238',
    edit: taker('<CNPJ>11444777000161</CNPJ><xNome>Cliente</xNome>' + NATIONAL_END.replace('3550308', '9999999')),
  },
  { code: 'E0242', edit: taker('<NIF>123456</NIF><xNome>Client Inc.</xNome>') },
  { code: 'E0246', edit: taker(`<NIF>123456</NIF><xNome>Client Inc.</xNome>${FOREIGN_END.replace('>US<', '>BR<')}`) },
  { code: 'E0247', edit: (xml) => swap(xml, /<email>[^<]*<\/email><\/toma>/, '<email>financeiro.aurora.com.br</email></toma>') },
  { code: 'E0302', edit: (xml) => swap(xml, '<cLocPrestacao>3550308</cLocPrestacao>', '<cLocPrestacao>9999999</cLocPrestacao>') },
  { code: 'E0304', edit: (xml) => swap(xml, '<cLocPrestacao>3550308</cLocPrestacao>', '<cPaisPrestacao>BR</cPaisPrestacao>') },
  { code: 'E0310', edit: service('030101') },
  { code: 'E0318', edit: taker(`<NIF>123456</NIF><xNome>Client Inc.</xNome>${FOREIGN_END}`) },
  { code: 'E0330', edit: taker(`<NIF>123456</NIF><xNome>Client Inc.</xNome>${FOREIGN_END}`) },
  { code: 'E0333', edit: (xml) => after(xml, '</cServ>', COMEXT('0')) },
  { code: 'E0341', edit: (xml) => after(xml, '</cServ>', COMEXT('1', '00')) },
  { code: 'E0343', edit: (xml) => after(xml, '</cServ>', COMEXT('1', '01', '00')) },
  { code: 'E0345', edit: (xml) => after(xml, '</cServ>', COMEXT('1', '01', '01', '0')) },
  { code: 'E0424', edit: (xml) => swap(xml, '<vServPrest><vServ>', '<vServPrest><vReceb>2500.00</vReceb><vServ>') },
  {
    code: 'E0431',
    edit: (xml) => after(xml, '</vServPrest>', '<vDescCondIncond><vDescIncond>3000.00</vDescIncond></vDescCondIncond>'),
  },
  { code: 'E0529', edit: pipe(service('110101'), issTaxation('3')) },
  { code: 'E0532', edit: service('990101') },
  { code: 'E0580', edit: pipe(service('990101'), issTaxation('4'), withheld) },
  { code: 'E0583', edit: pipe(mei, withheld, totTrib('<indTotTrib>0</indTotTrib>')) },
  { code: 'E0588', edit: pipe(apportionment('3'), regime('6'), withheld) },
  { code: 'E0590', edit: issTaxation('3') },
  { code: 'E0592', edit: issTaxation('2') },
  { code: 'E0593', edit: (xml) => swap(xml, '<tribISSQN>1</tribISSQN>', '<tribISSQN>2</tribISSQN><tpImunidade>0</tpImunidade>') },
  { code: 'E0595', edit: withheldRate('6.00') },
  { code: 'E0600', edit: pipe(mei, rate('2.00'), totTrib('<indTotTrib>0</indTotTrib>')) },
  { code: 'E0602', edit: pipe(service('990101'), issTaxation('4'), rate('2.00')) },
  { code: 'E0604', edit: pipe(apportionment('3'), regime('6'), rate('2.00')) },
  {
    code: 'E0617',
    edit: pipe(
      nonOptant,
      rate('2.00'),
      totTrib(
        '<pTotTrib><pTotTribFed>10.00</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>2.00</pTotTribMun></pTotTrib>',
      ),
    ),
  },
  { code: 'E0619', edit: pipe(nonOptant, inRio) },
  { code: 'E0621', edit: withheld },
  { code: 'E0625', edit: rate('2.00') },
  { code: 'E0628', edit: pipe(withheld, inRio) },
  { code: 'E0631', edit: pipe(rate('2.00'), inRio) },
  { code: 'E0635', edit: pipe(apportionment('2'), rate('2.00')) },
  { code: 'E0640', edit: pipe(apportionment('2'), inRio) },
  {
    code: 'E0676',
    edit: pipe(mei, totTrib('<indTotTrib>0</indTotTrib>'), (xml) =>
      swap(xml, '</tribMun>', '</tribMun><tribFed><vRetIRRF>10.00</vRetIRRF></tribFed>'),
    ),
  },
  { code: 'E0710', edit: mei },
  { code: 'E0712', edit: totTrib('<indTotTrib>0</indTotTrib>') },
  { code: 'E0713', edit: pipe(nonOptant, totTrib('<indTotTrib>0</indTotTrib>')) },
];

describe('the official rule table', () => {
  it('is what the generator makes of the Anexo I sheets shipped beside it', () => {
    const committed = readFileSync(new URL('../../server/nfse/reference/nfse-rules.json', import.meta.url), 'utf8');
    expect(`${JSON.stringify(buildRulesFile(), null, 1)}\n`).toBe(committed);
    const file = buildRulesFile();
    expect(file.rules).toHaveLength(325);
    // Literal rows of the sheet, as an oracle of the parse.
    expect(sheetRule('E0617')).toMatchObject({ row: '427', field: 'pAliq', level: '3', sefin: true });
    expect(sheetRule('E0235')).toMatchObject({ field: 'endNac', sefin: false });
    expect(sheetRule('E0014')?.message).toBe(
      'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
    );
    expect(file.incidence['170501']).toBe('ET');
    expect(file.incidence['010101']).toBe('EP');
  });

  it('covers only codes of the sheet (or reported ones), each once, each with a case here', () => {
    const codes = DPS_CHECKS.map((check) => check.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(sheetRule(code) ?? REPORTED_RULES[code], code).toBeDefined();
    const tested = new Set([...CASES.map((c) => c.code), 'E0014', 'E0046', 'E0060', 'E0589', 'E0606', 'E0675']);
    expect(codes.filter((code) => !tested.has(code))).toEqual([]);
  });

  it('is listed whole in docs/nfse.md, so the page says what the stand-in checks', () => {
    const page = readFileSync(new URL('../../docs/nfse.md', import.meta.url), 'utf8');
    expect(DPS_CHECKS.map((check) => check.code).filter((code) => !page.includes(code))).toEqual([]);
    expect(page).toContain(`**Covered (${DPS_CHECKS.length}):**`);
  });

  it('passes the valid DPS of the fixture untouched', () => {
    const xml = baseDps();
    expect(validateDpsXml(xml)).toEqual({ ok: true });
    const context = { environment: 'homologation' as const, now: new Date(), isMunicipality: () => true, city: cityParameters };
    expect(checkDpsRules(readDpsFacts(xml)!, context)).toEqual([]);
  });
});

describe('each covered rule, broken, answered with its official code', () => {
  it.each(CASES)('$code', async ({ code, edit, via }) => {
    const xml = edit(baseDps());
    if (via === 'rules') {
      const facts = readDpsFacts(xml)!;
      const context = {
        environment: 'homologation' as const,
        now: new Date(),
        isMunicipality: (c: string) => c !== '9999999',
        city: cityParameters,
      };
      expect(checkDpsRules(facts, context).map((violation) => violation.code)).toContain(code);
      return;
    }
    expect(validateDpsXml(xml), 'the broken DPS still follows the schema').toEqual({ ok: true });
    const signedXml = signDps(xml, company);
    const sent = await client.sendDps({ id: readDpsFacts(xml)!.id, signedXml, body: emissionRequestBody(signedXml) });
    expect(sent.outcome).toBe('rejected');
    const errors = sent.outcome === 'rejected' ? sent.errors : [];
    expect(errors.map((error) => error.code)).toContain(code);
    const error = errors.find((e) => e.code === code)!;
    expect(error.description).toBe(sheetRule(code)?.message ?? REPORTED_RULES[code]!.message);
  });

  it('the exceptions the stand-in alone can judge: the suspension and the provider by CPF (checked on the facts)', () => {
    const facts = readDpsFacts(withheld(baseDps()))!;
    const context = { environment: 'homologation' as const, now: new Date(), isMunicipality: () => true, city: cityParameters };
    expect(checkDpsRules({ ...facts, exigSusp: true }, context).map((v) => v.code)).toEqual(expect.arrayContaining(['E0589']));
    expect(checkDpsRules({ ...facts, exigSusp: true, pAliq: '2.00' }, context).map((v) => v.code)).toContain('E0606');
    expect(
      checkDpsRules({ ...facts, prest: { ...facts.prest, CNPJ: undefined, CPF: '52998224725' }, tribFed: true }, context).map(
        (v) => v.code,
      ),
    ).toContain('E0675');
    const cancelled = { ...facts, subst: { chSubstda: `355030822${PROVIDER_CNPJ}000000000000126031234567890`, cMotivo: '01' } };
    expect(checkDpsRules(cancelled, { ...context, nfse: () => ({ cancelled: true }) }).map((v) => v.code)).toContain('E0046');
  });

  it('E0060: what a substitute may not change from the NFS-e it replaces, by regime (checked on the facts)', () => {
    const facts = readDpsFacts(baseDps())!;
    const context = { environment: 'homologation' as const, now: new Date(), isMunicipality: () => true, city: cityParameters };
    const substitute = { ...facts, subst: { chSubstda: `355030822${PROVIDER_CNPJ}000000000000126031234567890`, cMotivo: '05' } };
    const against = (dps: typeof facts, old: typeof facts) =>
      checkDpsRules(dps, { ...context, nfse: () => ({ cancelled: false, dps: old }) })
        .map((v) => v.code)
        .includes('E0060');
    // ME/EPP (opSimpNac 3): the description may change; the value, the competence and the tomador's CNPJ may not.
    expect(facts.prest.opSimpNac).toBe('3');
    expect(against(substitute, facts)).toBe(false);
    expect(against(substitute, { ...facts, vServ: '1.00' })).toBe(true);
    expect(against(substitute, { ...facts, dCompet: '2026-01-01' })).toBe(true);
    expect(against(substitute, { ...facts, toma: { ...facts.toma!, CNPJ: '11222333000181', CPF: undefined } })).toBe(true);
    // Non-optant (opSimpNac 1): the value may change; the competence, the service codes and the place may not.
    const regular = { ...substitute, prest: { ...facts.prest, opSimpNac: '1' } };
    expect(against(regular, { ...facts, vServ: '1.00' })).toBe(false);
    expect(against(regular, { ...facts, cTribNac: '010201' })).toBe(true);
    expect(against(regular, { ...facts, cLocPrestacao: '3304557' })).toBe(true);
  });
});
