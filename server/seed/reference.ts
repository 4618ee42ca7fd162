import { readFileSync } from 'node:fs';
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cnaes, meiOccupations, municipalities, states } from '../db/schema';

interface CnaeSubclass {
  code: string;
  formatted: string;
  text: string;
  class: string;
  classText: string;
  group: string;
  groupText: string;
  division: string;
  divisionText: string;
  section: string;
  sectionText: string;
}
interface MeiOccupation {
  occupation: string;
  cnae: string;
  iss: boolean;
  icms: boolean;
}
interface Municipality {
  ibgeCode: string;
  name: string;
  state: string;
  slug: string;
}
/** Simples Nacional notes for the subclasses whose annex the law names (see data/README.md). */
interface CnaeTaxNote {
  code: string;
  simplesAnnex: string;
  rFactor: boolean;
  basis: string;
  obs?: string;
}
interface State {
  uf: string;
  name: string;
  ibgeCode: string;
}

function readData<T>(file: string): T[] {
  return JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T[];
}

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * The weighted search vector of every CNAE subclass: its text and MEI occupations (A), class (B), group (C) and
 * division (D), accents removed and stemmed in Portuguese.
 */
export async function refreshCnaeSearch(db: Database): Promise<void> {
  await db.execute(sql`
    update cnaes c set search_vector =
      setweight(to_tsvector('portuguese', unaccent(c.text)), 'A') ||
      setweight(to_tsvector('portuguese', unaccent(coalesce(o.names, ''))), 'A') ||
      setweight(to_tsvector('portuguese', unaccent(c.class_text)), 'B') ||
      setweight(to_tsvector('portuguese', unaccent(c.group_text)), 'C') ||
      setweight(to_tsvector('portuguese', unaccent(c.division_text)), 'D')
    from (
      select cnaes.code, string_agg(m.occupation, ' ') as names
      from cnaes left join mei_occupations m on m.cnae = cnaes.code
      group by cnaes.code
    ) o
    where o.code = c.code`);
}

/** Writes the tax notes onto their subclasses; run at every start, so an edited notes file takes effect. */
export async function applyCnaeTaxNotes(db: Database): Promise<void> {
  const notes = readData<CnaeTaxNote>('cnae-tax-notes.json');
  await db.transaction(async (tx) => {
    for (const note of notes) {
      await tx
        .update(cnaes)
        .set({ isRFactor: note.rFactor, taxRates: { simplesAnnex: note.simplesAnnex, basis: note.basis }, obs: note.obs ?? null })
        .where(eq(cnaes.code, note.code));
    }
  });
}

/** Loads CNAE subclasses, MEI occupations, states and municipalities once, in one transaction. */
export async function seedReferenceData(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(cnaes);
  if (n > 0) {
    // A database seeded before the search existed gets its vectors now.
    const [{ missing }] = await db.select({ missing: count() }).from(cnaes).where(isNull(cnaes.searchVector));
    if (missing > 0) await refreshCnaeSearch(db);
    await applyCnaeTaxNotes(db);
    return false;
  }
  const occupations = readData<MeiOccupation>('mei-occupations.json');
  const meiCodes = new Set(occupations.map((o) => o.cnae));
  await db.transaction(async (tx) => {
    await tx.insert(states).values(readData<State>('states.json'));
    await insertInBatches(readData<Municipality>('municipalities.json'), (batch) => tx.insert(municipalities).values(batch));
    await insertInBatches(readData<CnaeSubclass>('cnae-subclasses.json'), (batch) =>
      tx.insert(cnaes).values(
        batch.map((c) => ({
          code: c.code,
          formatted: c.formatted,
          text: c.text,
          classCode: c.class,
          classText: c.classText,
          groupCode: c.group,
          groupText: c.groupText,
          divisionCode: c.division,
          divisionText: c.divisionText,
          sectionCode: c.section,
          sectionText: c.sectionText,
          isAllowedMei: meiCodes.has(c.code),
        })),
      ),
    );
    await insertInBatches(occupations, (batch) =>
      tx.insert(meiOccupations).values(batch.map(({ occupation, cnae, iss, icms }) => ({ occupation, cnae, iss, icms }))),
    );
    await refreshCnaeSearch(tx as unknown as Database);
  });
  await applyCnaeTaxNotes(db);
  return true;
}
