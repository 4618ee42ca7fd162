// What the configuration reads of the rate limits, apart from the limiter: vite.config.ts loads server/config.ts,
// which must not pull in the database schema or the limiter's library.

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
