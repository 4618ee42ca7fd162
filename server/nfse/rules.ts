/**
 * The official business rules of the national NFS-e (Anexo I, sheet RN_DPS_NFS-e) that can apply to what this
 * product emits, as one table: each check is keyed by the sheet's own error code, and its message is the sheet's
 * (reference/nfse-rules.json, generated from the sheet by scripts/nfse-rules.ts). The product checks a DPS against it
 * before signing — the team reads which rule and field failed, nothing is sent — and the local stand-in of Sefin
 * Nacional enforces the same table on what it receives, so it never accepts what the national system would refuse.
 * Which rules are covered, and why the others are not: docs/nfse.md.
 */
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { XmlDocument } from 'libxml2-wasm';
import { STANDARD_EMAIL_PATTERN } from '@domain/users';
import { NFSE_ENVIRONMENTS, dpsId, isOwnApplicationSeries } from '@domain/nfseNacional';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { nationalService } from './national-services';
import { serviceIncidence, sheetRule } from './rule-sheet';

export type { Incidence, SheetRule } from './rule-sheet';

/**
 * Refusals the national system is reported to make that the sheet does not list, each with where it was reported.
 * Kept apart from the sheet's table, and checked the same way.
 */
export const REPORTED_RULES: Record<string, { message: string; source: string }> = {
  E0713: {
    message:
      'Para o prestador não optante do Simples Nacional, o indicador de não informar o total aproximado dos tributos (indTotTrib) não é aceito.',
    source: 'github.com/nfse-nacional/nfse-php, issue #34 (março de 2026): indTotTrib = 0 com opSimpNac = 1 recusado com E0713.',
  },
};

/** A rule the DPS breaks: the official code and message, and the field it names. */
export type RuleViolation = { code: string; message: string; path: string };

/** What a municipality has told the national system (ADN Parâmetros Municipais) for a service and month. */
export type CityParameters = {
  /** The city's agreement with the national system is active (`aderenteAmbienteNacional`). */
  active: boolean;
  /** The special regimes (`regEspTrib` codes) the city admits for the service; undefined when not known. */
  specialRegimes?: readonly string[];
  /** The city's ISS rate for the service, in percent, when it has one. */
  rate?: number;
};

/** What the checker is told besides the DPS. The stand-in knows more (numbers used, NFS-e issued) than the product. */
export type RuleContext = {
  environment: NfseEnvironment;
  /** The processing time: dhEmi must not be after it. */
  now: Date;
  /** Whether a 7-digit code is an IBGE municipality. */
  isMunicipality: (code: string) => boolean;
  /** The city's parameters, when known; a rule that needs them is skipped when this answers undefined. */
  city?: (code: string) => CityParameters | undefined;
  /** The stand-in only: whether the provider already used this series and number for another DPS. */
  numberUsedByAnother?: (dps: DpsFacts) => boolean;
  /**
   * The NFS-e a substitution names: whether it is cancelled and, when known, its DPS (E0060 compares them). The
   * stand-in knows every NFS-e; the product's pre-send knows the one it replaces.
   */
  nfse?: (accessKey: string) => { cancelled: boolean; dps?: DpsFacts } | undefined;
};

type Person = {
  CNPJ?: string;
  CPF?: string;
  NIF?: string;
  cNaoNIF?: string;
  IM?: string;
  xNome?: string;
  email?: string;
  hasEnd: boolean;
  endNac?: { cMun: string; CEP: string };
  endExt?: { cPais: string };
};

/** The fields of a DPS the rules read, as text (undefined when absent). */
export type DpsFacts = {
  id: string;
  tpAmb?: string;
  dhEmi?: string;
  serie: string;
  nDPS: string;
  dCompet?: string;
  tpEmit?: string;
  cMotivoEmisTI?: string;
  chNFSeRej?: string;
  cLocEmi: string;
  subst?: { chSubstda: string; cMotivo: string; xMotivo?: string };
  prest: Person & { opSimpNac?: string; regApTribSN?: string; regEspTrib?: string };
  toma?: Person;
  cLocPrestacao?: string;
  cPaisPrestacao?: string;
  cTribNac: string;
  cTribMun?: string;
  cNBS?: string;
  comExt?: { mdPrestacao?: string; mecAFComexP?: string; mecAFComexT?: string; movTempBens?: string };
  vServ?: string;
  vReceb?: string;
  vDescIncond?: string;
  tribISSQN?: string;
  cPaisResult?: string;
  tpImunidade?: string;
  exigSusp: boolean;
  BM: boolean;
  tpRetISSQN?: string;
  pAliq?: string;
  tribFed: boolean;
  totTrib?: 'vTotTrib' | 'pTotTrib' | 'indTotTrib' | 'pTotTribSN';
};

