/**
 * The DPS (Declaração de Prestação de Serviço, national layout 1.00) built from an invoice request and the
 * company's fiscal profile, with xmlbuilder2: every value escaped by the library, elements in the XSD's order,
 * nothing concatenated by hand.
 */
import { create } from 'xmlbuilder2';
import type { FiscalProfile, RegTrib } from '@domain/fiscalProfile';
import { regTribFor, formatNationalServiceCode } from '@domain/fiscalProfile';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { NFSE_ENVIRONMENTS, dpsId } from '@domain/nfseNacional';
import { serviceItemDigits } from './national-services';

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const NFSE_LAYOUT_VERSION = '1.00';
/** `verAplic`: who built the DPS (1 to 20 characters). */
export const DPS_APP_VERSION = 'Contabil-1.0';

export type DpsTaker = {
  kind: 'cnpj' | 'cpf';
  /** 14 or 11 digits. */
  document: string;
  name: string;
  email?: string;
};

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
    issWithheld: boolean;
    /** The ISS rate in percent, sent only when the profile has one and the provider is not an MEI. */
    issRate?: number;
  };
};

/** What an invoice request holds that a DPS needs (the columns of `nfs_requests`). */
export type NfsRequestForDps = {
  emissionType: 'cnpj' | 'cpf';
  customerDocument: string;
  customerName: string;
  customerEmail?: string | null;
  description: string;
  /** The LC 116/2003 subitem the customer chose, "1.07", if any. */
  serviceItem?: string | null;
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

/** 2.5 → "2.50" (XSD `TSDec1V2`). */
function rateValue(rate: number): string {
  return rate.toFixed(2);
}

/** `dhEmi`: the instant in America/Sao_Paulo with its offset, seconds precision: "2026-03-05T14:07:09-03:00". */
export function saoPauloDateTime(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
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

/** The DPS XML (unsigned) and its id. */
export function buildDpsXml(data: DpsData): { id: string; xml: string } {
  const id = dpsId({
    cityIbgeCode: data.cityIbgeCode,
    inscriptionType: 'cnpj',
    inscription: data.provider.cnpj,
    series: data.series,
    number: data.number,
  });
  const taker = data.taker;
  const { regTrib } = data.provider;
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
    // The provider issues its own DPS: its name and address come from the national registry, not from here.
    prest: {
      CNPJ: data.provider.cnpj,
      IM: data.provider.municipalRegistration,
      regTrib: { opSimpNac: regTrib.opSimpNac, regApTribSN: regTrib.regApTribSN, regEspTrib: regTrib.regEspTrib },
    },
    toma: taker && {
      [taker.kind === 'cnpj' ? 'CNPJ' : 'CPF']: taker.document,
      xNome: layoutText(taker.name),
      email: taker.email ? layoutText(taker.email) : undefined,
    },
    serv: {
      locPrest: { cLocPrestacao: data.service.placeIbgeCode },
      cServ: {
        cTribNac: data.service.nationalCode,
        cTribMun: data.service.municipalCode,
        xDescServ: layoutText(data.service.description, { multiline: true }),
        cNBS: data.service.nbsCode,
      },
    },
    valores: {
      vServPrest: { vServ: decimalValue(data.values.serviceCents) },
      trib: {
        tribMun: {
          tribISSQN: '1',
          pAliq: data.values.issRate === undefined ? undefined : rateValue(data.values.issRate),
          tpRetISSQN: data.values.issWithheld ? '2' : '1',
        },
        // No estimate of the taxes (Decreto 8.264/2014): what a small provider without a tax table may say.
        totTrib: { indTotTrib: '0' },
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
  /** The provider's CNPJ, 14 digits. */
  companyCnpj: string;
  /** The DPS number allocated to this request, once, in the database. */
  number: string;
  environment: NfseEnvironment;
  issuedAt: Date;
  appVersion?: string;
};

/** "2026-03" → "03/2026". */
const monthLabel = (competence: string) => `${competence.slice(5, 7)}/${competence.slice(0, 4)}`;

/** The DPS data of a request: the request says what and for whom, the profile how it is taxed. */
export function dpsDataFromRequest(context: DpsContext): DpsData {
  const { request, profile } = context;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(request.competence)) {
    throw new DpsBuildError('competence', 'Informe o mês de competência (AAAA-MM).');
  }
  const issueMonth = saoPauloDateTime(context.issuedAt).slice(0, 7);
  if (request.competence > issueMonth) {
    throw new DpsBuildError(
      'competence',
      `A competência ${monthLabel(request.competence)} é posterior à data de emissão: emita a nota a partir do mês do serviço.`,
    );
  }
  const requestItem = request.serviceItem ? serviceItemDigits(request.serviceItem) : null;
  if (requestItem && requestItem !== profile.serviceCode.slice(0, 4)) {
    throw new DpsBuildError(
      'serviceItem',
      `O item da lista de serviços da solicitação (${request.serviceItem}) não corresponde ao serviço do perfil fiscal ` +
        `(${formatNationalServiceCode(profile.serviceCode)}). Ajuste o perfil fiscal ou a solicitação.`,
    );
  }
  if (!Number.isSafeInteger(request.totalCents) || request.totalCents <= 0) {
    throw new DpsBuildError('totalCents', 'Valor precisa ser maior ou igual a 1 real.');
  }
  const isMei = profile.taxRegime === 'mei';
  return {
    environment: context.environment,
    issuedAt: context.issuedAt,
    appVersion: context.appVersion ?? DPS_APP_VERSION,
    series: profile.dpsSeries,
    number: context.number,
    // The service's month, from its first day: never after the issue date.
    competenceDate: `${request.competence}-01`,
    cityIbgeCode: profile.cityIbgeCode,
    provider: {
      cnpj: context.companyCnpj,
      municipalRegistration: profile.municipalRegistration,
      regTrib: regTribFor(profile),
    },
    taker: {
      kind: request.emissionType,
      document: request.customerDocument,
      name: request.customerName,
      email: request.customerEmail ?? undefined,
    },
    service: {
      nationalCode: profile.serviceCode,
      municipalCode: profile.municipalServiceCode,
      description: request.description,
      nbsCode: profile.nbsCode,
      placeIbgeCode: profile.cityIbgeCode,
    },
    values: {
      serviceCents: request.totalCents,
      issWithheld: request.issWithheld,
      // An MEI's ISS is the fixed amount in its DAS: no rate on the invoice.
      issRate: isMei ? undefined : profile.issRate,
    },
  };
}

/** The unsigned DPS of a request: its id and XML. */
export function buildDpsFromRequest(context: DpsContext): { id: string; xml: string; data: DpsData } {
  const data = dpsDataFromRequest(context);
  return { ...buildDpsXml(data), data };
}
