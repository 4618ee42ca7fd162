import { Hono } from 'hono';
import { SimplesNacionalToolQuerySchema, dasSimplesNacional, monthKey, saoPauloDate, simplesNacionalToolInput } from '@domain';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';

/** The public calculators' JSON (docs/api.md, docs/taxes.md): no sign-in, nothing stored. */
export function toolsRoutes() {
  return new Hono<AppEnv>().get('/tools/simples-nacional', valid('query', SimplesNacionalToolQuerySchema), (c) => {
    const today = saoPauloDate(new Date());
    const das = dasSimplesNacional(simplesNacionalToolInput(c.req.valid('query'), monthKey(today.year, today.month)));
    // The answer depends only on the address (and the month, for the rules in force): caches may keep it a while.
    return json(c, 'GET /tools/simples-nacional', { data: das }, 200, { 'Cache-Control': 'public, max-age=300' });
  });
}
