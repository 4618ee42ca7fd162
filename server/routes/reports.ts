import { Hono } from 'hono';
import { AnnualBillingQuerySchema, BillingByCategoryQuerySchema, NOT_FOUND_MESSAGES, saoPauloDate } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, validCompany } from '../auth/middleware';
import { billingByCategory } from '../db/bank-statements';
import { annualBillingByCompany } from '../db/reports';
import { notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';

/** docs/api.md Reports: the company's billing, for the customer and the team. */
export function reportsRoutes({ db, identity }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('/reports/*', authenticate(identity))
      // The spec spells it "anual".
      .get('/reports/anual-billing-by-company', validCompany('query', AnnualBillingQuerySchema), async (c) => {
        const { companyId, year } = c.req.valid('query');
        const billing = await annualBillingByCompany(db, companyId, year ?? saoPauloDate(new Date()).year);
        if (!billing) throw notFound(NOT_FOUND_MESSAGES.company);
        return json(c, 'GET /reports/anual-billing-by-company', { data: billing });
      })
      // Bank movements per tax category over a month, quarter or year.
      .get('/reports/billing-by-category', validCompany('query', BillingByCategoryQuerySchema), async (c) => {
        const { companyId, period } = c.req.valid('query');
        return json(c, 'GET /reports/billing-by-category', { data: await billingByCategory(db, companyId, period) });
      })
  );
}
