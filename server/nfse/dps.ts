/**
 * The DPS (Declaração de Prestação de Serviço, national layout 1.01) built from an invoice request and the
 * company's fiscal profile, with xmlbuilder2: every value escaped by the library, elements in the XSD's order,
 * nothing concatenated by hand. What the DPS says about taxes follows the official rules (server/nfse/rules.ts):
 * `pAliq` and the approximate total by regime, the taker's address where the rules ask for it.
 */
import { create } from 'xmlbuilder2';
import type { FiscalProfile, RegTrib } from '@domain/fiscalProfile';
import {
  companyServiceCodes,
  formatNationalServiceCode,
  profileForService,
  regTribFor,
  sendsIssRate,
} from '@domain/fiscalProfile';
import { MONTH_KEY, saoPauloTime } from '@domain/dates';
import type { NfseEnvironment } from '@domain/nfseNacional';
import type { ForeignTakerAddress, NationalTakerAddress } from '@domain/nfsTaker';
import { NFSE_ENVIRONMENTS, dpsId } from '@domain/nfseNacional';
import { serviceItemDigits } from './national-services';
import type { CityParameters } from './rules';
import { serviceIncidence } from './rule-sheet';

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const NFSE_LAYOUT_VERSION = '1.01';
/** `verAplic`: who built the DPS (1 to 20 characters). */
export const DPS_APP_VERSION = 'Contabil-1.0';
/** BACEN's code of the Real (`tpMoeda`): the product invoices in reais. */
export const BRAZILIAN_REAL_BACEN_CODE = '790';

/** The taker's address as the DPS writes it: a city in Brazil by its IBGE code alone, its name and UF left out. */
export type NationalAddress = Omit<NationalTakerAddress, 'cityName' | 'state'>;
export type ForeignAddress = ForeignTakerAddress;

export type DpsTaker =
  | {
      kind: 'cnpj' | 'cpf';
      /** 14 characters or 11 digits. */ document: string;
      name: string;
      email?: string;
      address?: NationalAddress;
    }
  | {
      kind: 'foreign';
      /** The taker's tax id abroad (NIF), or why there is none: 1 exempt, 2 not required. */
      nif?: string;
      noNifReason?: '1' | '2';
      name: string;
      email?: string;
      address: ForeignAddress;
    };

/** The approximate total of taxes (Lei 12.741/2012) the DPS carries, by regime. */
export type ApproximateTaxes =
  | { kind: 'none' }
  | { kind: 'simples'; percent: number }
  | { kind: 'percentages'; federal: number; state: number; municipal: number };

/** Everything a DPS says, already decided: `buildDpsXml` only writes it. */
export type DpsData = {
  environment: NfseEnvironment;
  issuedAt: Date;
  appVersion: string;
  series: string;
  number: string;
  /** The date the service began, YYYY-MM-DD (`dCompet`). */
  competenceDate: string;
  /** The IBGE code of the city that issues (`cLocEmi`). */
  cityIbgeCode: string;
  provider: { cnpj: string; municipalRegistration?: string; regTrib: RegTrib };
  taker?: DpsTaker;
  /** The NFS-e this DPS replaces (`subst`), with the reason code (TSCodJustSubst) and text. */
  replaces?: { accessKey: string; reasonCode: string; reason?: string };
  service: {
    nationalCode: string;
    municipalCode?: string;
    description: string;
    nbsCode?: string;
    /** The IBGE code of the city where the service was provided. */
    placeIbgeCode: string;
  };
  values: {
    serviceCents: number;
    /** `tribISSQN`: 1 taxable, 3 export (the result abroad), 4 no ISS (990101). */
    issTaxation: '1' | '3' | '4';
    /** `cPaisResult`, for an export. */
    resultCountry?: string;
    issWithheld: boolean;
    /** The ISS rate in percent, only where the rules ask for it (see `issRateToSend`). */
    issRate?: number;
    approximateTaxes: ApproximateTaxes;
  };
};

