import { eq } from 'drizzle-orm';
import type { Company, CompanyStatus } from '@domain';
import { NOT_FOUND_MESSAGES, statusChangeRefusal } from '@domain';
import type { Database } from '../db/client';
import type { CompanyRow } from '../db/companies';
import { findCompany, lockCompany } from '../db/companies';
import type { DbExecutor } from '../db/executor';
import { companies, companyStatusChanges } from '../db/schema';
import { conflict, notFound } from './errors';

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

/** PUT /companies/{id}/status/{status}: the team moves a company to another status, under the company's lock. */
export async function setCompanyStatus(
  { db }: { db: Database },
  { id, status, note, actor }: { id: string; status: CompanyStatus; note?: string | null; actor: string },
): Promise<Company> {
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, id);
    if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
    await changeCompanyStatus(tx, company, status, { note, changedBy: actor });
  });
  // Locked and changed just above.
  return (await findCompany(db, id))!;
}
