/**
 * The public site's rules shared by the server that renders it and the small scripts that enhance it: page
 * addresses, the consent cookies, and facts about the states the city pages need.
 */
import { CONSENT_COOKIES, PAGE_SIZE } from './constants';
import { citySlug } from './slug';

/** Where the site's calls to action start a signup, on the opening or the migration track. */
export const SIGNUP_LINKS = {
  open: '/app/login?mode=signup&track=create-company',
  migrate: '/app/login?mode=signup&track=migrate-company',
} as const;

/** Blog list page size (docs/rules.md: the content API's page size). */
export const BLOG_PAGE_SIZE = PAGE_SIZE.contentStories;

/** `/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda`. */
export function cnaePath(code: string, text: string): string {
  return `/tools/cnae/${code}-${citySlug(text)}`;
}

/** The code of a CNAE detail segment (`6201501-…`), or null when it does not start with a 7-digit code. */
export function cnaeCodeOfSegment(segment: string): string | null {
  const match = /^(\d{7})(?:-[a-z0-9-]*)?$/.exec(segment);
  return match ? match[1] : null;
}

/** `sao-paulo-sp` → `{ slug: 'sao-paulo', uf: 'SP' }`; null when the segment has no city or no two-letter state. */
export function parseCityStateSegment(segment: string): { slug: string; uf: string } | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z]{2})$/.exec(segment);
  return match ? { slug: match[1], uf: match[2].toUpperCase() } : null;
}

export type CityPageKind = 'contabilidade' | 'contador';

export function cityPath(kind: CityPageKind, city: { slug: string; state: string }): string {
  return `/${kind === 'contabilidade' ? 'contabilidade-em' : 'contador-em'}/${city.slug}-${city.state.toLowerCase()}`;
}

/** Each state's commercial registry, where companies are registered (the city pages name it). */
export const JUNTA_COMERCIAL: Readonly<Record<string, string>> = {
  AC: 'JUCEAC',
  AL: 'JUCEAL',
  AM: 'JUCEA',
  AP: 'JUCAP',
  BA: 'JUCEB',
  CE: 'JUCEC',
  DF: 'JUCIS-DF',
  ES: 'JUCEES',
  GO: 'JUCEG',
  MA: 'JUCEMA',
  MG: 'JUCEMG',
  MS: 'JUCEMS',
  MT: 'JUCEMAT',
  PA: 'JUCEPA',
  PB: 'JUCEP',
  PE: 'JUCEPE',
  PI: 'JUCEPI',
  PR: 'JUCEPAR',
  RJ: 'JUCERJA',
  RN: 'JUCERN',
  RO: 'JUCER',
  RR: 'JUCERR',
  RS: 'JucisRS',
  SC: 'JUCESC',
  SE: 'JUCESE',
  SP: 'JUCESP',
  TO: 'JUCETINS',
};

/** IBGE codes of the state capitals (Brasília for the Federal District). */
export const STATE_CAPITAL_IBGE: Readonly<Record<string, string>> = {
  AC: '1200401',
  AL: '2704302',
  AM: '1302603',
  AP: '1600303',
  BA: '2927408',
  CE: '2304400',
  DF: '5300108',
  ES: '3205309',
  GO: '5208707',
  MA: '2111300',
  MG: '3106200',
  MS: '5002704',
  MT: '5103403',
  PA: '1501402',
  PB: '2507507',
  PE: '2611606',
  PI: '2211001',
  PR: '4106902',
  RJ: '3304557',
  RN: '2408102',
  RO: '1100205',
  RR: '1400100',
  RS: '4314902',
  SC: '4205407',
  SE: '2800308',
  SP: '3550308',
  TO: '1721000',
};

/**
 * The article a city's name takes, by IBGE code: "no Rio de Janeiro", "na Serra"; every other city takes none ("em
 * Recife", "de Salvador"). Kept as data, city by city, because no rule tells it from the name.
 */
export const CITY_ARTICLE: Readonly<Record<string, 'o' | 'a' | 'os' | 'as'>> = {
  '3304557': 'o', // Rio de Janeiro (RJ)
  '4315602': 'o', // Rio Grande (RS)
  '3518701': 'o', // Guarujá (SP)
  '2304202': 'o', // Crato (CE)
  '2304285': 'o', // Eusébio (CE)
  '2610707': 'o', // Paulista (PE)
  '2602902': 'o', // Cabo de Santo Agostinho (PE)
  '2400208': 'o', // Açu (RN)
  '3205002': 'a', // Serra (ES)
  '3541000': 'a', // Praia Grande (SP)
  '4113205': 'a', // Lapa (PR)
};