const NS = { n: 'http://www.sped.fazenda.gov.br/nfse' };

/** The facts of a DPS document (signed or not); null when it is not a DPS. */
export function readDpsFacts(xml: string): DpsFacts | null {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch {
    return null;
  }
  try {
    const base = '/n:DPS/n:infDPS';
    if (!doc.get(base, NS)) return null;
    const text = (path: string) => doc.get(`${base}/${path}`, NS)?.content;
    const has = (path: string) => doc.get(`${base}/${path}`, NS) !== null;
    const person = (at: string): Person => ({
      CNPJ: text(`${at}/n:CNPJ`),
      CPF: text(`${at}/n:CPF`),
      NIF: text(`${at}/n:NIF`),
      cNaoNIF: text(`${at}/n:cNaoNIF`),
      IM: text(`${at}/n:IM`),
      xNome: text(`${at}/n:xNome`),
      email: text(`${at}/n:email`),
      hasEnd: has(`${at}/n:end`),
      endNac: has(`${at}/n:end/n:endNac`)
        ? { cMun: text(`${at}/n:end/n:endNac/n:cMun`) ?? '', CEP: text(`${at}/n:end/n:endNac/n:CEP`) ?? '' }
        : undefined,
      endExt: has(`${at}/n:end/n:endExt`) ? { cPais: text(`${at}/n:end/n:endExt/n:cPais`) ?? '' } : undefined,
    });
    const trib = 'n:valores/n:trib';
    const totTrib = (['vTotTrib', 'pTotTrib', 'indTotTrib', 'pTotTribSN'] as const).find((name) =>
      has(`${trib}/n:totTrib/n:${name}`),
    );
    return {
      id: text('@Id') ?? '',
      tpAmb: text('n:tpAmb'),
      dhEmi: text('n:dhEmi'),
      serie: text('n:serie') ?? '',
      nDPS: text('n:nDPS') ?? '',
      dCompet: text('n:dCompet'),
      tpEmit: text('n:tpEmit'),
      cMotivoEmisTI: text('n:cMotivoEmisTI'),
      chNFSeRej: text('n:chNFSeRej'),
      cLocEmi: text('n:cLocEmi') ?? '',
      subst: has('n:subst')
        ? {
            chSubstda: text('n:subst/n:chSubstda') ?? '',
            cMotivo: text('n:subst/n:cMotivo') ?? '',
            xMotivo: text('n:subst/n:xMotivo'),
          }
        : undefined,
      prest: {
        ...person('n:prest'),
        opSimpNac: text('n:prest/n:regTrib/n:opSimpNac'),
        regApTribSN: text('n:prest/n:regTrib/n:regApTribSN'),
        regEspTrib: text('n:prest/n:regTrib/n:regEspTrib'),
      },
      toma: has('n:toma') ? person('n:toma') : undefined,
      cLocPrestacao: text('n:serv/n:locPrest/n:cLocPrestacao'),
      cPaisPrestacao: text('n:serv/n:locPrest/n:cPaisPrestacao'),
      cTribNac: text('n:serv/n:cServ/n:cTribNac') ?? '',
      cTribMun: text('n:serv/n:cServ/n:cTribMun'),
      cNBS: text('n:serv/n:cServ/n:cNBS'),
      comExt: has('n:serv/n:comExt')
        ? {
            mdPrestacao: text('n:serv/n:comExt/n:mdPrestacao'),
            mecAFComexP: text('n:serv/n:comExt/n:mecAFComexP'),
            mecAFComexT: text('n:serv/n:comExt/n:mecAFComexT'),
            movTempBens: text('n:serv/n:comExt/n:movTempBens'),
          }
        : undefined,
      vServ: text('n:valores/n:vServPrest/n:vServ'),
      vReceb: text('n:valores/n:vServPrest/n:vReceb'),
      vDescIncond: text('n:valores/n:vDescCondIncond/n:vDescIncond'),
      tribISSQN: text(`${trib}/n:tribMun/n:tribISSQN`),
      cPaisResult: text(`${trib}/n:tribMun/n:cPaisResult`),
      tpImunidade: text(`${trib}/n:tribMun/n:tpImunidade`),
      exigSusp: has(`${trib}/n:tribMun/n:exigSusp`),
      BM: has(`${trib}/n:tribMun/n:BM`),
      tpRetISSQN: text(`${trib}/n:tribMun/n:tpRetISSQN`),
      pAliq: text(`${trib}/n:tribMun/n:pAliq`),
      tribFed: has(`${trib}/n:tribFed`),
      totTrib,
    };
  } finally {
    doc.dispose();
  }
}

