import type { Address } from './company';

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
