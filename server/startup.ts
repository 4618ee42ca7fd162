import type { DatabaseTarget, OpenDatabase } from './db/client';
import { isDatabaseUnavailable, openDatabase, pgErrorOf } from './db/client';
import type { ServerConfig } from './config';
import { loadConfig } from './config';

/**
 * A start that cannot go on for a reason the operator can fix (a setting, a database that never came, a port in use):
 * said in one line, without a stack trace, and the process exits non-zero.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Prints why the start failed — one line for an expected condition, the whole error otherwise — and exits 1. */
export function exitOnStartupFailure(error: unknown): never {
  if (error instanceof StartupError) console.error(error.message);
  else console.error('The server could not start:', error);
  process.exit(1);
}

/** The configuration, or a `StartupError` saying which setting is wrong. */
export function loadStartupConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    throw new StartupError(`Configuration: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Network errors that may pass: the database host not answering yet (a restart, a container still starting). */
const TRANSIENT_NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'no answer',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name not resolved yet',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  '57P03': 'PostgreSQL is starting up',
  '57P01': 'PostgreSQL is shutting down',
  '28P01': 'password refused',
  '28000': 'authentication refused',
  '3D000': 'the database does not exist',
};

/** The first network or PostgreSQL code in an error and what it wraps. */
function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown[]; cause?: unknown };
    if (typeof code === 'string') return code;
    // Node reports a host with several addresses as an AggregateError of each attempt.
    if (Array.isArray(errors) && errors.length) current = errors[0];
    else current = cause;
  }
  return pgErrorOf(error).code;
}

/** What went wrong, in a few words, never with the password. */
export function databaseFailureReason(error: unknown): string {
  const code = codeOf(error);
  if (code && REASONS[code]) return REASONS[code];
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout/i.test(message)) return 'no answer';
  return (message.split('\n')[0] || 'unknown error').replace(/postgres(ql)?:\/\/[^\s]*/gi, '<DATABASE_URL>');
}

/** Whether trying again later may succeed: the database or its host not reachable yet, not a wrong setting. */
export function isTransientDatabaseFailure(error: unknown): boolean {
  const code = codeOf(error);
  if (code && TRANSIENT_NETWORK_CODES.has(code)) return true;
  if (isDatabaseUnavailable(error)) return true;
  return error instanceof Error && /timeout/i.test(error.message);
}

/** `host:port/database` of a connection string, for messages (never the user or password). */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host || 'localhost'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** One connection, one round trip: whether PostgreSQL answers, within `timeoutMs` for the connection. */
async function probe(url: string, timeoutMs: number): Promise<void> {
  // pg loads only for PostgreSQL (server/db/client.ts).
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // An error after connecting (the server going away) must not end the process: the next attempt reports.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

export interface WaitOptions {
  /** How long to keep trying (seconds) before giving up. */
  waitSeconds: number;
  log: (line: string) => void;
  /** First pause between attempts; each further one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** One attempt's connection timeout. */
  connectTimeoutMs?: number;
  /** Reference and demo data: run once the schema is migrated, under the same start-up lock. */
  setup?: (db: OpenDatabase['db']) => Promise<void>;
}

/** Migrates and runs `setup`, closing the database when either fails. */
async function openAndSetUp(target: DatabaseTarget, setup: WaitOptions['setup']): Promise<OpenDatabase> {
  const database = await openDatabase(target);
  try {
    await setup?.(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * Opens the database (migrated, then `setup`), waiting for PostgreSQL when it cannot be reached yet — a container started before
 * its database, a failover under way — with backoff, for up to `waitSeconds`: one line when it is not there, one when
 * it comes, and a `StartupError` when it never does or the setting is wrong (a refused password, no such database).
 */
export async function openDatabaseWhenReachable(target: DatabaseTarget, options: WaitOptions): Promise<OpenDatabase> {
  if (target.kind !== 'postgres') return openAndSetUp(target, options.setup);
  const { waitSeconds, log, firstDelayMs = 500, maxDelayMs = 5000, connectTimeoutMs = 5000 } = options;
  const address = databaseAddress(target.url);
  const started = Date.now();
  const deadline = started + waitSeconds * 1000;
  let delay = firstDelayMs;
  let waiting = false;
  for (;;) {
    try {
      await probe(target.url, Math.max(1000, Math.min(connectTimeoutMs, deadline - Date.now())));
      break;
    } catch (error) {
      const reason = databaseFailureReason(error);
      if (!isTransientDatabaseFailure(error)) {
        throw new StartupError(`Database ${address} refused the connection (${reason}): check DATABASE_URL.`);
      }
      if (Date.now() + delay > deadline) {
        throw new StartupError(
          `Database ${address} unreachable (${reason}) after ${Math.round((Date.now() - started) / 1000)} s: giving up. ` +
            'Check DATABASE_URL and that PostgreSQL is running (DATABASE_WAIT_SECONDS waits longer).',
        );
      }
      if (!waiting) log(`Database ${address} unreachable (${reason}): trying again for up to ${waitSeconds} s…`);
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
  if (waiting) log(`Database ${address} reachable after ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  try {
    return await withSetupLock(target, () => openAndSetUp(target, options.setup));
  } catch (error) {
    // Gone again between the probe and the migrations: said the same way, not as a stack.
    if (isTransientDatabaseFailure(error)) {
      throw new StartupError(`Database ${address} went away while starting (${databaseFailureReason(error)}).`);
    }
    throw error;
  }
}

/** Any number the other processes on the database agree on: the key of the start-up's advisory lock. */
const SETUP_LOCK_KEY = 4_172_017;

/**
 * Runs `setup` (migrations, reference and demo data) with the database's start-up lock held, so servers started at
 * once on one PostgreSQL take turns: the first migrates and seeds, the others then find it done. Each of those steps
 * reads before it writes, which is safe for one process only. The lock is a session's: a process that dies frees it.
 */
async function withSetupLock<T>(target: DatabaseTarget & { kind: 'postgres' }, setup: () => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    return await setup();
  } finally {
    await client.end().catch(() => {});
  }
}
