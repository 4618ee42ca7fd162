import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from './types';

/** At most `limit` requests per client address in each window of `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The public calls anyone can repeat without an account; null turns a limit off. */
export interface RateLimits {
  /** `POST /api/users` (signup): each call creates a sign-in account. */
  signup: RateLimit | null;
  /** `POST /api/leads`: each call lands in the sales team's list. */
  leads: RateLimit | null;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signup: { limit: 20, windowSeconds: 3600 },
  leads: { limit: 20, windowSeconds: 3600 },
};

/** Addresses remembered at once; past it the least recently seen are forgotten, so memory stays bounded. */
const MAX_TRACKED_CLIENTS = 50_000;

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
 * An in-memory fixed-window limiter per client address: past the limit the call answers 429 with `Retry-After` and a
 * pt-BR message, without reaching the route. One process only: several instances each count on their own (the limit
 * then multiplies by the number of instances, still a ceiling).
 */
export function rateLimiter(options: {
  limit: RateLimit | null;
  trustProxy: number;
  /** The methods limited; others pass untouched. */
  methods: string[];
  message: (wait: string) => string;
  now?: () => number;
}) {
  const { limit, trustProxy, methods, message, now = Date.now } = options;
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: MAX_TRACKED_CLIENTS });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!limit || !methods.includes(c.req.method)) return next();
    const key = clientAddress(c, trustProxy);
    const at = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + limit.windowSeconds * 1000 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - at) / 1000));
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: { code: 'rate_limited', message: message(waitPhrase(retryAfter)) } }, 429);
    }
    return next();
  });
}

/** Reads "20/1h", "5/30s", "100/15m" or "off" (a setting of RATE_LIMIT_*). */
export function parseRateLimit(value: string, name: string): RateLimit | null {
  const text = value.trim().toLowerCase();
  if (['off', '0', 'false', 'none'].includes(text)) return null;
  const match = /^(\d+)\s*\/\s*(\d+)\s*(s|m|h)?$/.exec(text);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new Error(`${name} must be a number of requests per time, such as 20/1h, 5/30s or 100/15m, or off (got "${value}")`);
  }
  const unit = { s: 1, m: 60, h: 3600 }[(match[3] ?? 's') as 's' | 'm' | 'h'];
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) * unit };
}
