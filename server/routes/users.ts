import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { UserSignupSchema, UserUpdateSchema } from '../../domain';
import { assertSelfOrAdmin, authenticate } from '../auth/middleware';
import { IdentityError } from '../auth/identity';
import { users } from '../db/schema';
import { findUser, findUserByEmail, toUserDto } from '../db/users';
import type { AppDeps } from '../app';
import { conflict, notFound } from '../http/errors';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { syncClaims } from '../services/claims';

const EMAIL_TAKEN = 'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.';
const UserIdParam = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });

/** Spec §7 Users: signup (public), profile update and account deletion. */
export function usersRoutes({ db, identity, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .post('/users', valid('json', UserSignupSchema), async (c) => {
      const signup = c.req.valid('json');
      if (await findUserByEmail(db, signup.email)) throw conflict(EMAIL_TAKEN);
      let uid: string;
      try {
        ({ uid } = await identity.createUser({ email: signup.email, password: signup.password, displayName: signup.name }));
      } catch (error) {
        if (error instanceof IdentityError && error.reason === 'email-exists') throw conflict(EMAIL_TAKEN);
        throw error;
      }
      try {
        const [row] = await db
          .insert(users)
          .values({
            id: uid,
            email: signup.email,
            name: signup.name,
            phone: signup.phone ?? null,
            indicatedBy: signup.indicatedBy || null,
            trackId: signup.trackId ?? null,
            roles: ['company-admin'],
          })
          .returning();
        await syncClaims(db, identity, uid);
        return c.json({ data: toUserDto(row) }, 201);
      } catch (error) {
        // Without its row the sign-in account would be an orphan: undo it so the person can try again.
        await identity.deleteUser(uid).catch((cleanupError) => logger.error('Signup cleanup failed', cleanupError));
        throw error;
      }
    })
    .patch('/users/:id', authenticate(identity), valid('param', UserIdParam), valid('json', UserUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      const changes = c.req.valid('json');
      const [row] = await db
        .update(users)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.phone !== undefined ? { phone: changes.phone ?? null } : {}),
          ...(changes.photoUrl !== undefined ? { photoUrl: changes.photoUrl } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw notFound('Usuário não encontrado.');
      await identity.updateUser(id, {
        ...(changes.name !== undefined ? { displayName: changes.name } : {}),
        ...(changes.photoUrl !== undefined ? { photoURL: changes.photoUrl } : {}),
      });
      return c.json({ data: toUserDto(row) });
    })
    .delete('/users/:id', authenticate(identity), valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      if (!(await findUser(db, id))) throw notFound('Usuário não encontrado.');
      // Companies stay: their accounting records belong to the company, not to the person.
      await db.delete(users).where(eq(users.id, id));
      await identity.deleteUser(id);
      return c.json({ data: { id } });
    });
}
