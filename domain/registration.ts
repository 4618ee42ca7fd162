import type { Address } from './company';
import type { CompanySize, CompanyType } from './enums';

export type CnpjSituation = 'active' | 'suspended' | 'unfit' | 'closed' | 'null' | 'unknown';
export type CnpjPartnerKind = 'company' | 'person' | 'foreign';

export interface CnpjPartner {
  name: string;
  /** A company's 14-character CNPJ; a person's CPF as published, masked ("***123456**"); null when absent. */
  document: string | null;
  kind: CnpjPartnerKind;
  qualification: string | null;
  since: string | null;
}

/** A company's public registration at the Receita Federal, as far as the source tells it. */
export interface CnpjRegistration {
  /** 14 characters, normalized. */
  cnpj: string;
  name: string;
  alias: string | null;
  situation: CnpjSituation;
  situationText: string | null;
  /** ISO date (YYYY-MM-DD). */
  openedAt: string | null;
  legalNature: string | null;
  size: 'ME' | 'EPP' | 'DEMAIS' | null;
  shareCapitalCents: number | null;
  /** `code`: 7 digits. */
  mainActivity: { code: string; text: string } | null;
  secondaryActivities: { code: string; text: string }[];
  simples: boolean | null;
  mei: boolean | null;
  address: Address | null;
  email: string | null;
  /** Digits with area code (10 or 11). */
  phone: string | null;
  partners: CnpjPartner[];
}

/** Text without accents, lower case: how the Receita's free texts are compared. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The company's size and legal nature as its Receita Federal record gives them, where it does: MEI from the SIMEI
 * flag, ME and EPP from the size ("DEMAIS" says too little); the three natures the product handles from their names.
 */
export function companyFieldsFromRegistration(registration: Pick<CnpjRegistration, 'legalNature' | 'size' | 'mei'>): {
  size?: CompanySize;
  type?: CompanyType;
} {
  const nature = plain(registration.legalNature ?? '');
  const type: CompanyType | undefined = /empresario.*individual/.test(nature)
    ? 'on_person'
    : /unipessoal/.test(nature)
      ? 'private_limited'
      : /sociedade empresaria limitada/.test(nature)
        ? 'limited_liability'
        : undefined;
  const size: CompanySize | undefined =
    registration.mei === true ? 'MEI' : registration.size === 'ME' || registration.size === 'EPP' ? registration.size : undefined;
  return { ...(size ? { size } : {}), ...(type ? { type } : {}) };
}

/**
 * A migration's CNPJ the Receita Federal does not know (or could not be asked about): the first step says so and
 * the customer either corrects the number or confirms it and goes on typing the company's data by hand — recorded
 * on the step (`cnpjNotFoundConfirmed`) for the team to check.
 */
export const CNPJ_NOT_FOUND = {
  code: 'cnpj_not_found',
  message: 'Não encontramos este CNPJ na Receita Federal.',
  field: 'Não encontramos este CNPJ na Receita Federal. Confira o número.',
  /** The lookup failed: docs/rules.md treats it as not existing, but the customer is told the truth. */
  unavailable: 'Não conseguimos consultar a Receita Federal agora. Confira o número e tente de novo, ou continue com ele.',
} as const;
