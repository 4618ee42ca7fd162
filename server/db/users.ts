import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import type { AdminUser, Claims, CompanyStatus, TrackId, User } from '@domain';
import { PHOTO_TYPES, RECORDS_RETENTION_YEARS } from '@domain';
import type { Database } from './client';
import type { DbExecutor } from './executor';
import { companies, companyMembers, companyStatusChanges, documents, oauthStates, users } from './schema';
import { containing } from './like';

export type UserRow = typeof users.$inferSelect;

/** A person as the API answers them (the contract's `User`). */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    photoUrl: row.photoUrl,
    roles: row.roles,
    indicatedBy: row.indicatedBy,
    trackId: row.trackId,
    taxReminders: row.taxReminders,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** The custom claims a user should carry, computed from the database (the source of truth). */
/**
 * A person's e-mail and claims (roles, companies in the order they joined, the track chosen at signup) in one
 * query: it runs on every authenticated request. Null when the person is not in the database.
 */
export async function accessOfUser(db: DbExecutor, userId: string): Promise<{ email: string; claims: Claims } | null> {
  const [row] = await db
    .select({
      email: users.email,
      roles: users.roles,
      trackId: users.trackId,
      companies: sql<string[] | null>`(
        select array_agg(${companyMembers.companyId} order by ${companyMembers.createdAt}, ${companyMembers.companyId})
        from ${companyMembers} where ${companyMembers.userId} = ${users.id}
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const companies = row.companies ?? [];
  return {
    email: row.email,
    claims: {
      roles: row.roles,
      ...(companies.length ? { companies, companyId: companies[0] } : {}),
      ...(row.trackId ? { trackId: row.trackId as TrackId } : {}),
    },
  };
}

/** Which of these accounts belong to the accounting team (`system-admin`), as the database says now. */
export async function teamAccountsAmong(db: DbExecutor, ids: readonly (string | null)[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), sql`'system-admin' = any(${users.roles})`));
  return new Set(rows.map((row) => row.id));
}

export async function claimsOfUser(db: Database, userId: string): Promise<Claims | null> {
  return (await accessOfUser(db, userId))?.claims ?? null;
}

async function withCompanies(db: DbExecutor, rows: UserRow[]): Promise<AdminUser[]> {
  if (rows.length === 0) return [];
  const memberships = await db
    .select({
      userId: companyMembers.userId,
      id: companies.id,
      name: companies.name,
      alias: companies.alias,
      cnpj: companies.cnpj,
      status: companies.status,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      inArray(
        companyMembers.userId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId));
  return rows.map((row) => {
    const own = memberships.filter((m) => m.userId === row.id).map(({ userId: _userId, ...company }) => company);
    return { ...toUserDto(row), companyIds: own.map((company) => company.id), companies: own };
  });
}

export async function findAdminUser(db: DbExecutor, id: string): Promise<AdminUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? (await withCompanies(db, [row]))[0] : undefined;
}

/** Part of the name or e-mail, accents and case ignored (the LIKE wildcards typed are taken literally). */
function searchCondition(query: string): SQL | undefined {
  const pattern = containing(query);
  return or(sql`unaccent(${users.name}) ilike unaccent(${pattern})`, sql`${users.email} ilike ${pattern}`);
}

/** Newest first; only the members of one company when `companyId` is given; by name or e-mail when `q` is. */
export async function listUsers(
  db: Database,
  filter: { companyId?: string; q?: string; limit: number; offset: number },
): Promise<{ data: AdminUser[]; total: number }> {
  const where = and(
    filter.companyId
      ? exists(
          db
            .select()
            .from(companyMembers)
            .where(and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, filter.companyId))),
        )
      : undefined,
    filter.q ? searchCondition(filter.q) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: await withCompanies(db, rows), total };
}

/* ---------------------------------------------------------------- profile photo */

const PHOTO_VERSION = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(PHOTO_TYPES).join('|')})$`,
);

/**
 * The version of a user's stored photo, read from its URL (`…/users/{id}/photo?v={uuid}.{ext}`); null when the user
 * has no photo of ours. The URL is the only record of the photo, so the schema needs no column for it.
 */
export function photoVersionOf(photoUrl: string | null): string | null {
  if (!photoUrl) return null;
  try {
    const version = new URL(photoUrl).searchParams.get('v');
    return version && PHOTO_VERSION.test(version) ? version : null;
  } catch {
    return null;
  }
}

/** Where the storage keeps one version of a user's photo. */
export function photoStorageKey(userId: string, version: string): string {
  return `users/${userId.replace(/[^A-Za-z0-9_-]/g, '_')}/photo-${version}`;
}

export function photoContentType(version: string): string {
  const extension = version.slice(version.lastIndexOf('.') + 1) as keyof typeof PHOTO_TYPES;
  return PHOTO_TYPES[extension];
}

/* ---------------------------------------------------------------- account deletion */

export interface DeletedAccount {
  /** Files to remove once the deletion is committed: the personal documents and the photo. */
  storageKeys: string[];
  /** Companies left without any member; the team keeps them and their records. */
  keptCompanyIds: string[];
}

/** Raised when deleting this account would leave the accounting team without anyone. */
export class LastTeamMemberError extends Error {}

/**
 * Deletes a person's account from the database, inside the caller's transaction: their personal documents, photo,
 * invitations, memberships and pending bank authorisations go; what they did for a company (invoices asked,
 * documents sent, status changes) stays with the company, its author left blank. A company left with no member is
 * kept, and its history says so and for how long.
 */
export async function deleteUserAccount(tx: DbExecutor, user: UserRow, now = new Date()): Promise<DeletedAccount> {
  // One deletion at a time per person, and the team check below sees every concurrent deletion.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  if (user.roles.includes('system-admin')) {
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, user.id), sql`'system-admin' = any(${users.roles})`))
      .limit(1)
      .for('update');
    if (others.length === 0) throw new LastTeamMemberError();
  }

  const memberships = await tx
    .select({ companyId: companyMembers.companyId, status: companies.status })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id));
  const kept: { companyId: string; status: CompanyStatus }[] = [];
  for (const membership of memberships) {
    const [{ others }] = await tx
      .select({ others: count() })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, membership.companyId), ne(companyMembers.userId, user.id)));
    if (others === 0) kept.push(membership);
  }

  // A file the person sent for a company belongs to the company: it stays, without its owner.
  await tx
    .update(documents)
    .set({ ownerUserId: null })
    .where(and(eq(documents.ownerUserId, user.id), sql`${documents.companyId} is not null`));
  const personal = await tx
    .delete(documents)
    .where(and(eq(documents.ownerUserId, user.id), sql`${documents.companyId} is null`))
    .returning({ storageKey: documents.storageKey });
  await tx.delete(oauthStates).where(eq(oauthStates.userId, user.id));

  if (kept.length > 0) {
    const until = new Date(now);
    until.setUTCFullYear(until.getUTCFullYear() + RECORDS_RETENTION_YEARS);
    const untilText = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(until);
    // Same status on both sides: the company did not change, but the team must see that nobody can sign in to it.
    await tx.insert(companyStatusChanges).values(
      kept.map(({ companyId, status }) => ({
        companyId,
        fromStatus: status,
        toStatus: status,
        note:
          `${user.name} (${user.email}), a última pessoa com acesso à empresa, excluiu a própria conta. ` +
          `A empresa e seus registros ficam guardados pela equipe contábil até ${untilText} (prazo legal de ` +
          `${RECORDS_RETENTION_YEARS} anos).`,
        changedBy: null,
        changedAt: now,
      })),
    );
  }

  // Memberships and invitations go with the row (ON DELETE CASCADE); authorship elsewhere becomes null.
  await tx.delete(users).where(eq(users.id, user.id));

  const photo = photoVersionOf(user.photoUrl);
  return {
    storageKeys: [...personal.map((d) => d.storageKey), ...(photo ? [photoStorageKey(user.id, photo)] : [])],
    keptCompanyIds: kept.map((k) => k.companyId),
  };
}
