import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  NOT_FOUND_MESSAGES,
  photoProblem,
  PHOTO_MESSAGES,
  PHOTO_TYPES,
  UserSignupSchema,
  UserUpdateSchema,
  isSystemAdmin,
  photoTypeOf,
} from '@domain';
import { assertSelfOrAdmin, authenticate } from '../auth/middleware';
import { IdentityError } from '../auth/identity';
import { users } from '../db/schema';
import { findUser, findUserByEmail, photoContentType, photoStorageKey, photoVersionOf, toUserDto } from '../db/users';
import type { AppDeps } from '../deps';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { deleteAccount, removePhoto, replacePhoto, updateAccount } from '../services/accounts';
import { syncClaims } from '../services/claims';

export const EMAIL_TAKEN = 'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.';
const PHOTO_NOT_FOUND = 'Foto não encontrada.';
const UserIdParam = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });

/** Reading follows the rule of changing (self or the team), with its own words. */
function assertMayRead(c: Context<AppEnv>, userId: string, message: string): void {
  const { uid, claims } = c.var.identity;
  if (uid !== userId && !isSystemAdmin(claims)) throw forbidden(message);
}

/** docs/api.md Users: signup (public), the profile (read, update, photo) and account deletion. */
export function usersRoutes(deps: AppDeps) {
  const { db, identity, storage, logger } = deps;
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
      if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
      return json(c, 'GET /users/:id', { data: toUserDto(user) });
    })
    .patch('/users/:id', authenticate(identity), valid('param', UserIdParam), valid('json', UserUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      const row = await updateAccount(deps, { id, changes: c.req.valid('json') });
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
      const row = await replacePhoto(deps, { id, bytes, extension: photoTypeOf(bytes.subarray(0, 64))! });
      return json(c, 'PUT /users/:id/photo', { data: toUserDto(row) });
    })
    .delete('/users/:id/photo', authenticate(identity), valid('param', UserIdParam), async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(c, id);
      const row = await removePhoto(deps, id);
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
      const { keptCompanyIds } = await deleteAccount(deps, id);
      return json(c, 'DELETE /users/:id', { data: { id, keptCompanyIds } });
    });
}