const regionNames = new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'code' });
/** An ISO 3166-1 alpha-2 country code ICU knows (Node ships the full ICU). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== code;
}

const withheld = (dps: DpsFacts) => dps.tpRetISSQN === '2' || dps.tpRetISSQN === '3';
const taxable = (dps: DpsFacts) => dps.tribISSQN === '1';
const specialRegime = (dps: DpsFacts) => dps.prest.regEspTrib !== undefined && dps.prest.regEspTrib !== '0';
/** Export: a foreign taker or place of provision, or the ISS taxation says export (the sheet's E0330 and E0318). */
const isExport = (dps: DpsFacts) => dps.toma?.endExt !== undefined || dps.cPaisPrestacao !== undefined || dps.tribISSQN === '3';
const cents = (decimal: string | undefined) => (decimal === undefined ? undefined : Math.round(Number(decimal) * 100));
/** The municipality where the ISS is due, when the DPS says enough to know it (the sheet's EP / LP / ET). */
function incidenceCity(dps: DpsFacts): string | undefined {
  const place = serviceIncidence(dps.cTribNac);
  if (place === 'LP') return dps.cLocPrestacao;
  if (place === 'ET') return dps.toma?.endNac?.cMun;
  return dps.cLocEmi;
}
function cityOf(dps: DpsFacts, context: RuleContext) {
  const code = incidenceCity(dps);
  return code ? context.city?.(code) : undefined;
}
/** "2026-03-05T14:07:09-03:00" → its instant; "2026-03-05" of it in its own offset. */
const instant = (dateTime: string | undefined) => (dateTime ? Date.parse(dateTime) : Number.NaN);

type Check = {
  code: string;
  /** The field it names, from infDPS. */
  path: string;
  broken: (dps: DpsFacts, context: RuleContext) => boolean;
};

