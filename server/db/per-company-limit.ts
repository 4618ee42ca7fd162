import { count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './executor';
import { companies } from './schema';

/**
 * Whether the company may have one more row of `table` (at most `max`, the page size its list answers in one go).
 * Call it inside the transaction that inserts: the company's row is locked (`for no key update`, which foreign-key
 * checks do not wait for), so two requests at once cannot both take the last place.
 */
export async function hasRoomFor(
  tx: DbExecutor,
  table: PgTable,
  companyColumn: AnyPgColumn,
  companyId: string,
  max: number,
): Promise<boolean> {
  await tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${companyId} for no key update`);
  const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(companyColumn, companyId));
  return n < max;
}
