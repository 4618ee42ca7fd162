import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database the server works with, whichever engine runs it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabase {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its files as one archive, to open copies of this database from (`loadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Codes of a database that cannot be reached or is going away: refused, reset or timed-out connections, SQLSTATE class
 * 08 (connection exception), and 57P01–57P03 (terminated by an administrator or a crash, not accepting connections
 * yet — a restart).
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);
/** node-postgres reports a connection lost under a query or a client without a code. */
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /is not queryable/, /^timeout exceeded when trying to connect/];

/**
 * The PostgreSQL error inside whatever wraps it (Drizzle's `DrizzleQueryError.cause`): its SQLSTATE code and, for a
 * broken constraint, the constraint's name. Empty when the error did not come from the database.
 */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string') return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = cause;
  }
  return {};
}

/**
 * Whether an error says the database is unreachable for now (the request may succeed later: 503), looking through
 * the wrappers Drizzle puts around a driver's error (`DrizzleQueryError.cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** Its files in this folder; in memory when none is given. */
      dataDir?: string;
      /**
       * Starts from these files (PGlite's `dumpDataDir()` of a database already migrated) instead of an empty
       * cluster: the server tests copy one migrated database per file (tests/support/pglite-template.ts).
       */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number };

/** Opens the database and brings its schema up to date (the same migrations on both engines). */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  // Each engine's driver loads only when that engine is used (the other's is ~0.3 s of a start here).
  if (target.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    // An idle connection the server drops (restart, failover, DROP DATABASE) emits an error on the pool; without a
    // listener it would end the process. The pool replaces the connection; the next query reports a real failure.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    // A connection checked out of the pool (a transaction's, between two statements) that the server drops also emits
    // an error, with no listener of the pool's then: without this one it would end the process too. The statement
    // under way, or the next one, fails with the error (the API answers 503) and the pool discards the connection.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Database, engine: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    dataDir = join(target.dataDir, 'pglite');
  }
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // Extensions must be loaded by this instance: Drizzle's migrator then runs CREATE EXTENSION on it.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: target.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const maintenance = startPgliteMaintenance(client, PGLITE_MAINTENANCE_MS);
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await maintenance.stop();
      await client.close();
    },
  };
}

/** How often PGlite's stand-in for autovacuum looks at the tables (PostgreSQL's `autovacuum_naptime`). */
export const PGLITE_MAINTENANCE_MS = 60_000;

/**
 * PGlite is PostgreSQL in one process without the autovacuum daemon: left alone, its tables are never analysed — the
 * planner, without statistics, took an account of 100,000 movements for 580 rows and sorted all of them for each
 * page — nor vacuumed (dead rows pile up; no visibility map, so no index-only scans). This does what autovacuum does,
 * with its default thresholds, every `intervalMs`, between queries (PGlite runs one statement at a time and waits
 * for an open transaction to end).
 */
export function startPgliteMaintenance(client: PGlite, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    const { rows } = await client.query<{ name: string; analyze: boolean; vacuum: boolean }>(`
      select format('%I.%I', schemaname, relname) as name,
        n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze,
        n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as vacuum
      from pg_stat_user_tables`);
    for (const { name, analyze, vacuum } of rows) {
      if (vacuum) await client.exec(`vacuum ${analyze ? '(analyze) ' : ''}${name}`);
      else if (analyze) await client.exec(`analyze ${name}`);
    }
  };
  const timer = setInterval(() => {
    running = running.then(pass).catch((error: Error) => console.warn(`PGlite maintenance failed: ${error.message}`));
  }, intervalMs);
  // Never the reason a process stays alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
