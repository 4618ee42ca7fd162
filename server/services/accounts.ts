/**
 * A person's account: their profile and photo changed and the account deleted, each with the identity provider kept
 * in step; and an account the team creates. The routes check the input and who may; these write.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminUserCreate, CreatedUser, PhotoExtension, UserUpdate } from '@domain';
import type { IdentityChanges, IdentityService } from '../auth/identity';
import { IdentityError } from '../auth/identity';
import type { Database } from '../db/client';
import { pgErrorOf } from '../db/client';
import { companies, companyMembers, users } from '../db/schema';
import type { DeletedAccount, UserRow } from '../db/users';
import {
  LastTeamMemberError,
  deleteUserAccount,
  findAdminUser,
  findUser,
  findUserByEmail,
  photoStorageKey,
  photoVersionOf,
} from '../db/users';
import type { Logger } from '../logger';
import { syncClaims } from './claims';
import { conflict, invalid, notFound } from './errors';
import type { FileStorage } from './storage';
import { NOT_FOUND_MESSAGES } from '@domain';

export interface AccountDeps {
  db: Database;
  identity: IdentityService;
  storage: FileStorage;
  config: { publicUrl: string };
  logger: Logger;
}

const LAST_TEAM_MEMBER =
  'Esta é a única conta da equipe contábil: cadastre outra pessoa da equipe antes de excluí-la, para que as empresas não fiquem sem atendimento.';
const TEAM_EMAIL_TAKEN = 'Já existe uma conta com este e-mail.';

/** A password nobody knows: the person chooses their own through the link the team hands over. */
const temporaryPassword = () => randomBytes(24).toString('base64url');

/**
 * Applies a change to the sign-in account. An account the identity provider does not know (people recorded
 * without a login, like some demo ones) has nothing to keep in sync: the database row is the source of truth.
 */
async function updateIdentity(identity: IdentityService, uid: string, changes: IdentityChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  try {
    await identity.updateUser(uid, changes);
  } catch (error) {
    if (!(error instanceof IdentityError && error.reason === 'user-not-found')) throw error;
  }
}

async function removeFiles({ storage, logger }: Pick<AccountDeps, 'storage' | 'logger'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    // The rows are gone already: a file left behind is garbage, not an error the person should see.
    await storage.remove(key).catch((error) => logger.error(`Could not remove ${key}`, error));
  }
}

/** PATCH /users/{id}: the name, phone and reminders; the provider's display name changes with the row, or neither does. */
export async function updateAccount(
  { db, identity }: Pick<AccountDeps, 'db' | 'identity'>,
  { id, changes }: { id: string; changes: UserUpdate },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
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
    if (!updated) throw notFound(NOT_FOUND_MESSAGES.user);
    // The phone stays ours: the provider wants it unique and in E.164, and signs nobody in by it here.
    await updateIdentity(identity, id, changes.name !== undefined ? { displayName: changes.name } : {});
    return updated;
  });
}

/** The photo's address on the row and on the sign-in account, in one transaction: on both, or on neither. */
async function setPhotoUrl(
  { db, identity }: Pick<AccountDeps, 'db' | 'identity'>,
  id: string,
  photoUrl: string | null,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ photoUrl, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!updated) throw notFound(NOT_FOUND_MESSAGES.user); // deleted meanwhile
    await updateIdentity(identity, id, { photoURL: photoUrl });
    return updated;
  });
}

/** PUT /users/{id}/photo: a photo already checked (its size and kind) replaces the person's, and the old file goes. */
export async function replacePhoto(
  deps: AccountDeps,
  { id, bytes, extension }: { id: string; bytes: Uint8Array; extension: PhotoExtension },
): Promise<UserRow> {
  const { db, storage, config } = deps;
  const user = await findUser(db, id);
  if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
  const version = `${randomUUID()}.${extension}`;
  const key = photoStorageKey(id, version);
  // A new version gets a new address, so a browser never shows a cached old photo.
  const photoUrl = `${config.publicUrl}/api/users/${encodeURIComponent(id)}/photo?v=${version}`;
  await storage.save(key, bytes);
  let row: UserRow;
  try {
    row = await setPhotoUrl(deps, id, photoUrl);
  } catch (error) {
    await removeFiles(deps, [key]);
    throw error;
  }
  const previous = photoVersionOf(user.photoUrl);
  if (previous) await removeFiles(deps, [photoStorageKey(id, previous)]);
  return row;
}

/** DELETE /users/{id}/photo: the person goes without a photo, and its file goes once that is committed. */
export async function removePhoto(deps: AccountDeps, id: string): Promise<UserRow> {
  const user = await findUser(deps.db, id);
  if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
  const row = await setPhotoUrl(deps, id, null);
  const previous = photoVersionOf(user.photoUrl);
  if (previous) await removeFiles(deps, [photoStorageKey(id, previous)]);
  return row;
}

/** DELETE /users/{id}: the account, its sign-in account and its files; refused for the team's last member. */
export async function deleteAccount(deps: AccountDeps, id: string): Promise<DeletedAccount> {
  const { db, identity } = deps;
  const user = await findUser(db, id);
  if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
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
  await removeFiles(deps, deleted.storageKeys);
  return deleted;
}

/**
 * POST /admin/users: the team creates a person's account (sign-in account, row, company, claims) and gets the link
 * with which the person chooses a password.
 */
export async function createAdminUser(
  { db, identity, config, logger }: Pick<AccountDeps, 'db' | 'identity' | 'config' | 'logger'>,
  input: AdminUserCreate,
): Promise<CreatedUser> {
  if (input.companyId) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId));
    if (!company) throw invalid(NOT_FOUND_MESSAGES.company, { companyId: NOT_FOUND_MESSAGES.company });
  }
  if (await findUserByEmail(db, input.email)) throw conflict(TEAM_EMAIL_TAKEN);

  let uid: string;
  try {
    ({ uid } = await identity.createUser({ email: input.email, password: temporaryPassword(), displayName: input.name }));
  } catch (error) {
    if (error instanceof IdentityError && error.reason === 'email-exists') throw conflict(TEAM_EMAIL_TAKEN);
    if (error instanceof IdentityError && error.reason === 'invalid-input') {
      throw invalid('O provedor de login recusou este e-mail.', { email: 'E-mail inválido' });
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
    if (pgErrorOf(error).code === '23505') throw conflict(TEAM_EMAIL_TAKEN);
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
  return { ...user!, passwordLink };
}
