import { Hono } from 'hono';
import { CnaeSearchQuerySchema } from '@domain';
import type { AppDeps } from '../deps';
import { createCnaeSearch } from '../services/cnae-search';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';

/** Spec §7 `GET /cnaes`: the public CNAE search (the CNAE tool of the site and the activity step use it). */
export function cnaesRoutes({ db }: AppDeps) {
  const searchCnaes = createCnaeSearch(db);
  return new Hono<AppEnv>().get('/cnaes', valid('query', CnaeSearchQuerySchema), async (c) => {
    const { data, total } = await searchCnaes(c.req.valid('query'));
    // Reference data that changes with a new CNAE version, and a search typed letter by letter: let caches help.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ total, data });
  });
}
