/**
 * Rules that change by period are kept as lists of versions, each valid from a month (YYYY-MM) until the next one
 * starts, with the source it was copied from. Adding next year's figures is one more entry (docs/taxes.md).
 */
export interface Version<T> {
  /** The first competence (YYYY-MM) the version applies to. */
  from: string;
  /** Where the figures come from: the law, decree or resolution. */
  source: string;
  value: T;
}

const COMPETENCE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isCompetence(text: string): boolean {
  return COMPETENCE.test(text);
}

/** The version in force in a competence (YYYY-MM); a competence before the first version is refused. */
export function versionAt<T>(versions: readonly Version<T>[], competence: string): Version<T> {
  if (!isCompetence(competence)) throw new RangeError(`Invalid competence: ${competence}`);
  let found: Version<T> | undefined;
  // Compared as text: YYYY-MM sorts as dates do.
  for (const version of versions) if (version.from <= competence && (!found || version.from > found.from)) found = version;
  if (!found) throw new RangeError(`No rule in force in ${competence}`);
  return found;
}

/** The competence n months after (or before, n < 0) another. */
export function addMonths(competence: string, n: number): string {
  const match = COMPETENCE.exec(competence);
  if (!match) throw new RangeError(`Invalid competence: ${competence}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from one competence to another (0 when equal, negative when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const index = (c: string) => {
    const match = COMPETENCE.exec(c);
    if (!match) throw new RangeError(`Invalid competence: ${c}`);
    return Number(match[1]) * 12 + Number(match[2]) - 1;
  };
  return index(to) - index(from);
}
