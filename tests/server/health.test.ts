import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import type { AppDeps } from '@server/deps';
import type { Database } from '@server/db/client';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * Liveness and readiness for a load balancer or an orchestrator: `/api/health/live` says the process answers;
 * `/api/health/ready` (and `/api/health`, which Playwright and older checks poll) say whether it can serve, with a
 * database round trip within 1 s — 200 `{ status, database }`, or 503 naming what is down.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The API built on a database that does what `execute` says (the health checks use nothing else). */
function appOn(execute: () => Promise<unknown>) {
  const db = { execute } as unknown as Database;
  const logged: unknown[] = [];
  const app = createApp({
    db,
    identity: {} as AppDeps['identity'],
    cnpjLookup: {} as AppDeps['cnpjLookup'],
    payments: {} as AppDeps['payments'],
    storage: {} as AppDeps['storage'],
    config: { environment: 'test', publicUrl: 'http://127.0.0.1' },
    logger: { info: () => {}, error: (...args) => logged.push(args) },
  });
  return { app, logged };
}

const get = async (app: ReturnType<typeof createApp>, path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: await response.json(), type: response.headers.get('content-type') };
};

describe('health checks', () => {
  it('say the process is alive and ready when the database answers', async () => {
    const live = await server.call('/api/health/live');
    expect(live).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await server.call('/api/health/ready');
    expect(ready).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    const health = await server.call('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ data: { status: 'ok', database: 'ok' } });
  });

  it('answer 503 naming the database when it refuses connections; the process is still alive', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { app } = appOn(() => Promise.reject(refused));
    const ready = await get(app, '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect(ready.body.error.message).toMatch(/banco de dados/i);
    const health = await get(app, '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect(await get(app, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answer 503 within about a second when the database does not answer at all', async () => {
    const { app } = appOn(() => new Promise(() => {}));
    const started = Date.now();
    const ready = await get(app, '/api/health/ready');
    const took = Date.now() - started;
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'timeout' });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3000);
  });

  it('are never cached and need no token', async () => {
    const { app } = appOn(() => Promise.resolve({ rows: [{ ok: 1 }] }));
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
