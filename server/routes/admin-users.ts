import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { AdminUserCreateSchema, AdminUserListQuerySchema } from '@domain';
import type { AppDeps } from '../deps';
import { IdentityError } from '../auth/identity';
import { authenticate, requireRole } from '../auth/middleware';
import { companies, companyMembers, users } from '../db/schema';
import { pgErrorOf } from '../db/client';
import { findAdminUser, findUserByEmail, listUsers } from '../db/users';
import { badRequest, conflict, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { syncClaims } from '../services/claims';

const UserIdParam = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });
const EMAIL_TAKEN = 'Já existe uma conta com este e-mail.';
const COMPANY_NOT_FOUND = 'Empresa não encontrada.';

/** A password nobody knows: the person chooses their own through the link the team hands over. */
const temporaryPassword = () => randomBytes(24).toString('base64url');

/** docs/api.md Users, the team's side: list, create and read (admin-only, docs/security.md). */
export function adminUsersRoutes({ db, identity, config, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/admin/*', authenticate(identity), requireRole('system-admin'))
    .get('/admin/users', valid('query', AdminUserListQuerySchema), async (c) => {
      return json(c, 'GET /admin/users', await listUsers(db, c.req.valid('query')));
    })
    .post('/admin/users', valid('json', AdminUserCreateSchema), async (c) => {
      const input = c.req.valid('json');
      if (input.companyId) {
        const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId));
        if (!company) throw badRequest(COMPANY_NOT_FOUND, { companyId: COMPANY_NOT_FOUND });
      }
      if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN);

      let uid: string;
      try {
        ({ uid } = await identity.createUser({ email: input.email, password: temporaryPassword(), displayName: input.name }));
      } catch (error) {
        if (error instanceof IdentityError && error.reason === 'email-exists') throw conflict(EMAIL_TAKEN);
        if (error instanceof IdentityError && error.reason === 'invalid-input') {
          throw badRequest('O provedor de login recusou este e-mail.', { email: 'E-mail inválido' });
        }
        throw error;
      }
      try {
        await db.transaction(async (tx) => {
          await tx.insert(users).values({
            id: uid,
            email: input.email,
            name: input.name,
            phone: input.phone ?? null,
            roles: input.roles,
          });
          if (input.companyId) await tx.insert(companyMembers).values({ companyId: input.companyId, userId: uid });
        });
        // The first sign-in already carries the role and the company.
        await syncClaims(db, identity, uid);
      } catch (error) {
        // Without its row (or its claims) the account would be an orphan: undo it so the team can try again.
        await db
          .delete(users)
          .where(eq(users.id, uid))
          .catch(() => {});
        await identity.deleteUser(uid).catch((cleanupError) => logger.error('Admin user cleanup failed', cleanupError));
        if (pgErrorOf(error).code === '23505') throw conflict(EMAIL_TAKEN);
        throw error;
      }

      // There is no e-mail here: the team hands this link over; with it the person chooses a password.
      let passwordLink: string | null = null;
      if (identity.passwordResetLink) {
        passwordLink = await identity.passwordResetLink(input.email, `${config.publicUrl}/app/login`).catch((error: unknown) => {
          logger.error('Could not create the password link', error);
          return null;
        });
      }
      const user = await findAdminUser(db, uid);
      return json(c, 'POST /admin/users', { data: { ...user!, passwordLink } }, 201);
    })
    .get('/admin/users/:id', valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      const user = await findAdminUser(db, id);
      if (!user) throw notFound('Usuário não encontrado.');
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
