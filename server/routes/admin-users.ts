import { Hono } from 'hono';
import * as v from 'valibot';
import { AdminUserCreateSchema, AdminUserListQuerySchema, NOT_FOUND_MESSAGES } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import { findAdminUser, listUsers } from '../db/users';
import { notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { createAdminUser } from '../services/accounts';

const UserIdParam = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });

/** docs/api.md Users, the team's side: list, create and read (admin-only, docs/security.md). */
export function adminUsersRoutes({ db, identity, config, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/admin/*', authenticate(identity), requireRole('system-admin'))
    .get('/admin/users', valid('query', AdminUserListQuerySchema), async (c) => {
      return json(c, 'GET /admin/users', await listUsers(db, c.req.valid('query')));
    })
    .post('/admin/users', valid('json', AdminUserCreateSchema), async (c) => {
      const data = await createAdminUser({ db, identity, config, logger }, c.req.valid('json'));
      return json(c, 'POST /admin/users', { data }, 201);
    })
    .get('/admin/users/:id', valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      const user = await findAdminUser(db, id);
      if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
      const account = identity.findAccount ? await identity.findAccount(id) : undefined;
      return json(c, 'GET /admin/users/:id', {
        data: {
          ...user,
          // null: no sign-in account (recorded without a login); undefined: the provider cannot tell.
          account:
            account === undefined
              ? undefined
              : account && {
                  disabled: account.disabled,
                  lastSignInAt: account.lastSignInAt,
                },
        },
      });
    });
}
