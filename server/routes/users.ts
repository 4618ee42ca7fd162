import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  photoProblem,
  PHOTO_MESSAGES,
  PHOTO_TYPES,
  UserSignupSchema,
  UserUpdateSchema,
  isSystemAdmin,
  photoTypeOf,
} from '@domain';
import { assertSelfOrAdmin, authenticate } from '../auth/middleware';
import type { IdentityChanges } from '../auth/identity';
import { IdentityError } from '../auth/identity';
import { users } from '../db/schema';
import {
  LastTeamMemberError,
  deleteUserAccount,
  findUser,
  findUserByEmail,
  photoContentType,
  photoStorageKey,
  photoVersionOf,
  toUserDto,
} from '../db/users';
import type { AppDeps } from '../deps';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { syncClaims } from '../services/claims';

export const EMAIL_TAKEN = 'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.';
const USER_NOT_FOUND = 'Usuário não encontrado.';
const PHOTO_NOT_FOUND = 'Foto não encontrada.';
const LAST_TEAM_MEMBER =
  'Esta é a única conta da equipe contábil: cadastre outra pessoa da equipe antes de excluí-la, para que as empresas não fiquem sem atendimento.';
const UserIdParam = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });

/** Reading follows the rule of changing (self or the team), with its own words. */
function assertMayRead(c: Context<AppEnv>, userId: string, message: string): void {
  const { uid, claims } = c.var.identity;
  if (uid !== userId && !isSystemAdmin(claims)) throw forbidden(message);
}

/**
 * Applies a change to the sign-in account. An account the identity provider does not know (people recorded
 * without a login, like some demo ones) has nothing to keep in sync: the database row is the source of truth.
 */
async function updateIdentity(identity: AppDeps['identity'], uid: string, changes: IdentityChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  try {
    await identity.updateUser(uid, changes);
  } catch (error) {
    if (!(error instanceof IdentityError && error.reason === 'user-not-found')) throw error;
  }
}

