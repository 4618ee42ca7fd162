import { and, asc, count, desc, eq, exists, inArray } from 'drizzle-orm';
import type { Claims, Role, TrackId } from '../../domain';
import type { Database } from './client';
import { companyMembers, users } from './schema';

export type UserRow = typeof users.$inferSelect;

/** A user as the API answers it. */
export interface UserDto {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  photoUrl: string | null;
  roles: Role[];
  indicatedBy: string | null;
  trackId: TrackId | null;
  createdAt: string;
}

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    photoUrl: row.photoUrl,
    roles: row.roles,
    indicatedBy: row.indicatedBy,
    trackId: row.trackId,
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
export async function claimsOfUser(db: Database, userId: string): Promise<Claims | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  const memberships = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId));
  const companies = memberships.map((m) => m.companyId);
  return {
    roles: user.roles,
    ...(companies.length ? { companies, companyId: companies[0] } : {}),
    ...(user.trackId ? { trackId: user.trackId } : {}),
  };
}

/** A user as the team sees it: with the companies they act on. */
export interface AdminUserDto extends UserDto {
  companyIds: string[];
}

async function withCompanies(db: Database, rows: UserRow[]): Promise<AdminUserDto[]> {
  if (rows.length === 0) return [];
  const memberships = await db
    .select()
    .from(companyMembers)
    .where(
      inArray(
        companyMembers.userId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(companyMembers.createdAt));
  return rows.map((row) => ({
    ...toUserDto(row),
    companyIds: memberships.filter((m) => m.userId === row.id).map((m) => m.companyId),
  }));
}

export async function findAdminUser(db: Database, id: string): Promise<AdminUserDto | undefined> {
  const row = await findUser(db, id);
  return row ? (await withCompanies(db, [row]))[0] : undefined;
}

/** Newest first; only the members of one company when `companyId` is given. */
export async function listUsers(
  db: Database,
  filter: { companyId?: string; limit: number; offset: number },
): Promise<{ data: AdminUserDto[]; total: number }> {
  const where = filter.companyId
    ? exists(
        db
          .select()
          .from(companyMembers)
          .where(and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, filter.companyId))),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: await withCompanies(db, rows), total };
}
