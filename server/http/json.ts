import type { Context } from 'hono';

/** An answer whose JSON is already written (PostgreSQL built it for a list): sent as it is, as `c.json` would send it. */
export const jsonText = (c: Context, text: string) => c.body(text, 200, { 'content-type': 'application/json' });
