import { MINIMUM_WAGE, SIMEI_RULES } from './meiTables';
import { addMonths, versionAt } from './periods';

/** What the MEI does, for its fixed ICMS and ISS: commerce or industry (ICMS), services (ISS), or both. */
export const MEI_ACTIVITY_KINDS = ['commerce', 'services', 'both'] as const;
export type MeiActivityKind = (typeof MEI_ACTIVITY_KINDS)[number];

export interface DasMei {
  competence: string;
  /** The 20th of the following month, before any move to a business day (docs/taxes.md). */
  dueDate: string;
  minimumWageCents: number;
  inssCents: number;
  icmsCents: number;
  issCents: number;
  totalCents: number;
  source: string;
}

/**
 * The fixed monthly DAS-MEI (LC 123 art. 18-A § 3 V, art. 18-F): INSS 5 % of the minimum wage (12 % for the MEI
 * Caminhoneiro), plus R$ 1 of ICMS and/or R$ 5 of ISS. Due even in a month without revenue.
 */
export function dasMei(competence: string, activity: MeiActivityKind, options: { truckDriver?: boolean } = {}): DasMei {
  const wage = versionAt(MINIMUM_WAGE, competence);
  const simei = versionAt(SIMEI_RULES, competence);
  const rate = options.truckDriver ? simei.value.truckDriverInssRate : simei.value.inssRate;
  if (rate === null) throw new RangeError(`No MEI Caminhoneiro in ${competence}`);
  // Half up to the centavo; every minimum wage so far gives whole centavos.
  const inssCents = Math.round((wage.value * rate) / 10_000);
  const icmsCents = activity === 'services' ? 0 : simei.value.icmsCents;
  const issCents = activity === 'commerce' ? 0 : simei.value.issCents;
  return {
    competence,
    dueDate: `${addMonths(competence, 1)}-20`,
    minimumWageCents: wage.value,
    inssCents,
    icmsCents,
    issCents,
    totalCents: inssCents + icmsCents + issCents,
    source: `${simei.source}; salário mínimo: ${wage.source}`,
  };
}

/** The twelve DAS-MEI of a calendar year. */
export function dasMeiYear(year: number, activity: MeiActivityKind, options: { truckDriver?: boolean } = {}): DasMei[] {
  return Array.from({ length: 12 }, (_, i) => dasMei(`${year}-${String(i + 1).padStart(2, '0')}`, activity, options));
}
