import { and, count, eq, gte, lte, min, sql, sum } from 'drizzle-orm';
import type { AnnualBilling } from '@domain';
import { meiLimitCents, meiLimitStatus, monthKey, saoPauloDate } from '@domain';
import type { DbExecutor } from './executor';
import { companies, companyStatusChanges, nfsRequests } from './schema';

/**
 * The size of a company and the day it opened (São Paulo): its first change to active, or when it was registered
 * if it never was (customers who arrived already open).
 */
async function companyOpening(db: DbExecutor, companyId: string) {
  const [row] = await db
    .select({ size: companies.size, createdAt: companies.createdAt, activatedAt: min(companyStatusChanges.changedAt) })
    .from(companies)
    .leftJoin(
      companyStatusChanges,
      and(eq(companyStatusChanges.companyId, companies.id), eq(companyStatusChanges.toStatus, 'active')),
    )
    .where(eq(companies.id, companyId))
    .groupBy(companies.id);
  if (!row) return undefined;
  const opened = saoPauloDate(row.activatedAt ?? row.createdAt);
  return { size: row.size, openedOn: `${monthKey(opened.year, opened.month)}-${String(opened.day).padStart(2, '0')}` };
}

/**
 * docs/api.md annual billing: the company's issued invoices of the year by competence month, each counted once
 * (cancelled, refused and pending ones are no revenue), and for a MEI where the year stands on its limit.
 * Undefined when the company does not exist.
 */
export async function annualBillingByCompany(
  db: DbExecutor,
  companyId: string,
  year: number,
): Promise<AnnualBilling | undefined> {
  const company = await companyOpening(db, companyId);
  if (!company) return undefined;
  const month = sql<number>`substr(${nfsRequests.competence}, 6, 2)::int`.mapWith(Number);
  const rows = await db
    .select({
      month,
      totalCents: sum(nfsRequests.totalCents).mapWith(Number),
      count: count(),
    })
    .from(nfsRequests)
    .where(
      and(
        eq(nfsRequests.companyId, companyId),
        eq(nfsRequests.status, 'issued'),
        // Competence is YYYY-MM: text order is month order.
        gte(nfsRequests.competence, monthKey(year, 1)),
        lte(nfsRequests.competence, monthKey(year, 12)),
      ),
    )
    .groupBy(month);
  const months = Array.from({ length: 12 }, (_, index) => {
    const found = rows.find((row) => row.month === index + 1);
    return { month: index + 1, totalCents: found?.totalCents ?? 0, count: found?.count ?? 0 };
  });
  const totalCents = months.reduce((total, month) => total + month.totalCents, 0);

  const limitCents = company.size === 'MEI' ? meiLimitCents(year, company.openedOn) : 0;
  // No limit for a company that is not a MEI, nor for a year before it opened.
  const mei = limitCents > 0 ? { limitCents, ...meiLimitStatus(totalCents, limitCents) } : null;
  return { year, months, totalCents, mei };
}