/** What an invoice request holds that a DPS needs (the columns of `nfs_requests`). */
export type NfsRequestForDps = {
  emissionType: 'cnpj' | 'cpf' | 'foreign';
  /** The CNPJ or CPF; for a foreign taker, its NIF (or empty, with `customerNoNifReason`). */
  customerDocument: string;
  customerNoNifReason?: '1' | '2' | null;
  customerName: string;
  customerEmail?: string | null;
  customerAddress?: Omit<NationalAddress, 'kind'> | null;
  customerForeignAddress?: Omit<ForeignAddress, 'kind'> | null;
  description: string;
  /** The LC 116/2003 subitem the customer typed, "1.07", if any (requests made before services were chosen). */
  serviceItem?: string | null;
  /** The national service code chosen among the company's services; none: the profile's main service. */
  serviceCode?: string | null;
  /** YYYY-MM. */
  competence: string;
  totalCents: number;
  issWithheld: boolean;
};

/** A request that cannot become a DPS as it is: the message says what to fix, in Portuguese. */
export class DpsBuildError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'DpsBuildError';
  }
}

/** Typographic characters people paste, and the plain ones the national layout's Latin-1 text types accept. */
const PLAIN_EQUIVALENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2022': '-',
  '\u20AC': 'EUR',
};

/**
 * Text as the national layout takes it: NFC, typographic quotes and dashes made plain, anything outside Latin-1
 * (emoji, say) and control characters left out, spaces collapsed, trimmed. Line breaks survive only where the
 * field allows them (the service description).
 */
export function layoutText(text: string, { multiline = false } = {}): string {
  const plain = [...text.normalize('NFC')]
    .map((char) => PLAIN_EQUIVALENTS[char] ?? char)
    .join('')
    .replace(/\r\n?/g, '\n')
    .replace(multiline ? /[^\n\u0020-\u007E\u00A0-\u00FF]/g : /[^\u0020-\u007E\u00A0-\u00FF]/g, (char) =>
      char === '\t' || char === '\n' ? ' ' : '',
    );
  const lines = plain.split('\n').map((line) => line.replace(/ {2,}/g, ' ').trim());
  return (multiline ? lines.join('\n').replace(/\n{3,}/g, '\n\n') : lines.join(' ')).trim();
}

