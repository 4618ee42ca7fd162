import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cnaes, meiOccupations, municipalities, states } from '../db/schema';
import { allStates } from './municipalities';

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

function readData<T>(file: string): T[] {
  return JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T[];
}

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
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
    await applyCnaeTaxNotes(db);
    return false;
  }
  const occupations = readData<MeiOccupation>('mei-occupations.json');
  const meiCodes = new Set(occupations.map((o) => o.cnae));
  await db.transaction(async (tx) => {
    await tx.insert(states).values(allStates());
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
  });
  await applyCnaeTaxNotes(db);
  return true;
}
