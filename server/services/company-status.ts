import { desc, eq } from 'drizzle-orm';
import type { CompanyStatus } from '../../domain';
import { statusChangeRefusal } from '../../machines/companyStatus.machine';
import type { CompanyRow, DbExecutor } from '../db/companies';
import { companies, companyStatusChanges, users } from '../db/schema';
import { conflict } from '../http/errors';

/**
 * Moves a company to another status if the lifecycle (machines/companyStatus.machine.ts) allows it, and records
 * who did it, when, from where and why. Call inside a transaction holding the company row.
 */
export async function changeCompanyStatus(
  tx: DbExecutor,
  company: CompanyRow,
  to: CompanyStatus,
  change: { note?: string | null; changedBy: string | null },
  now = new Date(),
): Promise<void> {
  const refusal = statusChangeRefusal(company, to);
  if (refusal) throw conflict(refusal);
  await tx
    .update(companies)
    .set({ status: to, previousStatus: to === 'disabled' ? company.status : null, updatedAt: now })
    .where(eq(companies.id, company.id));
  await tx.insert(companyStatusChanges).values({
    companyId: company.id,
    fromStatus: company.status,
    toStatus: to,
    note: change.note ?? null,
    changedBy: change.changedBy,
    changedAt: now,
  });
}

export interface StatusChangeDto {
  id: string;
  fromStatus: CompanyStatus | null;
  toStatus: CompanyStatus;
  note: string | null;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
}

/** The status history of a company, newest first. */
export async function statusHistory(db: DbExecutor, companyId: string): Promise<StatusChangeDto[]> {
  const rows = await db
    .select({ change: companyStatusChanges, userName: users.name })
    .from(companyStatusChanges)
    .leftJoin(users, eq(users.id, companyStatusChanges.changedBy))
    .where(eq(companyStatusChanges.companyId, companyId))
    .orderBy(desc(companyStatusChanges.changedAt));
  return rows.map(({ change, userName }) => ({
    id: change.id,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    note: change.note,
    changedBy: change.changedBy && userName ? { id: change.changedBy, name: userName } : null,
    changedAt: change.changedAt.toISOString(),
  }));
}
