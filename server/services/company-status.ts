import { eq } from 'drizzle-orm';
import type { CompanyStatus } from '@domain';
import { statusChangeRefusal } from '@domain';
import type { CompanyRow } from '../db/companies';
import type { DbExecutor } from '../db/executor';
import { companies, companyStatusChanges } from '../db/schema';
import { conflict } from './errors';

/**
 * Moves a company to another status if the lifecycle (`COMPANY_STATUS_TRANSITIONS` in domain/) allows it, and records
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
