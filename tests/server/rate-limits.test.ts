import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@server/config';
import { parseRateLimit, rateLimiter, waitPhrase } from '@server/http/rate-limit';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

/** The public calls that create something have a ceiling per address: 429, Retry-After and a message in Portuguese. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    security: {
      trustProxy: 1,
      rateLimits: { signup: { limit: 2, windowSeconds: 60 }, leads: { limit: 3, windowSeconds: 600 } },
    },
  });
});
afterAll(() => server?.close());

const lead = (from: string, body: unknown = { name: 'Ana Lima', email: 'ana@exemplo.com.br' }) =>
  server.call('/api/leads', { method: 'POST', body, headers: { 'x-forwarded-for': from } });

/** The raw answer, to read its headers. */
const raw = (path: string, from: string, body: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });

describe('POST /api/leads', () => {
  it('takes the configured number of contacts from one address, then answers 429 with Retry-After, in Portuguese', async () => {
    for (let i = 0; i < 3; i++) expect((await lead('203.0.113.10')).status).toBe(201);
    const refused = await raw('/api/leads', '203.0.113.10', { name: 'Ana Lima', email: 'ana@exemplo.com.br' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Muitos contatos enviados deste endereço em pouco tempo. Tente novamente em 10 minutos.',
      },
    });
    // Another visitor is not held back by the first.
    expect((await lead('203.0.113.11')).status).toBe(201);
  });

  it('counts refused attempts too, so bad input is no way around the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await lead('203.0.113.20', { email: 'não é e-mail' })).status).toBe(400);
    expect((await lead('203.0.113.20')).status).toBe(429);
  });

  it('reads the address the trusted proxy saw, not the ones the client wrote before it', async () => {
    for (let i = 0; i < 3; i++) expect((await lead(`10.9.9.${i}, 203.0.113.30`)).status).toBe(201);
    expect((await lead('198.51.100.99, 203.0.113.30')).status).toBe(429);
  });
});

describe('POST /api/users (signup)', () => {
  it('limits signups per address, before any account is made', async () => {
    expect(
      (await server.call('/api/users', { method: 'POST', body: {}, headers: { 'x-forwarded-for': '192.0.2.1' } })).status,
    ).toBe(400);
    expect(
      (await server.call('/api/users', { method: 'POST', body: {}, headers: { 'x-forwarded-for': '192.0.2.1' } })).status,
    ).toBe(400);
    const refused = await raw('/api/users', '192.0.2.1', {
      name: 'Pessoa Nova',
      email: `nova.${Date.now()}@exemplo.com.br`,
      password: 'senha-segura-1',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await refused.json()).error.message).toBe(
      'Muitos cadastros feitos deste endereço em pouco tempo. Tente novamente em 1 minuto.',
    );
  });

  it('leaves the signed-in calls on the same address alone', async () => {
    const user = await server.createUser();
    const me = await server.call(`/api/users/${user.uid}`, { token: user.token, headers: { 'x-forwarded-for': '192.0.2.1' } });
    expect(me.status).toBe(200);
  });
});

describe('the limiter', () => {
  /** A tiny app on a real socket, so the connection's own address is what counts. */
  async function listen(trustProxy: number) {
    const app = new Hono().use(
      rateLimiter({
        limit: { limit: 2, windowSeconds: 30 },
        trustProxy,
        methods: ['POST'],
        message: (wait) => `Tente novamente ${wait}.`,
      }),
    );
    app.post('/', (c) => c.text('ok'));
    app.get('/', (c) => c.text('ok'));
    const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => running.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(running.address() as AddressInfo).port}/`;
    const post = (from?: string) =>
      fetch(url, { method: 'POST', headers: from ? { 'x-forwarded-for': from } : {} }).then((r) => r.status);
    return { post, get: () => fetch(url).then((r) => r.status), close: () => new Promise((r) => running.close(r)) };
  }

  it('ignores X-Forwarded-For without a trusted proxy: a client cannot pose as many', async () => {
    const app = await listen(0);
    expect([await app.post('1.1.1.1'), await app.post('2.2.2.2'), await app.post('3.3.3.3')]).toEqual([200, 200, 429]);
    expect(await app.get()).toBe(200);
    await app.close();
  });

  it('opens again when the window ends', async () => {
    // The clock only: the sockets keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    try {
      const app = await listen(0);
      expect([await app.post(), await app.post(), await app.post()]).toEqual([200, 200, 429]);
      vi.setSystemTime(1_029_000);
      expect(await app.post()).toBe(429);
      vi.setSystemTime(1_030_000);
      expect(await app.post()).toBe(200);
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says how long to wait in words', () => {
    expect(waitPhrase(1)).toBe('em 1 segundo');
    expect(waitPhrase(45)).toBe('em 45 segundos');
    expect(waitPhrase(60)).toBe('em 1 minuto');
    expect(waitPhrase(61)).toBe('em 2 minutos');
    expect(waitPhrase(3600)).toBe('em 1 hora');
    expect(waitPhrase(7200)).toBe('em 2 horas');
  });
});

describe('configuration', () => {
  it('reads the limits as requests per time, or off', () => {
    expect(parseRateLimit('20/1h', 'X')).toEqual({ limit: 20, windowSeconds: 3600 });
    expect(parseRateLimit('5 / 30s', 'X')).toEqual({ limit: 5, windowSeconds: 30 });
    expect(parseRateLimit('100/15m', 'X')).toEqual({ limit: 100, windowSeconds: 900 });
    expect(parseRateLimit('off', 'X')).toBeNull();
    expect(() => parseRateLimit('muitos', 'RATE_LIMIT_LEADS')).toThrow(/RATE_LIMIT_LEADS must be/);
    expect(() => parseRateLimit('0/1h', 'X')).toThrow();
  });

  it('has defaults, and takes RATE_LIMIT_SIGNUP, RATE_LIMIT_LEADS and TRUST_PROXY', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits).toEqual({
      signup: { limit: 20, windowSeconds: 3600 },
      leads: { limit: 20, windowSeconds: 3600 },
    });
    expect(defaults.trustProxy).toBe(0);
    const set = loadConfig({ RATE_LIMIT_SIGNUP: '3/10m', RATE_LIMIT_LEADS: 'off', TRUST_PROXY: 'true' });
    expect(set.rateLimits).toEqual({ signup: { limit: 3, windowSeconds: 600 }, leads: null });
    expect(set.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'talvez' })).toThrow(/TRUST_PROXY must be/);
  });
});
