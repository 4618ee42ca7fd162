import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database the server works with, whichever engine runs it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabase {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  /** PGlite with its files in a folder, or in memory when no folder is given. */
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; maxConnections?: number };

/** Opens the database and brings its schema up to date (the same migrations on both engines). */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    // An idle connection the server drops (restart, failover, DROP DATABASE) emits an error on the pool; without a
    // listener it would end the process. The pool replaces the connection; the next query reports a real failure.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Database, engine: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    dataDir = join(target.dataDir, 'pglite');
  }
  // Extensions must be loaded by this instance: Drizzle's migrator then runs CREATE EXTENSION on it.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, engine: 'pglite', close: () => client.close() };
}