/** The covered rules: the sheet's conditions, each on the fields it names. */
export const DPS_CHECKS: readonly Check[] = [
  // Identification
  {
    code: 'E0004',
    path: 'infDPS@Id',
    broken: (dps) => {
      const cnpj = dps.prest.CNPJ;
      const cpf = dps.prest.CPF;
      if (!cnpj && !cpf) return false;
      try {
        return (
          dps.id !==
          dpsId({
            cityIbgeCode: dps.cLocEmi,
            inscriptionType: cnpj ? 'cnpj' : 'cpf',
            inscription: (cnpj ?? cpf)!,
            series: dps.serie,
            number: dps.nDPS,
          })
        );
      } catch {
        return true;
      }
    },
  },
  { code: 'E0006', path: 'tpAmb', broken: (dps, context) => dps.tpAmb !== NFSE_ENVIRONMENTS[context.environment] },
  { code: 'E0008', path: 'dhEmi', broken: (dps, context) => instant(dps.dhEmi) > context.now.getTime() },
  { code: 'E0010', path: 'serie', broken: (dps) => !isOwnApplicationSeries(dps.serie) },
  { code: 'E0014', path: 'serie', broken: (dps, context) => context.numberUsedByAnother?.(dps) ?? false },
  {
    code: 'E0015',
    path: 'dCompet',
    broken: (dps) => dps.dCompet !== undefined && dps.dhEmi !== undefined && dps.dCompet > dps.dhEmi.slice(0, 10),
  },
  { code: 'E9996', path: 'tpEmit', broken: (dps) => dps.tpEmit === '2' || dps.tpEmit === '3' },
  { code: 'E0029', path: 'cMotivoEmisTI', broken: (dps) => dps.tpEmit === '1' && dps.cMotivoEmisTI !== undefined },
  {
    code: 'E0037',
    path: 'cLocEmi',
    broken: (dps, context) => dps.prest.opSimpNac !== '2' && !context.isMunicipality(dps.cLocEmi),
  },
  {
    code: 'E0038',
    path: 'cLocEmi',
    broken: (dps, context) =>
      dps.prest.opSimpNac !== '2' && context.isMunicipality(dps.cLocEmi) && context.city?.(dps.cLocEmi)?.active === false,
  },
  // Substitution
  {
    code: 'E0042',
    path: 'subst/chSubstda',
    // The key's city, inscription type and inscription must be this DPS's (positions 1–7, 9 and 10–23).
    broken: (dps) =>
      dps.subst !== undefined &&
      (dps.subst.chSubstda.slice(0, 7) !== dps.id.slice(3, 10) || dps.subst.chSubstda.slice(8, 23) !== dps.id.slice(10, 25)),
  },
  {
    code: 'E0044',
    path: 'subst/chSubstda',
    broken: (dps, context) => dps.subst !== undefined && context.nfse !== undefined && !context.nfse(dps.subst.chSubstda),
  },
  {
    code: 'E0046',
    path: 'subst/chSubstda',
    broken: (dps, context) => dps.subst !== undefined && context.nfse?.(dps.subst.chSubstda)?.cancelled === true,
  },
  {
    code: 'E0060',
    path: 'subst/chSubstda',
    // What may not change from the replaced NFS-e's DPS, by the regime (opSimpNac) the substitute declares.
    broken: (dps, context) => {
      const old = dps.subst && context.nfse?.(dps.subst.chSubstda)?.dps;
      if (!old) return false;
      const changed = (read: (facts: DpsFacts) => string | undefined) => read(dps) !== read(old);
      if (dps.prest.opSimpNac === '1') {
        return [
          (f: DpsFacts) => f.dCompet,
          (f: DpsFacts) => f.cTribNac,
          (f: DpsFacts) => f.cTribMun,
          (f: DpsFacts) => f.cLocPrestacao,
        ].some(changed);
      }
      const takerId = (f: DpsFacts) => f.toma && (f.toma.CNPJ ?? f.toma.CPF ?? f.toma.NIF ?? f.toma.cNaoNIF);
      return (
        changed((f) => f.dCompet) ||
        changed((f) => cents(f.vServ)?.toString()) ||
        (takerId(old) !== undefined && changed(takerId))
      );
    },
  },
  { code: 'E0078', path: 'subst/xMotivo', broken: (dps) => dps.subst?.cMotivo === '99' && !dps.subst.xMotivo?.trim() },
  // The provider
  {
    code: 'E0080',
    path: 'prest/CNPJ',
    broken: (dps) => dps.prest.CNPJ !== undefined && !isValidCnpj(dps.prest.CNPJ, { version: 2 }),
  },
  { code: 'E0096', path: 'prest/CPF', broken: (dps) => dps.prest.CPF !== undefined && !isValidCpf(dps.prest.CPF) },
  { code: 'E0112', path: 'prest/NIF', broken: (dps) => dps.tpEmit === '1' && dps.prest.NIF !== undefined },
  { code: 'E0114', path: 'prest/cNaoNIF', broken: (dps) => dps.tpEmit === '1' && dps.prest.cNaoNIF !== undefined },
  { code: 'E0121', path: 'prest/xNome', broken: (dps) => dps.tpEmit === '1' && dps.prest.xNome !== undefined },
  { code: 'E0128', path: 'prest/end', broken: (dps) => dps.tpEmit === '1' && dps.prest.hasEnd },
  {
    code: 'E0148',
    path: 'prest/email',
    broken: (dps) => dps.prest.email !== undefined && !STANDARD_EMAIL_PATTERN.test(dps.prest.email),
  },
  {
    code: 'E0162',
    path: 'prest/regTrib/regApTribSN',
    broken: (dps) => (dps.prest.opSimpNac === '1' || dps.prest.opSimpNac === '2') && dps.prest.regApTribSN !== undefined,
  },
  {
    code: 'E0166',
    path: 'prest/regTrib/regApTribSN',
    broken: (dps) => dps.prest.opSimpNac === '3' && dps.prest.regApTribSN === undefined,
  },
  { code: 'E0172', path: 'prest/regTrib/regEspTrib', broken: (dps) => !taxable(dps) && specialRegime(dps) },
  { code: 'E0174', path: 'prest/regTrib/regEspTrib', broken: (dps) => dps.prest.opSimpNac === '2' && specialRegime(dps) },
  {
    code: 'E0175',
    path: 'prest/regTrib/regEspTrib',
    broken: (dps) => dps.prest.opSimpNac === '3' && dps.prest.regApTribSN === '1' && specialRegime(dps),
  },
  {
    code: 'E0177',
    path: 'prest/regTrib/regEspTrib',
    broken: (dps, context) => {
      if (!specialRegime(dps)) return false;
      const city = cityOf(dps, context);
      return city?.specialRegimes !== undefined && !city.specialRegimes.includes(dps.prest.regEspTrib!);
    },
  },
  // The taker
  {
    code: 'E0188',
    path: 'toma/CNPJ',
    broken: (dps) => dps.toma?.CNPJ !== undefined && !isValidCnpj(dps.toma.CNPJ, { version: 2 }),
  },
  {
    code: 'E0202',
    path: 'toma/CNPJ',
    broken: (dps) =>
      dps.toma?.CNPJ !== undefined && dps.prest.CNPJ !== undefined && dps.toma.CNPJ.slice(0, 8) === dps.prest.CNPJ.slice(0, 8),
  },
  { code: 'E0204', path: 'toma', broken: (dps) => dps.tpRetISSQN === '2' && !dps.toma?.CNPJ && !dps.toma?.CPF },
  { code: 'E0206', path: 'toma/CPF', broken: (dps) => dps.toma?.CPF !== undefined && !isValidCpf(dps.toma.CPF) },
  {
    code: 'E0223',
    path: 'toma/NIF',
    broken: (dps) => dps.toma?.endExt !== undefined && dps.toma.NIF === undefined && dps.toma.cNaoNIF === undefined,
  },
  { code: 'E0226', path: 'toma/cNaoNIF', broken: (dps) => dps.toma?.cNaoNIF === '0' },
  { code: 'E0233', path: 'toma/xNome', broken: (dps) => dps.toma?.NIF !== undefined && !dps.toma.xNome?.trim() },
  {
    code: 'E0234',
    path: 'toma/end',
    broken: (dps) => serviceIncidence(dps.cTribNac) === 'ET' && dps.toma !== undefined && !dps.toma.hasEnd,
  },
  { code: 'E0237', path: 'toma/end/endNac', broken: (dps) => dps.tpRetISSQN === '2' && dps.tpEmit !== '2' && !dps.toma?.endNac },
  {
    code: 'E0238',
    path: 'toma/end/endNac/cMun',
    broken: (dps, context) => dps.toma?.endNac !== undefined && !context.isMunicipality(dps.toma.endNac.cMun),
  },
  {
    code: 'E0242',
    path: 'toma/end/endExt',
    broken: (dps) => dps.toma?.NIF !== undefined && dps.prest.CNPJ !== undefined && !dps.toma.endExt,
  },
  {
    code: 'E0246',
    path: 'toma/end/endExt/cPais',
    broken: (dps) => dps.toma?.endExt !== undefined && (dps.toma.endExt.cPais === 'BR' || !isCountryCode(dps.toma.endExt.cPais)),
  },
  {
    code: 'E0247',
    path: 'toma/email',
    broken: (dps) => dps.toma?.email !== undefined && !STANDARD_EMAIL_PATTERN.test(dps.toma.email),
  },
  // The service
  {
    code: 'E0302',
    path: 'serv/locPrest/cLocPrestacao',
    broken: (dps, context) =>
      dps.cLocPrestacao !== undefined && dps.cLocPrestacao !== '0000000' && !context.isMunicipality(dps.cLocPrestacao),
  },
  {
    code: 'E0304',
    path: 'serv/locPrest/cPaisPrestacao',
    broken: (dps) => dps.cPaisPrestacao !== undefined && (dps.cPaisPrestacao === 'BR' || !isCountryCode(dps.cPaisPrestacao)),
  },
  { code: 'E0310', path: 'serv/cServ/cTribNac', broken: (dps) => !nationalService(dps.cTribNac) },
  {
    code: 'E0318',
    path: 'serv/cServ/cNBS',
    broken: (dps) => dps.tpEmit === '1' && (dps.toma?.endExt !== undefined || dps.cPaisPrestacao !== undefined) && !dps.cNBS,
  },
  { code: 'E0330', path: 'serv/comExt', broken: (dps) => dps.tpEmit === '1' && isExport(dps) && !dps.comExt },
  { code: 'E0333', path: 'serv/comExt/mdPrestacao', broken: (dps) => dps.comExt?.mdPrestacao === '0' },
  { code: 'E0341', path: 'serv/comExt/mecAFComexP', broken: (dps) => dps.comExt?.mecAFComexP === '00' },
  { code: 'E0343', path: 'serv/comExt/mecAFComexT', broken: (dps) => dps.comExt?.mecAFComexT === '00' },
  { code: 'E0345', path: 'serv/comExt/movTempBens', broken: (dps) => dps.comExt?.movTempBens === '0' },
  // Values
  {
    code: 'E0424',
    path: 'valores/vServPrest/vReceb',
    broken: (dps) => (dps.tpEmit === '1' || dps.tpEmit === '2') && dps.vReceb !== undefined,
  },
  {
    code: 'E0431',
    path: 'valores/vDescCondIncond/vDescIncond',
    broken: (dps) => {
      const discount = cents(dps.vDescIncond);
      return discount !== undefined && (discount <= 0 || discount >= (cents(dps.vServ) ?? 0));
    },
  },
  {
    // Export is refused where the ISS is due where the service is provided in Brazil, or at a Brazilian taker's place
    // (sheet EXPORTACAO_EMISSAO_NFS-e, scenarios 6, 10, 34, 38, 66, 80).
    code: 'E0529',
    path: 'valores/trib/tribMun/tribISSQN',
    broken: (dps) => {
      const place = serviceIncidence(dps.cTribNac);
      return (
        dps.tribISSQN === '3' &&
        dps.cLocPrestacao !== undefined &&
        (place === 'LP' || (place === 'ET' && dps.toma?.endExt === undefined))
      );
    },
  },
  {
    // An export provided in Brazil whose ISS would be due at the provider's (or a foreign taker's) place names the
    // country where its result happens (scenarios 2, 30, 58, 62, 72, 76).
    code: 'E0590',
    path: 'valores/trib/tribMun/cPaisResult',
    broken: (dps) => {
      const place = serviceIncidence(dps.cTribNac);
      return dps.tribISSQN === '3' && dps.cLocPrestacao !== undefined && (place === 'EP' || place === 'ET') && !dps.cPaisResult;
    },
  },
  { code: 'E0532', path: 'valores/trib/tribMun/tribISSQN', broken: (dps) => dps.cTribNac === '990101' && dps.tribISSQN !== '4' },
  { code: 'E0580', path: 'valores/trib/tribMun/tpRetISSQN', broken: (dps) => !taxable(dps) && withheld(dps) },
  { code: 'E0583', path: 'valores/trib/tribMun/tpRetISSQN', broken: (dps) => dps.prest.opSimpNac === '2' && withheld(dps) },
  { code: 'E0588', path: 'valores/trib/tribMun/tpRetISSQN', broken: (dps) => specialRegime(dps) && withheld(dps) },
  { code: 'E0589', path: 'valores/trib/tribMun/tpRetISSQN', broken: (dps) => dps.exigSusp && withheld(dps) },
  {
    code: 'E0592',
    path: 'valores/trib/tribMun/tpImunidade',
    broken: (dps) => (dps.tribISSQN === '2') !== (dps.tpImunidade !== undefined),
  },
  { code: 'E0593', path: 'valores/trib/tribMun/tpImunidade', broken: (dps) => dps.tpImunidade === '0' },
  { code: 'E0595', path: 'valores/trib/tribMun/pAliq', broken: (dps) => dps.pAliq !== undefined && Number(dps.pAliq) > 5 },
  // The rate: who sends pAliq depends on the regime, the city's agreement and the withholding.
  { code: 'E0600', path: 'valores/trib/tribMun/pAliq', broken: (dps) => dps.prest.opSimpNac === '2' && dps.pAliq !== undefined },
  { code: 'E0602', path: 'valores/trib/tribMun/pAliq', broken: (dps) => !taxable(dps) && dps.pAliq !== undefined },
  { code: 'E0604', path: 'valores/trib/tribMun/pAliq', broken: (dps) => specialRegime(dps) && dps.pAliq !== undefined },
  { code: 'E0606', path: 'valores/trib/tribMun/pAliq', broken: (dps) => dps.exigSusp && dps.pAliq !== undefined },
  {
    code: 'E0617',
    path: 'valores/trib/tribMun/pAliq',
    broken: (dps, context) => dps.prest.opSimpNac === '1' && cityOf(dps, context)?.active === true && dps.pAliq !== undefined,
  },
  {
    code: 'E0619',
    path: 'valores/trib/tribMun/pAliq',
    broken: (dps, context) =>
      dps.prest.opSimpNac === '1' && cityOf(dps, context)?.active === false && !specialRegime(dps) && dps.pAliq === undefined,
  },
  ...simplesRateChecks(),
  // Federal taxes and the approximate total
  { code: 'E0675', path: 'valores/trib/tribFed', broken: (dps) => dps.tribFed && dps.prest.CPF !== undefined },
  { code: 'E0676', path: 'valores/trib/tribFed', broken: (dps) => dps.tribFed && dps.prest.opSimpNac === '2' },
  { code: 'E0710', path: 'valores/trib/totTrib', broken: (dps) => dps.prest.opSimpNac === '2' && dps.totTrib === 'pTotTribSN' },
  { code: 'E0712', path: 'valores/trib/totTrib', broken: (dps) => dps.prest.opSimpNac === '3' && dps.totTrib === 'indTotTrib' },
  { code: 'E0713', path: 'valores/trib/totTrib', broken: (dps) => dps.prest.opSimpNac === '1' && dps.totTrib === 'indTotTrib' },
];

