import { Hono } from 'hono';
import { AliasSuggestSchema, LucaIntentSchema } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate } from '../auth/middleware';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { createLocalLuca } from '../services/luca';

/** docs/api.md Luca: activities and trade names suggested from the business described in the person's own words. */
export function lucaRoutes({ db, identity, luca = createLocalLuca(db) }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/luca/*', authenticate(identity))
    .post('/luca/cnaes/match', valid('json', LucaIntentSchema), async (c) => {
      const { intent } = c.req.valid('json');
      return json(c, 'POST /luca/cnaes/match', { data: await luca.matchCnaes(intent) });
    })
    .post('/luca/companies/alias-suggest', valid('json', AliasSuggestSchema), async (c) => {
      const { intent, activity, ownerName } = c.req.valid('json');
      return json(c, 'POST /luca/companies/alias-suggest', {
        data: await luca.suggestAliases({ intent, activity, ownerName: ownerName || undefined }),
      });
    });
}
