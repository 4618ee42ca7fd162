import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { RateLimit } from './rate-limit-settings';
import type { AppEnv } from './types';

export type { RateLimit, RateLimits } from './rate-limit-settings';
export { DEFAULT_RATE_LIMITS, parseRateLimit } from './rate-limit-settings';

/**
 * The caller's address: the connection's, or — behind `trustProxy` proxies that append to `X-Forwarded-For` — the
 * address the outermost trusted proxy saw. Entries further left are written by the client and never believed.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    if (hops.length) return hops[Math.max(0, hops.length - trustProxy)];
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // A request handed to the app without its Node connection (app.fetch in a script): one shared bucket.
    return 'unknown';
  }
}

/** "em 45 segundos", "em 1 minuto", "em 12 minutos", "em 2 horas". */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? 'em 1 segundo' : `em ${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'em 1 minuto' : `em ${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'em 1 hora' : `em ${hours} horas`;
}

/**
 * A fixed-window limiter per client address: past the limit the call answers 429 with `Retry-After` and a pt-BR
 * message, without reaching the route. With `db` the counters live in the database (rate-limiter-flexible's Drizzle
 * store, table `rate_limits`): every server process on it counts together, so N servers behind a load balancer allow
 * what one does. Without it (a tool, a test) they live in this process's memory.
 */
export function rateLimiter(options: {
  limit: RateLimit | null;
  trustProxy: number;
  /** The methods limited; others pass untouched. */
  methods: string[];
  message: (wait: string) => string;
  /** Names the limit in the shared table ("signup", "leads"). */
  name?: string;
  db?: Database;
}) {
  const { limit, trustProxy, methods, message, name = 'limit', db } = options;
  const settings = limit && { keyPrefix: name, points: limit.limit, duration: limit.windowSeconds };
  const limiter: RateLimiterAbstract | null = !settings
    ? null
    : db
      ? new RateLimiterDrizzle({ ...settings, storeClient: db, schema: rateLimits })
      : new RateLimiterMemory(settings);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!limiter || !methods.includes(c.req.method)) return next();
    try {
      await limiter.consume(clientAddress(c, trustProxy));
    } catch (refusal) {
      // The store failing (the database gone) is an error like any other: the app answers 503 for it.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: { code: 'rate_limited', message: message(waitPhrase(retryAfter)) } }, 429);
    }
    return next();
  });
}
