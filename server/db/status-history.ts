import { desc, eq } from 'drizzle-orm';
import type { StatusChange } from '@domain';
import { MAX_PAGE_SIZE } from '@domain';
import type { DbExecutor } from './executor';
import { companyStatusChanges, nfsRequestStatusChanges, users } from './schema';

/** The tables that record a subject's status changes, each with the column naming its subject. */
const HISTORIES = {
  company: { table: companyStatusChanges, subject: companyStatusChanges.companyId },
  nfsRequest: { table: nfsRequestStatusChanges, subject: nfsRequestStatusChanges.requestId },
} as const;

type Histories = typeof HISTORIES;
type StatusOf<K extends keyof Histories> = Histories[K]['table']['$inferSelect']['toStatus'];

/**
 * The status history of a company or an invoice request, newest first, with who made each change (as the team sees
 * it: `server/http/staff-privacy.ts` shapes it for a customer).
 */
export async function statusHistory<K extends keyof Histories>(
  db: DbExecutor,
  kind: K,
  subjectId: string,
): Promise<StatusChange<StatusOf<K>>[]> {
  const { table, subject } = HISTORIES[kind] as Histories[keyof Histories];
  const rows = await db
    .select({
      id: table.id,
      fromStatus: table.fromStatus,
      toStatus: table.toStatus,
      note: table.note,
      changedBy: table.changedBy,
      changedAt: table.changedAt,
      userName: users.name,
      userRoles: users.roles,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.changedBy))
    .where(eq(subject, subjectId))
    .orderBy(desc(table.changedAt))
    // The newest page: a history is read from its latest change.
    .limit(MAX_PAGE_SIZE);
  return rows.map(({ changedBy, userName, userRoles, changedAt, ...change }) => ({
    ...change,
    fromStatus: change.fromStatus as StatusOf<K> | null,
    toStatus: change.toStatus as StatusOf<K>,
    changedBy: changedBy && userName ? { id: changedBy, name: userName, team: (userRoles ?? []).includes('system-admin') } : null,
    changedAt: changedAt.toISOString(),
  }));
}
