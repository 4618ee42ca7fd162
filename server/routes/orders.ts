import { Hono } from 'hono';
import { OrdersQuerySchema } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import { listOrders } from '../db/orders';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';

/** docs/api.md: the team's queues of companies being opened and migrated (admin-only, docs/security.md). */
export function ordersRoutes({ db, identity }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/companies/orders/*', authenticate(identity), requireRole('system-admin'))
    .get('/companies/orders/opening-requests', valid('query', OrdersQuerySchema), async (c) =>
      json(c, 'GET /companies/orders/opening-requests', await listOrders(db, 'create-company', c.req.valid('query'))),
    )
    .get('/companies/orders/migration-requests', valid('query', OrdersQuerySchema), async (c) =>
      json(c, 'GET /companies/orders/migration-requests', await listOrders(db, 'migrate-company', c.req.valid('query'))),
    );
}
