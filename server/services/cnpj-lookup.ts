import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import type { Address, CnpjPartner, CnpjPartnerKind, CnpjRegistration, CnpjSituation } from '@domain';
import { UFS, normalizeCnpj, onlyDigits } from '@domain';
import { municipality } from '../seed/municipalities';

/** The lookup could not answer (network, timeout, 5xx, rate limit, unreadable answer): try again later. */
export class CnpjLookupUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CnpjLookupUnavailable';
  }
}

export interface CnpjLookup {
  /** null when the CNPJ is invalid or not registered; throws `CnpjLookupUnavailable` when the source fails. */
  find(cnpj: string): Promise<CnpjRegistration | null>;
}

export interface BrasilApiLookupOptions {
  /** https://brasilapi.com.br in production; the local fake in dev mode and tests. */
  baseUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 8_000;
const RETRY_DELAY_MS = 200;

/** Failures worth one more try: the service or the network hiccupped. */
class Retryable extends Error {}

/** CNPJ lookup through BrasilAPI (`GET /api/cnpj/v1/{cnpj}`), retried once on 5xx, timeouts and network errors. */
export function createBrasilApiLookup(options: BrasilApiLookupOptions): CnpjLookup {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function attempt(cnpj: string): Promise<CnpjRegistration | null> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchFn(new URL(`api/cnpj/v1/${cnpj}`, base), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status >= 500) throw new Retryable(`BrasilAPI answered HTTP ${response.status}`);
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new CnpjLookupUnavailable(`BrasilAPI answered HTTP ${response.status}`);
      body = await response.json().catch((error: unknown) => {
        throw new CnpjLookupUnavailable('BrasilAPI answered a body that is not JSON', { cause: error });
      });
    } catch (error) {
      if (error instanceof Retryable || error instanceof CnpjLookupUnavailable) throw error;
      // Timeouts (AbortSignal) and network failures (fetch's TypeError) alike.
      throw new Retryable(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const registration = registrationFromBrasilApi(body, cnpj);
    if (!registration) throw new CnpjLookupUnavailable('BrasilAPI answered a record without company data');
    return registration;
  }

  return {
    async find(input) {
      const cnpj = normalizeCnpj(input);
      if (cnpj.length !== 14 || !isValidCnpj(cnpj, { version: 2 })) return null;
      try {
        return await attempt(cnpj);
      } catch (first) {
        if (!(first instanceof Retryable)) throw first;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        try {
          return await attempt(cnpj);
        } catch (second) {
          if (second instanceof Retryable) {
            throw new CnpjLookupUnavailable(`CNPJ lookup unavailable: ${second.message}`, { cause: second.cause ?? second });
          }
          throw second;
        }
      }
    },
  };
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Trimmed text with inner runs of spaces collapsed (the Receita's data has many); empty → null. */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

function integer(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** "2019-03-12", "2019-03-12T00:00:00" or "12/03/2019" → "2019-03-12". */
function isoDate(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) ?? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
  if (!match) return null;
  const [year, month, day] = match[1].length === 4 ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${year}-${month}-${day}`;
}

/** A CNAE subclass code as 7 digits; BrasilAPI sends integers, so leading zeros are lost. */
function cnaeCode(value: unknown): string | null {
  const digits = onlyDigits(text(value) ?? '');
  if (!digits || Number(digits) === 0 || digits.length > 7) return null;
  return digits.padStart(7, '0');
}

/** Reais (a number, "50000.00" or "50.000,00") → centavos. */
function cents(value: unknown): number | null {
  let amount: number | null = null;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && value.trim() !== '') {
    const raw = value.trim();
    amount = Number(raw.includes(',') ? raw.replace(/\./g, '').replace(',', '.') : raw);
  }
  return amount !== null && Number.isFinite(amount) && amount >= 0 ? Math.round(amount * 100) : null;
}

function plain(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

const SITUATION_BY_CODE: Record<number, CnpjSituation> = { 1: 'null', 2: 'active', 3: 'suspended', 4: 'unfit', 8: 'closed' };
const SITUATION_BY_TEXT: Record<string, CnpjSituation> = {
  NULA: 'null',
  ATIVA: 'active',
  SUSPENSA: 'suspended',
  INAPTA: 'unfit',
  BAIXADA: 'closed',
};

function situationOf(code: unknown, description: string | null): CnpjSituation {
  const byCode = SITUATION_BY_CODE[integer(code) ?? -1];
  return byCode ?? (description ? SITUATION_BY_TEXT[plain(description)] : undefined) ?? 'unknown';
}

const SIZE_BY_TEXT: Record<string, CnpjRegistration['size']> = {
  'MICRO EMPRESA': 'ME',
  ME: 'ME',
  'EMPRESA DE PEQUENO PORTE': 'EPP',
  EPP: 'EPP',
  DEMAIS: 'DEMAIS',
};
const SIZE_BY_CODE: Record<number, CnpjRegistration['size']> = { 1: 'ME', 3: 'EPP', 5: 'DEMAIS' };

function sizeOf(porte: unknown, code: unknown): CnpjRegistration['size'] {
  const description = text(porte);
  return (description && SIZE_BY_TEXT[plain(description)]) || SIZE_BY_CODE[integer(code) ?? -1] || null;
}

const WITHOUT_NUMBER = /^(S\/?N|S\.N\.?|SEM NUMERO|SEM N)$/;

function addressOf(json: Json): Address | null {
  const cepDigits = onlyDigits(text(json.cep) ?? '');
  // A numeric `cep` loses its leading zero (01001000 → 1001000).
  const zipCode = cepDigits.length === 7 || cepDigits.length === 8 ? cepDigits.padStart(8, '0') : null;
  const uf = text(json.uf)?.toUpperCase();
  // "EX" is the Receita's state for companies abroad: no Brazilian address to offer.
  const state = UFS.find((known) => known === uf);
  const ibge = text(json.codigo_municipio_ibge);
  // The IBGE table gives the city its accented name; the Receita spells it "SAO PAULO".
  const city = (ibge && municipality(ibge)?.name) || text(json.municipio);
  if (!zipCode || !state || !city) return null;

  const type = text(json.descricao_tipo_de_logradouro);
  const name = text(json.logradouro);
  const street = type && name && !plain(name).startsWith(`${plain(type)} `) ? `${type} ${name}` : (name ?? type ?? '');
  const rawNumber = text(json.numero);
  const number = rawNumber && WITHOUT_NUMBER.test(plain(rawNumber)) ? 'S/N' : rawNumber;
  const complement = text(json.complemento);
  return {
    zipCode,
    state,
    city,
    street,
    ...(number ? { number } : {}),
    ...(complement ? { complement } : {}),
    neighborhood: text(json.bairro) ?? '',
  };
}

function phoneOf(value: unknown): string | null {
  const digits = onlyDigits(text(value) ?? '');
  return digits.length === 10 || digits.length === 11 ? digits : null;
}

function emailOf(value: unknown): string | null {
  const email = text(value)?.toLowerCase();
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

const PARTNER_KIND: Record<number, CnpjPartnerKind> = { 1: 'company', 2: 'person', 3: 'foreign' };

function partnerOf(value: unknown): CnpjPartner | null {
  if (!isObject(value)) return null;
  const name = text(value.nome_socio);
  if (!name) return null;
  const rawDocument = text(value.cnpj_cpf_do_socio);
  const kind = PARTNER_KIND[integer(value.identificador_de_socio) ?? -1] ?? (rawDocument?.length === 14 ? 'company' : 'person');
  const document = rawDocument && kind === 'company' ? normalizeCnpj(rawDocument) : rawDocument;
  return {
    name,
    document: document || null,
    kind,
    qualification: text(value.qualificacao_socio),
    since: isoDate(value.data_entrada_sociedade),
  };
}

function activityOf(code: unknown, description: unknown): { code: string; text: string } | null {
  const clean = cnaeCode(code);
  return clean ? { code: clean, text: text(description) ?? '' } : null;
}

/**
 * A BrasilAPI CNPJ record → `CnpjRegistration`, or null when it is not a company record at all. Defensive: the
 * service mixes empty strings and nulls, sends integers for codes and CEPs, and "S/N" for a missing number.
 */
export function registrationFromBrasilApi(json: unknown, requestedCnpj?: string): CnpjRegistration | null {
  if (!isObject(json)) return null;
  const name = text(json.razao_social);
  const cnpj = normalizeCnpj(text(json.cnpj) ?? '').padStart(14, '0');
  const validCnpj = cnpj !== '00000000000000' && cnpj.length === 14 ? cnpj : requestedCnpj && normalizeCnpj(requestedCnpj);
  if (!name || !validCnpj) return null;
  const situationText = text(json.descricao_situacao_cadastral);
  return {
    cnpj: validCnpj,
    name,
    alias: text(json.nome_fantasia),
    situation: situationOf(json.situacao_cadastral, situationText),
    situationText,
    openedAt: isoDate(json.data_inicio_atividade),
    legalNature: text(json.natureza_juridica),
    size: sizeOf(json.porte, json.codigo_porte),
    shareCapitalCents: cents(json.capital_social),
    mainActivity: activityOf(json.cnae_fiscal, json.cnae_fiscal_descricao),
    secondaryActivities: (Array.isArray(json.cnaes_secundarios) ? json.cnaes_secundarios : [])
      .map((item) => (isObject(item) ? activityOf(item.codigo, item.descricao) : null))
      .filter((item) => item !== null),
    simples: bool(json.opcao_pelo_simples),
    mei: bool(json.opcao_pelo_mei),
    address: addressOf(json),
    email: emailOf(json.email),
    phone: phoneOf(json.ddd_telefone_1) ?? phoneOf(json.ddd_telefone_2),
    partners: (Array.isArray(json.qsa) ? json.qsa : []).map(partnerOf).filter((partner) => partner !== null),
  };
}
