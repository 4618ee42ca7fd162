import { Hono } from 'hono';
import * as v from 'valibot';
import { CnpjSchema } from '../../domain';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/types';
import { CnpjLookupUnavailable } from '../services/cnpj-lookup';

/** Public routes of the site (spec §7 keeps their names: `/api/cnpj-exists`). */
export function siteRoutes({ cnpjLookup, logger }: AppDeps) {
  return new Hono<AppEnv>().get('/cnpj-exists', async (c) => {
    const parsed = v.safeParse(CnpjSchema, c.req.query('cnpj') ?? '');
    if (!parsed.success) return c.json({ exists: false });
    try {
      return c.json({ exists: (await cnpjLookup.find(parsed.output)) !== null });
    } catch (error) {
      // Spec §8: a failed lookup is treated as not existing.
      if (!(error instanceof CnpjLookupUnavailable)) logger.error('CNPJ lookup failed', error);
      return c.json({ exists: false });
    }
  });
}
