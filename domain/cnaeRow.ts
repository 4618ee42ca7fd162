/**
 * A CNAE subclass as the server sends it and as the screens read it: types and plain functions only, no schema
 * library, so a public page that lists subclasses (the CNAE search's island) loads nothing more.
 */

/** One level of the CNAE hierarchy above a subclass (section, division, group or class). */
export interface CnaeLevel {
  code: string;
  text: string;
}

export interface CnaeHierarchy {
  section: CnaeLevel;
  division: CnaeLevel;
  group: CnaeLevel;
  class: CnaeLevel;
}

/** A CNAE subclass as the server sends it (conventions: CNAE rows leave the server in snake_case). */
export interface CnaeRow {
  code: string;
  formatted: string;
  text: string;
  tax_rates: Record<string, unknown> | null;
  is_allowed_mei: boolean;
  is_r_factor: boolean | null;
  cnae_allowed_activities: string[];
  cnae_not_allowed_activities: string[];
  obs: string | null;
  hierarchy: CnaeHierarchy;
  is_active: boolean;
}

/** A CNAE subclass on the client, with the names of docs/rules.md. */
export interface Cnae {
  code: string;
  formatted: string;
  text: string;
  taxRates: Record<string, unknown> | null;
  isAllowedMei: boolean;
  isRFactor: boolean | null;
  cnaeAllowedActivities: string[];
  cnaeNotAllowedActivities: string[];
  obs: string | null;
  hierarchy: CnaeHierarchy;
  isActive: boolean;
}

/** A subclass suggested for a description of the business, with how well it fits (0 to 1). */
export type CnaeMatch = CnaeRow & { score: number };

export function cnaeFromRow(row: CnaeRow): Cnae {
  return {
    code: row.code,
    formatted: row.formatted,
    text: row.text,
    taxRates: row.tax_rates,
    isAllowedMei: row.is_allowed_mei,
    isRFactor: row.is_r_factor,
    cnaeAllowedActivities: row.cnae_allowed_activities,
    cnaeNotAllowedActivities: row.cnae_not_allowed_activities,
    obs: row.obs,
    hierarchy: row.hierarchy,
    isActive: row.is_active,
  };
}
