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

/** Blog list page size (spec §9: the content API's page size). */
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

/* ---------------------------------------------------------------- consent (spec §9) */

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
 * The two cookies to write for a choice, with the one-year expiry of spec §9; `protocol` is the page's
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