const IN_ARTICLE = { o: 'no', a: 'na', os: 'nos', as: 'nas' } as const;
const OF_ARTICLE = { o: 'do', a: 'da', os: 'dos', as: 'das' } as const;

/** "em Recife", "no Rio de Janeiro", "na Serra": where, with the city's own preposition. */
export function inCity(city: { ibgeCode: string; name: string }, name = city.name): string {
  const article = CITY_ARTICLE[city.ibgeCode];
  return `${article ? IN_ARTICLE[article] : 'em'} ${name}`;
}

/** The article a state's name takes ("da Bahia", "do Paraná"); the others take none ("de São Paulo", "de Goiás"). */
export const STATE_ARTICLE: Readonly<Record<string, 'o' | 'a'>> = {
  AC: 'o',
  AP: 'o',
  AM: 'o',
  BA: 'a',
  CE: 'o',
  DF: 'o',
  ES: 'o',
  MA: 'o',
  PA: 'o',
  PB: 'a',
  PR: 'o',
  PI: 'o',
  RJ: 'o',
  RN: 'o',
  RS: 'o',
  TO: 'o',
};

/** "de São Paulo", "da Bahia", "do Rio Grande do Sul". */
export function ofState(state: { state: string; stateName: string }): string {
  const article = STATE_ARTICLE[state.state];
  return `${article ? OF_ARTICLE[article] : 'de'} ${state.stateName}`;
}

/** "de Recife", "do Rio de Janeiro", "da Serra". */
export function ofCity(city: { ibgeCode: string; name: string }, name = city.name): string {
  const article = CITY_ARTICLE[city.ibgeCode];
  return `${article ? OF_ARTICLE[article] : 'de'} ${name}`;
}

/* ---------------------------------------------------------------- consent (docs/rules.md) */

/** The optional cookies a visitor may allow; the strictly necessary ones need no consent. */
export const OPTIONAL_COOKIES = [{ id: 'analytics', loads: 'tag-manager' }] as const;
export type OptionalCookieId = (typeof OPTIONAL_COOKIES)[number]['id'];

/** Enabled ids are kept in `ncc_e` separated by this character. */
const ID_SEPARATOR = '|';

export interface ConsentState {
  /** Whether the visitor has answered the banner (`ncc_c`). */
  given: boolean;
  /** The optional cookies they allowed (`ncc_e`). */
  enabled: OptionalCookieId[];
}

/** Reads the two consent cookies' values (undefined when absent). */
export function readConsent(consentCookie: string | undefined, enabledCookie: string | undefined): ConsentState {
  const known = new Set<string>(OPTIONAL_COOKIES.map((cookie) => cookie.id));
  const enabled = (enabledCookie ?? '').split(ID_SEPARATOR).filter((id): id is OptionalCookieId => known.has(id));
  return { given: consentCookie === 'true', enabled: [...new Set(enabled)] };
}

/** How a consent cookie is written (js-cookie's attributes): a year, the whole site, Lax. */
export interface ConsentCookieAttributes {
  expires: number;
  path: '/';
  sameSite: 'lax';
  /** Over https only: a page served over https never sends it in clear; over http (the local demo) it must not be set. */
  secure: boolean;
}

/**
 * The two cookies to write for a choice, with the one-year expiry of docs/rules.md; `protocol` is the page's
 * (`location.protocol`).
 */
export function consentCookies(
  enabled: readonly OptionalCookieId[],
  protocol: string,
): { name: string; value: string; attributes: ConsentCookieAttributes }[] {
  const attributes: ConsentCookieAttributes = {
    expires: CONSENT_COOKIES.maxAgeDays,
    path: '/',
    sameSite: 'lax',
    secure: protocol === 'https:',
  };
  return [
    { name: CONSENT_COOKIES.consent, value: 'true', attributes },
    { name: CONSENT_COOKIES.extra, value: enabled.join(ID_SEPARATOR), attributes },
  ];
}
