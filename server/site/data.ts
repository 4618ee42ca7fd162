import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Cnae } from '@domain';
import { STATE_CAPITAL_IBGE, cnaeFromRow } from '@domain';
import type { Database } from '../db/client';
import { findCnaes } from '../db/cnaes';
import { cnaes, meiOccupations, municipalities, states } from '../db/schema';

/** The database reads of the public pages. */

export interface City {
  ibgeCode: string;
  name: string;
  slug: string;
  /** UF, e.g. SP. */
  state: string;
  stateName: string;
  isCapital: boolean;
}

const cityColumns = {
  ibgeCode: municipalities.ibgeCode,
  name: municipalities.name,
  slug: municipalities.slug,
  state: municipalities.state,
  stateName: states.name,
};

const withCapital = (row: Omit<City, 'isCapital'>): City => ({
  ...row,
  isCapital: STATE_CAPITAL_IBGE[row.state] === row.ibgeCode,
});

export async function findCity(db: Database, slug: string, uf: string): Promise<City | null> {
  const [row] = await db
    .select(cityColumns)
    .from(municipalities)
    .innerJoin(states, eq(states.uf, municipalities.state))
    .where(and(eq(municipalities.slug, slug), eq(municipalities.state, uf)));
  return row ? withCapital(row) : null;
}

/**
 * Other cities of the same state to link to: the capital first, then the cities around this one in alphabetical
 * order (every city is linked from its neighbours, so a crawler reaches all of them).
 */
export async function neighbourCities(db: Database, city: City, count = 12): Promise<City[]> {
  const sameState = and(eq(municipalities.state, city.state), ne(municipalities.ibgeCode, city.ibgeCode));
  const query = () => db.select(cityColumns).from(municipalities).innerJoin(states, eq(states.uf, municipalities.state));
  const half = Math.ceil(count / 2);
  const [before, after, capital] = await Promise.all([
    query()
      .where(and(sameState, lt(municipalities.slug, city.slug)))
      .orderBy(sql`${municipalities.slug} desc`)
      .limit(half),
    query()
      .where(and(sameState, gt(municipalities.slug, city.slug)))
      .orderBy(asc(municipalities.slug))
      .limit(count),
    query().where(and(sameState, eq(municipalities.ibgeCode, STATE_CAPITAL_IBGE[city.state] ?? ''))),
  ]);
  const around = [...before.reverse(), ...after].slice(0, count);
  const unique = new Map([...capital, ...around].map((row) => [row.ibgeCode, withCapital(row)]));
  // A state of one city (the Federal District) links to the other capitals instead.
  if (unique.size === 0) {
    const capitals = await query()
      .where(inArray(municipalities.ibgeCode, Object.values(STATE_CAPITAL_IBGE)))
      .orderBy(asc(municipalities.name));
    for (const row of capitals) if (row.ibgeCode !== city.ibgeCode) unique.set(row.ibgeCode, withCapital(row));
  }
  return [...unique.values()].slice(0, count);
}

export async function allCities(db: Database): Promise<{ slug: string; state: string }[]> {
  return db
    .select({ slug: municipalities.slug, state: municipalities.state })
    .from(municipalities)
    .orderBy(asc(municipalities.state), asc(municipalities.slug));
}

export interface MeiOccupation {
  occupation: string;
  iss: boolean;
  icms: boolean;
}

export interface CnaeDetail {
  cnae: Cnae;
  occupations: MeiOccupation[];
  /** The other subclasses of the same class. */
  siblings: Cnae[];
}

export async function findCnaeDetail(db: Database, code: string): Promise<CnaeDetail | null> {
  const [row] = await findCnaes(db, [code]);
  if (!row) return null;
  const [occupations, siblings] = await Promise.all([
    db
      .select({ occupation: meiOccupations.occupation, iss: meiOccupations.iss, icms: meiOccupations.icms })
      .from(meiOccupations)
      .where(eq(meiOccupations.cnae, code))
      .orderBy(asc(meiOccupations.occupation)),
    db
      .select({ code: cnaes.code })
      .from(cnaes)
      .where(and(eq(cnaes.classCode, row.hierarchy.class.code), ne(cnaes.code, code)))
      .orderBy(asc(cnaes.code))
      .then((rows) =>
        findCnaesByCode(
          db,
          rows.map((sibling) => sibling.code),
        ),
      ),
  ]);
  return { cnae: cnaeFromRow(row), occupations, siblings };
}

/** The subclasses with these codes, in the order asked; unknown codes are left out. */
export async function findCnaesByCode(db: Database, codes: string[]): Promise<Cnae[]> {
  return (await findCnaes(db, codes)).map(cnaeFromRow);
}

export async function allCnaes(db: Database): Promise<{ code: string; text: string }[]> {
  return db.select({ code: cnaes.code, text: cnaes.text }).from(cnaes).where(eq(cnaes.isActive, true)).orderBy(asc(cnaes.code));
}
