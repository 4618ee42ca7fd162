import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** The database, or a transaction of it: the queries of server/db run in either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Reads that do not depend on one another: side by side on the pool, one after another in a transaction. A
 * transaction is one connection, where node-postgres queues a statement sent while another runs — deprecated, and
 * refused from pg 9 on.
 */
export async function readTogether<T extends readonly unknown[] | []>(
  db: DbExecutor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
