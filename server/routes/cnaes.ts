import { Hono } from 'hono';
import * as v from 'valibot';
import { CnaeSearchQuerySchema, UFS } from '@domain';
import type { AppDeps } from '../deps';
import { createCnaeSearch } from '../services/cnae-search';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { municipalitiesOf } from '../seed/municipalities';

const StateQuery = v.object({ state: v.picklist(UFS, 'Informe a UF (ex.: SP).') });

/** Public reference data: the CNAE search (`GET /cnaes`, the site's CNAE tool and the activity step) and the IBGE municipalities. */
export function cnaesRoutes({ db }: AppDeps) {
  const searchCnaes = createCnaeSearch(db);
  return (
    new Hono<AppEnv>()
      .get('/cnaes', valid('query', CnaeSearchQuerySchema), async (c) => {
        const { data, total } = await searchCnaes(c.req.valid('query'));
        // Reference data that changes with a new CNAE version, and a search typed letter by letter: let caches help.
        return json(c, 'GET /cnaes', { total, data }, 200, { 'Cache-Control': 'public, max-age=300' });
      })
      // A state's IBGE municipalities: the address form's city when the CEP cannot be looked up.
      .get('/municipalities', valid('query', StateQuery), (c) => {
        const data = municipalitiesOf(c.req.valid('query').state).map(({ ibgeCode, name }) => ({ ibgeCode, name }));
        return json(c, 'GET /municipalities', { total: data.length, data }, 200, { 'Cache-Control': 'public, max-age=86400' });
      })
  );
}
