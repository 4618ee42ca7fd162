import { asc, like, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { CitySearchResult } from '@domain';
import { CitySearchQuerySchema, CnpjSchema, LeadListQuerySchema, LeadSchema, citySlug } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import { listLeads } from '../db/leads';
import { leads, municipalities } from '../db/schema';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { CnpjLookupUnavailable } from '../services/cnpj-lookup';

/** Public routes of the site (docs/api.md keeps their names: `/api/cnpj-exists`, `/api/city-search`), and leads. */
export function siteRoutes({ db, cnpjLookup, identity, logger }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/cnpj-exists', async (c) => {
        const parsed = v.safeParse(CnpjSchema, c.req.query('cnpj') ?? '');
        if (!parsed.success) return json(c, 'GET /cnpj-exists', { exists: false });
        try {
          return json(c, 'GET /cnpj-exists', { exists: (await cnpjLookup.find(parsed.output)) !== null });
        } catch (error) {
          // docs/rules.md: a failed lookup is treated as not existing.
          if (!(error instanceof CnpjLookupUnavailable)) logger.error('CNPJ lookup failed', error);
          return json(c, 'GET /cnpj-exists', { exists: false });
        }
      })
      // City pickers: accent- and case-insensitive prefix of the name or of any of its words, shorter names first.
      .get('/city-search', valid('query', CitySearchQuerySchema), async (c) => {
        const { q, limit } = c.req.valid('query');
        const prefix = citySlug(q);
        if (!prefix) return json(c, 'GET /city-search', { data: [], total: 0 });
        const escaped = prefix.replace(/[\\%_]/g, '\\$&');
        const rows = await db
          .select({
            ibgeCode: municipalities.ibgeCode,
            name: municipalities.name,
            state: municipalities.state,
            slug: municipalities.slug,
          })
          .from(municipalities)
          .where(or(like(municipalities.slug, `${escaped}%`), like(municipalities.slug, `%-${escaped}%`)))
          .orderBy(
            sql`case when ${municipalities.slug} like ${`${escaped}%`} then 0 else 1 end`,
            sql`length(${municipalities.name})`,
            asc(municipalities.name),
          )
          .limit(Number(limit));
        const data: CitySearchResult[] = rows.map((row) => ({ ...row, slug: `${row.slug}-${row.state.toLowerCase()}` }));
        return json(c, 'GET /city-search', { data, total: data.length });
      })
      // docs/api.md `POST /leads`: a visitor's contact from the site's forms.
      .post('/leads', valid('json', LeadSchema), async (c) => {
        const lead = c.req.valid('json');
        const [row] = await db
          .insert(leads)
          .values({
            name: lead.name,
            email: lead.email,
            phone: lead.phone ?? null,
            planId: lead.planId ?? null,
            source: lead.source ?? null,
          })
          .returning({ id: leads.id, createdAt: leads.createdAt });
        return json(c, 'POST /leads', { data: { id: row.id, createdAt: row.createdAt.toISOString() } }, 201);
      })
      // The team's list of those contacts, to call them back.
      .get('/admin/leads', authenticate(identity), requireRole('system-admin'), valid('query', LeadListQuerySchema), async (c) =>
        json(c, 'GET /admin/leads', await listLeads(db, c.req.valid('query'))),
      )
  );
}