/** docs/api.md Users: signup (public), the profile (read, update, photo) and account deletion. */
export function usersRoutes({ db, identity, storage, config, logger }: AppDeps) {
  const removeFiles = async (keys: string[]) => {
    for (const key of keys) {
      // The rows are gone already: a file left behind is garbage, not an error the person should see.
      await storage.remove(key).catch((error) => logger.error(`Could not remove ${key}`, error));
    }
  };

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
        return json(c, 'POST /users', { data: toUserDto(row) }, 201);
      } catch (error) {
        // Without its row the sign-in account would be an orphan: undo it so the person can try again.
        await identity.deleteUser(uid).catch((cleanupError) => logger.error('Signup cleanup failed', cleanupError));
        throw error;
      }
    })
    .get('/users/:id', authenticate(identity), valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      assertMayRead(c, id, 'Você só pode ver a sua própria conta.');
      const user = await findUser(db, id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return json(c, 'GET /users/:id', { data: toUserDto(user) });
    })
    .patch('/users/:id', authenticate(identity), valid('param', UserIdParam), valid('json', UserUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      const changes = c.req.valid('json');
      // The provider's display name changes with the row, or neither does.
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
            ...(changes.taxReminders !== undefined ? { taxReminders: changes.taxReminders } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw notFound(USER_NOT_FOUND);
        // The phone stays ours: the provider wants it unique and in E.164, and signs nobody in by it here.
        await updateIdentity(identity, id, changes.name !== undefined ? { displayName: changes.name } : {});
        return updated;
      });
      return json(c, 'PATCH /users/:id', { data: toUserDto(row) });
    })
    .put('/users/:id/photo', authenticate(identity), valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
        throw badRequest('Envie a foto como multipart/form-data no campo "file".');
      }
      const form = await c.req.parseBody().catch(() => {
        throw badRequest('Não foi possível ler a imagem enviada.');
      });
      const file = form.file;
      if (!(file instanceof File)) throw badRequest(PHOTO_MESSAGES.missing, { file: PHOTO_MESSAGES.missing });
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The domain's rule (size, then the bytes, not the name or the declared type: a renamed file is refused).
      const problem = photoProblem(file, bytes.subarray(0, 64));
      if (problem === PHOTO_MESSAGES.empty) throw badRequest(problem, { file: problem });
      if (problem === PHOTO_MESSAGES.tooLarge) throw new HttpError(413, 'payload_too_large', problem);
      if (problem) throw new HttpError(415, 'unsupported_media_type', problem);
      const extension = photoTypeOf(bytes.subarray(0, 64))!;

      const user = await findUser(db, id);
      if (!user) throw notFound(USER_NOT_FOUND);
      const version = `${randomUUID()}.${extension}`;
      const key = photoStorageKey(id, version);
      // A new version gets a new address, so a browser never shows a cached old photo.
      const photoUrl = `${config.publicUrl}/api/users/${encodeURIComponent(id)}/photo?v=${version}`;
      await storage.save(key, bytes);
      let row: typeof user;
      try {
        row = await db.transaction(async (tx) => {
          const [updated] = await tx.update(users).set({ photoUrl, updatedAt: new Date() }).where(eq(users.id, id)).returning();
          if (!updated) throw notFound(USER_NOT_FOUND);
          await updateIdentity(identity, id, { photoURL: photoUrl });
          return updated;
        });
      } catch (error) {
        await removeFiles([key]);
        throw error;
      }
      const previous = photoVersionOf(user.photoUrl);
      if (previous) await removeFiles([photoStorageKey(id, previous)]);
      return json(c, 'PUT /users/:id/photo', { data: toUserDto(row) });
    })
    .delete('/users/:id/photo', authenticate(identity), valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      const user = await findUser(db, id);
      if (!user) throw notFound(USER_NOT_FOUND);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ photoUrl: null, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw notFound(USER_NOT_FOUND); // deleted meanwhile
        await updateIdentity(identity, id, { photoURL: null });
        return updated;
      });
      const previous = photoVersionOf(user.photoUrl);
      if (previous) await removeFiles([photoStorageKey(id, previous)]);
      return json(c, 'DELETE /users/:id/photo', { data: toUserDto(row) });
    })
    .get(
      '/users/:id/photo',
      // With its version (`?v=`, unguessable, in the photo's URL) the photo opens like any image, so an <img> can
      // show it; without it only its owner and the team may read it.
      async (c, next) => (c.req.query('v') === undefined ? authenticate(identity)(c, next) : next()),
      valid('param', UserIdParam),
      async (c) => {
        const { id } = c.req.valid('param');
        const asked = c.req.query('v');
        if (asked === undefined) assertMayRead(c, id, 'Você só pode ver a sua própria foto.');
        const user = await findUser(db, id);
        const version = user ? photoVersionOf(user.photoUrl) : null;
        if (!version || (asked !== undefined && asked !== version)) throw notFound(PHOTO_NOT_FOUND);
        const file = await storage.open(photoStorageKey(id, version));
        if (!file) throw notFound(PHOTO_NOT_FOUND);
        return new Response(file.stream, {
          headers: {
            'content-type': photoContentType(version) ?? PHOTO_TYPES.png,
            'content-length': String(file.size),
            // A version never changes; its address dies when the photo is replaced.
            'cache-control': asked === undefined ? 'private, no-store' : 'private, max-age=31536000, immutable',
            'x-content-type-options': 'nosniff',
          },
        });
      },
    )
    .delete('/users/:id', authenticate(identity), valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      const user = await findUser(db, id);
      if (!user) throw notFound(USER_NOT_FOUND);
      // The sign-in account goes last, inside the transaction: if it cannot be deleted, nothing is.
      const deleted = await db
        .transaction(async (tx) => {
          const result = await deleteUserAccount(tx, user);
          await identity.deleteUser(id);
          return result;
        })
        .catch((error: unknown) => {
          if (error instanceof LastTeamMemberError) throw conflict(LAST_TEAM_MEMBER);
          throw error;
        });
      await removeFiles(deleted.storageKeys);
      return json(c, 'DELETE /users/:id', { data: { id, keptCompanyIds: deleted.keptCompanyIds } });
    });
}
