import { Hono } from 'hono';
import * as v from 'valibot';
import { AdminUserListQuerySchema } from '../../domain';
import type { AppDeps } from '../app';
import { authenticate, requireRole } from '../auth/middleware';
import { findAdminUser, listUsers } from '../db/users';
import { notFound } from '../http/errors';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';

const UserIdParam = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });

/** Spec §7 Users, the team's side: list and read (admin-only, spec §6). */
export function adminUsersRoutes({ db, identity }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/admin/*', authenticate(identity), requireRole('system-admin'))
    .get('/admin/users', valid('query', AdminUserListQuerySchema), async (c) => {
      return c.json(await listUsers(db, c.req.valid('query')));
    })
    .get('/admin/users/:id', valid('param', UserIdParam), async (c) => {
      const user = await findAdminUser(db, c.req.valid('param').id);
      if (!user) throw notFound('Usuário não encontrado.');
      return c.json({ data: user });
    });
}