/** 150050 centavos → "1500.50" (XSD `TSDec15V2`). */
export function decimalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Valor em centavos inválido: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `dhEmi`: the instant in America/Sao_Paulo with its offset, seconds precision: "2026-03-05T14:07:09-03:00". */
export function saoPauloDateTime(instant: Date): string {
  const parts = saoPauloTime(instant);
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round((Date.parse(`${local}Z`) - wholeSeconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

type XmlTree = { [name: string]: string | XmlTree | undefined };

/** Drops the undefined branches, so an optional element the DPS does not carry is not written at all. */
function compact(tree: XmlTree): XmlTree {
  const result: XmlTree = {};
  for (const [name, value] of Object.entries(tree)) {
    if (value === undefined) continue;
    result[name] = typeof value === 'string' ? value : compact(value);
  }
  return result;
}

const percent = (value: number) => value.toFixed(2);

function addressTree(address: NationalAddress | ForeignAddress): XmlTree {
  const place: XmlTree =
    address.kind === 'national'
      ? { endNac: { cMun: address.cityIbgeCode, CEP: address.postalCode } }
      : {
          endExt: {
            cPais: address.countryCode,
            cEndPost: layoutText(address.postalCode),
            xCidade: layoutText(address.city),
            xEstProvReg: layoutText(address.region),
          },
        };
  return {
    ...place,
    xLgr: layoutText(address.street),
    nro: layoutText(address.number),
    xCpl: address.complement ? layoutText(address.complement) : undefined,
    xBairro: layoutText(address.district),
  };
}

function takerTree(taker: DpsTaker): XmlTree {
  let id: XmlTree;
  if (taker.kind === 'foreign') id = taker.nif ? { NIF: layoutText(taker.nif) } : { cNaoNIF: taker.noNifReason ?? '1' };
  else id = taker.kind === 'cnpj' ? { CNPJ: taker.document } : { CPF: taker.document };
  return {
    ...id,
    xNome: layoutText(taker.name),
    end: taker.address ? addressTree(taker.address) : undefined,
    email: taker.email ? layoutText(taker.email) : undefined,
  };
}

function totTribTree(taxes: ApproximateTaxes): XmlTree {
  switch (taxes.kind) {
    case 'none':
      return { indTotTrib: '0' };
    case 'simples':
      return { pTotTribSN: percent(taxes.percent) };
    case 'percentages':
      return {
        pTotTrib: {
          pTotTribFed: percent(taxes.federal),
          pTotTribEst: percent(taxes.state),
          pTotTribMun: percent(taxes.municipal),
        },
      };
  }
}

/** The DPS XML (unsigned) and its id. */
export function buildDpsXml(data: DpsData): { id: string; xml: string } {
  const id = dpsId({
    cityIbgeCode: data.cityIbgeCode,
    inscriptionType: 'cnpj',
    inscription: data.provider.cnpj,
    series: data.series,
    number: data.number,
  });
  const { regTrib } = data.provider;
  const exported = data.values.issTaxation === '3';
  const infDPS: XmlTree = {
    '@Id': id,
    tpAmb: NFSE_ENVIRONMENTS[data.environment],
    dhEmi: saoPauloDateTime(data.issuedAt),
    verAplic: data.appVersion,
    serie: data.series,
    nDPS: data.number,
    dCompet: data.competenceDate,
    tpEmit: '1',
    cLocEmi: data.cityIbgeCode,
    subst: data.replaces && {
      chSubstda: data.replaces.accessKey,
      cMotivo: data.replaces.reasonCode,
      xMotivo: data.replaces.reason ? layoutText(data.replaces.reason) : undefined,
    },
    // The provider issues its own DPS: its name and address come from the national registry, not from here (E0121, E0128).
    prest: {
      CNPJ: data.provider.cnpj,
      IM: data.provider.municipalRegistration,
      regTrib: { opSimpNac: regTrib.opSimpNac, regApTribSN: regTrib.regApTribSN, regEspTrib: regTrib.regEspTrib },
    },
    toma: data.taker && takerTree(data.taker),
    serv: {
      locPrest: { cLocPrestacao: data.service.placeIbgeCode },
      cServ: {
        cTribNac: data.service.nationalCode,
        cTribMun: data.service.municipalCode,
        xDescServ: layoutText(data.service.description, { multiline: true }),
        cNBS: data.service.nbsCode,
      },
      // A foreign taker makes it foreign trade (E0330): the sale is in reais, provided across the border, with no
      // support mechanism and no temporary movement of goods, and not shared with MDIC.
      comExt:
        data.taker?.kind === 'foreign'
          ? {
              mdPrestacao: '1',
              vincPrest: '0',
              tpMoeda: BRAZILIAN_REAL_BACEN_CODE,
              vServMoeda: decimalValue(data.values.serviceCents),
              mecAFComexP: '01',
              mecAFComexT: '01',
              movTempBens: '1',
              mdic: '0',
            }
          : undefined,
    },
    valores: {
      vServPrest: { vServ: decimalValue(data.values.serviceCents) },
      trib: {
        tribMun: {
          tribISSQN: data.values.issTaxation,
          cPaisResult: exported ? data.values.resultCountry : undefined,
          tpRetISSQN: data.values.issWithheld ? '2' : '1',
          pAliq: data.values.issRate === undefined ? undefined : percent(data.values.issRate),
        },
        totTrib: totTribTree(data.values.approximateTaxes),
      },
    },
  };
  const xml = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(NFSE_NAMESPACE, 'DPS', { versao: NFSE_LAYOUT_VERSION })
    .ele(compact({ infDPS }))
    .doc()
    .end({ prettyPrint: false });
  return { id, xml };
}

export type DpsContext = {
  request: NfsRequestForDps;
  profile: FiscalProfile;
  /** The provider's CNPJ, 14 characters. */
  companyCnpj: string;
  /** The DPS number allocated to this request, once, in the database. */
  number: string;
  environment: NfseEnvironment;
  issuedAt: Date;
  appVersion?: string;
  /** The parameters of the city where the ISS is due (ADN Parâmetros Municipais), when they could be read. */
  city?: CityParameters;
  replaces?: DpsData['replaces'];
  /** A substitute's: the replaced NFS-e's signed DPS, for the pre-send check of what may not change (E0060). */
  replacedDpsXml?: string;
};

/** "2026-03" → "03/2026". */
const monthLabel = (competence: string) => `${competence.slice(5, 7)}/${competence.slice(0, 4)}`;

/** The approximate taxes a regime may send: an MEI says it does not estimate them (E0710), others must (E0712, E0713). */
export function approximateTaxesFor(profile: FiscalProfile, issRate: number | undefined): ApproximateTaxes {
  if (profile.taxRegime === 'mei') return { kind: 'none' };
  if (profile.taxRegime === 'simples') {
    if (profile.simplesTaxRate === undefined) {
      throw new DpsBuildError(
        'simplesTaxRate',
        'Informe no perfil fiscal o percentual aproximado dos tributos do Simples Nacional (a alíquota efetiva do DAS): a ME/EPP não pode deixar de informá-lo (regra E0712).',
      );
    }
    return { kind: 'simples', percent: profile.simplesTaxRate };
  }
  if (profile.federalTaxRate === undefined) {
    throw new DpsBuildError(
      'federalTaxRate',
      'Informe no perfil fiscal o percentual aproximado dos tributos federais: fora do Simples Nacional ele é obrigatório na nota (Lei 12.741/2012).',
    );
  }
  return { kind: 'percentages', federal: profile.federalTaxRate, state: 0, municipal: issRate ?? profile.issRate ?? 0 };
}

function takerOf(request: NfsRequestForDps): DpsTaker {
  const email = request.customerEmail ?? undefined;
  if (request.emissionType === 'foreign') {
    if (!request.customerForeignAddress) {
      throw new DpsBuildError(
        'customerAddress',
        'Informe o endereço no exterior do tomador estrangeiro (país, cidade, código postal).',
      );
    }
    const nif = request.customerDocument.trim();
    return {
      kind: 'foreign',
      nif: nif || undefined,
      noNifReason: nif ? undefined : (request.customerNoNifReason ?? '1'),
      name: request.customerName,
      email,
      address: { kind: 'foreign', ...request.customerForeignAddress },
    };
  }
  return {
    kind: request.emissionType,
    document: request.customerDocument,
    name: request.customerName,
    email,
    address: request.customerAddress ? { kind: 'national', ...request.customerAddress } : undefined,
  };
}

/**
 * The profile of the service the request is for: the one chosen among the company's services, or the one whose
 * LC 116/2003 subitem an older request typed, or the main one. A service the profile no longer offers is refused
 * before anything is numbered or sent, saying what to correct.
 */
export function serviceProfileOf(
  request: Pick<NfsRequestForDps, 'serviceCode' | 'serviceItem'>,
  profile: FiscalProfile,
): FiscalProfile {
  const offered = () => companyServiceCodes(profile).map(formatNationalServiceCode).join(', ');
  if (request.serviceCode) {
    const chosen = profileForService(profile, request.serviceCode);
    if (chosen) return chosen;
    throw new DpsBuildError(
      'serviceCode',
      `O serviço da solicitação (${formatNationalServiceCode(request.serviceCode)}) não está entre os serviços do ` +
        `perfil fiscal (${offered()}). Corrija a solicitação ou o perfil fiscal.`,
    );
  }
  const item = request.serviceItem ? serviceItemDigits(request.serviceItem) : null;
  if (!item) return profile;
  const matching = companyServiceCodes(profile).find((code) => code.slice(0, 4) === item);
  if (matching) return profileForService(profile, matching)!;
  throw new DpsBuildError(
    'serviceItem',
    `O item da lista de serviços da solicitação (${request.serviceItem}) não corresponde a nenhum serviço do perfil ` +
      `fiscal (${offered()}). Corrija a solicitação ou o perfil fiscal.`,
  );
}

/** The DPS data of a request: the request says what and for whom, the profile how it is taxed. */
export function dpsDataFromRequest(context: DpsContext): DpsData {
  const { request } = context;
  const profile = serviceProfileOf(request, context.profile);
  if (!MONTH_KEY.test(request.competence)) {
    throw new DpsBuildError('competence', 'Informe o mês de competência (AAAA-MM).');
  }
  const issueMonth = saoPauloDateTime(context.issuedAt).slice(0, 7);
  if (request.competence > issueMonth) {
    throw new DpsBuildError(
      'competence',
      `A competência ${monthLabel(request.competence)} é posterior à data de emissão: emita a nota a partir do mês do serviço.`,
    );
  }
  if (!Number.isSafeInteger(request.totalCents) || request.totalCents <= 0) {
    throw new DpsBuildError('totalCents', 'Valor precisa ser maior ou igual a 1 real.');
  }
  const taker = takerOf(request);
  const regTrib = regTribFor(profile);
  const foreign = taker.kind === 'foreign';
  // 990101 is the national code of services with no ISS; a foreign taker's service is an export when the ISS would be
  // due at the provider's or the taker's place (sheet EXPORTACAO_EMISSAO_NFS-e); otherwise it stays taxable.
  const incidence = serviceIncidence(profile.serviceCode);
  const issTaxation = profile.serviceCode === '990101' ? '4' : foreign && incidence !== 'LP' ? '3' : '1';
  // An export or a service without ISS takes no special regime (E0172) and no withholding (E0580).
  const effectiveRegTrib = issTaxation === '1' ? regTrib : { ...regTrib, regEspTrib: '0' as const };
  const issWithheld = issTaxation === '1' && request.issWithheld;
  const sendRate = sendsIssRate(effectiveRegTrib, {
    taxable: issTaxation === '1',
    withheld: issWithheld,
    cityActive: context.city?.active,
  });
  const issRate = sendRate ? (profile.issRate ?? context.city?.rate) : undefined;
  if (sendRate && issRate === undefined) {
    throw new DpsBuildError(
      'issRate',
      issWithheld
        ? 'Com ISS retido pelo tomador, a ME/EPP informa a alíquota do ISS: preencha a alíquota no perfil fiscal (regra E0621).'
        : 'O município não está no Sistema Nacional para este serviço: preencha a alíquota do ISS no perfil fiscal (regras E0619 e E0640).',
    );
  }
  return {
    environment: context.environment,
    issuedAt: context.issuedAt,
    appVersion: context.appVersion ?? DPS_APP_VERSION,
    series: profile.dpsSeries,
    number: context.number,
    // The service's month, from its first day: never after the issue date.
    competenceDate: `${request.competence}-01`,
    cityIbgeCode: profile.cityIbgeCode,
    provider: { cnpj: context.companyCnpj, municipalRegistration: profile.municipalRegistration, regTrib: effectiveRegTrib },
    taker,
    replaces: context.replaces,
    service: {
      nationalCode: profile.serviceCode,
      municipalCode: profile.municipalServiceCode,
      description: request.description,
      nbsCode: profile.nbsCode,
      placeIbgeCode: profile.cityIbgeCode,
    },
    values: {
      serviceCents: request.totalCents,
      issTaxation,
      resultCountry: issTaxation === '3' && taker.kind === 'foreign' ? taker.address.countryCode : undefined,
      issWithheld,
      issRate,
      approximateTaxes: approximateTaxesFor(profile, issRate ?? context.city?.rate),
    },
  };
}

/** The unsigned DPS of a request: its id and XML. */
export function buildDpsFromRequest(context: DpsContext): { id: string; xml: string; data: DpsData } {
  const data = dpsDataFromRequest(context);
  return { ...buildDpsXml(data), data };
}