/** E0621–E0640: an ME/EPP sends pAliq exactly when the ISS is outside the DAS's own rate or withheld. */
function simplesRateChecks(): Check[] {
  const path = 'valores/trib/tribMun/pAliq';
  const mePp = (dps: DpsFacts) => dps.prest.opSimpNac === '3';
  const inSimples = (dps: DpsFacts) => mePp(dps) && dps.prest.regApTribSN === '1' && !dps.BM;
  const outside = (dps: DpsFacts) => mePp(dps) && (dps.prest.regApTribSN === '2' || dps.prest.regApTribSN === '3');
  const active = (dps: DpsFacts, context: RuleContext) => cityOf(dps, context)?.active;
  return [
    {
      code: 'E0621',
      path,
      broken: (dps, c) => inSimples(dps) && active(dps, c) === true && withheld(dps) && dps.pAliq === undefined,
    },
    {
      code: 'E0625',
      path,
      broken: (dps, c) => inSimples(dps) && active(dps, c) === true && !withheld(dps) && dps.pAliq !== undefined,
    },
    {
      code: 'E0628',
      path,
      broken: (dps, c) => inSimples(dps) && active(dps, c) === false && withheld(dps) && dps.pAliq === undefined,
    },
    {
      code: 'E0631',
      path,
      broken: (dps, c) => inSimples(dps) && active(dps, c) === false && !withheld(dps) && dps.pAliq !== undefined,
    },
    { code: 'E0635', path, broken: (dps, c) => outside(dps) && active(dps, c) === true && dps.pAliq !== undefined },
    { code: 'E0640', path, broken: (dps, c) => outside(dps) && active(dps, c) === false && dps.pAliq === undefined },
  ];
}

/** The official message of a code: the sheet's, or the reported one. */
export function ruleMessage(code: string): string {
  return sheetRule(code)?.message ?? REPORTED_RULES[code]?.message ?? code;
}

/** Every covered rule the DPS breaks, in the table's order. */
export function checkDpsRules(dps: DpsFacts, context: RuleContext): RuleViolation[] {
  return DPS_CHECKS.filter((check) => check.broken(dps, context)).map((check) => ({
    code: check.code,
    message: ruleMessage(check.code),
    path: check.path,
  }));
}
