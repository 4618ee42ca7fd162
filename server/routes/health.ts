import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { isDatabaseUnavailable } from '../db/client';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';

/** Longer than this and the database counts as down for readiness: a server that slow should get no traffic. */
export const READINESS_TIMEOUT_MS = 1000;

export type DatabaseHealth = 'ok' | 'timeout' | 'unreachable' | 'error';

const DOWN_MESSAGES: Record<Exclude<DatabaseHealth, 'ok'>, string> = {
  timeout: 'O banco de dados não respondeu a tempo.',
  unreachable: 'O banco de dados está inacessível.',
  error: 'O banco de dados respondeu com erro.',
};

/** One round trip to the database, bounded by `READINESS_TIMEOUT_MS`. */
async function databaseHealth(deps: Pick<AppDeps, 'db' | 'logger'>): Promise<DatabaseHealth> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READINESS_TIMEOUT_MS);
  });
  const roundTrip = deps.db.execute(sql`select 1`).then(
    () => 'ok' as const,
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) return 'unreachable' as const;
      deps.logger.error('Readiness: the database answered with an error', error);
      return 'error' as const;
    },
  );
  try {
    return await Promise.race([roundTrip, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health for load balancers and orchestrators, public and never cached:
 * - `/health/live`: the process answers (restart it when it does not);
 * - `/health/ready`: it can serve — a database round trip within 1 s; 503 naming what is down (send it no traffic);
 * - `/health`: the same as ready, in the `{ data }` shape its older callers (Playwright's web server) read.
 */
export function healthRoutes(deps: Pick<AppDeps, 'db' | 'logger'>) {
  const ready = async () => {
    const database = await databaseHealth(deps);
    return database === 'ok'
      ? ({ ok: true, body: { status: 'ok', database } } as const)
      : ({
          ok: false,
          body: { status: 'unavailable', database, error: { code: 'unavailable', message: DOWN_MESSAGES[database] } },
        } as const);
  };
  // A cached answer would be about another moment.
  const noStore = { 'Cache-Control': 'no-store' };
  return new Hono<AppEnv>()
    .get('/health/live', (c) => json(c, 'GET /health/live', { status: 'ok' }, 200, noStore))
    .get('/health/ready', async (c) => {
      const { ok, body } = await ready();
      return json(c, 'GET /health/ready', body, ok ? 200 : 503, noStore);
    })
    .get('/health', async (c) => {
      const { ok, body } = await ready();
      // Down, it answers with what is down, as an error is answered (docs/api.md).
      return ok ? json(c, 'GET /health', { data: body }, 200, noStore) : c.json(body, 503, noStore);
    });
}
