import type { SQL } from 'drizzle-orm';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { CompanyStatus, Order, StepId, TrackId } from '@domain';
import { STEP_ACTOR, normalizeCnpj } from '@domain';
import type { DbExecutor } from './executor';
import { toCompanyDto } from './companies';
import { companies, companyMembers, companySteps, subscriptions, users } from './schema';
import { containing } from './like';

/** Statuses of a company still being opened or migrated. */
const IN_PROGRESS: Record<TrackId, CompanyStatus[]> = {
  'create-company': ['pending', 'awaiting_opening', 'opening'],
  'migrate-company': ['pending', 'migrating'],
};

export async function listOrders(
  db: DbExecutor,
  trackId: TrackId,
  filter: { status?: CompanyStatus; stepId?: StepId; query?: string; limit: number; offset: number },
): Promise<{ data: Order[]; total: number }> {
  const current = db
    .select({ stepId: companySteps.stepId, status: companySteps.status, updatedAt: companySteps.updatedAt })
    .from(companySteps)
    .where(and(eq(companySteps.companyId, companies.id), ne(companySteps.status, 'done')))
    .orderBy(asc(companySteps.position))
    .limit(1)
    .as('current_step');
  const owner = db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companies.id))
    .orderBy(asc(companyMembers.createdAt))
    .limit(1)
    .as('owner');
  const subscription = db
    .select({ id: subscriptions.id, planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companies.id))
    .orderBy(sql`${subscriptions.createdAt} desc`)
    .limit(1)
    .as('subscription');

  let search: SQL | undefined;
  if (filter.query) {
    const pattern = containing(filter.query);
    const cnpj = normalizeCnpj(filter.query);
    search = or(
      sql`unaccent(coalesce(${companies.name}, '') || ' ' || coalesce(${companies.alias}, '')) ilike unaccent(${pattern})`,
      sql`unaccent(${owner.name}) ilike unaccent(${pattern})`,
      sql`${owner.email} ilike ${pattern}`,
      cnpj.length >= 3 && /\d/.test(cnpj) ? sql`${companies.cnpj} ilike ${`%${cnpj}%`}` : undefined,
    );
  }
  const waitingSince = sql<Date>`coalesce(${current.updatedAt}, ${companies.updatedAt})`;
  const where = and(
    eq(companies.trackId, trackId),
    filter.status ? eq(companies.status, filter.status) : inArray(companies.status, IN_PROGRESS[trackId]),
    filter.stepId ? eq(current.stepId, filter.stepId) : undefined,
    search,
  );
  const rows = await db
    .select({
      company: companies,
      stepId: current.stepId,
      stepStatus: current.status,
      waitingSince,
      ownerId: owner.id,
      ownerName: owner.name,
      ownerEmail: owner.email,
      subscriptionId: subscription.id,
      planId: subscription.planId,
      subscriptionStatus: subscription.status,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companies)
    .leftJoinLateral(current, sql`true`)
    .leftJoinLateral(owner, sql`true`)
    .leftJoinLateral(subscription, sql`true`)
    .where(where)
    // The team works the queue oldest first.
    .orderBy(asc(waitingSince), asc(companies.id))
    .limit(filter.limit)
    .offset(filter.offset);

  // Past the last page there is no row to carry the count: counted on its own then, like every other list.
  const total =
    rows[0]?.total ??
    (filter.offset > 0
      ? (
          await db
            .select({ n: count() })
            .from(companies)
            .leftJoinLateral(current, sql`true`)
            .leftJoinLateral(owner, sql`true`)
            .where(where)
        )[0].n
      : 0);
  return {
    total,
    data: rows.map((row) => ({
      company: toCompanyDto(
        row.company,
        row.subscriptionId ? { id: row.subscriptionId, planId: row.planId!, status: row.subscriptionStatus! } : null,
      ),
      currentStep: row.stepId ? { stepId: row.stepId, status: row.stepStatus!, actor: STEP_ACTOR[row.stepId] } : null,
      waitingSince: new Date(row.waitingSince).toISOString(),
      customer: row.ownerId ? { id: row.ownerId, name: row.ownerName!, email: row.ownerEmail! } : null,
    })),
  };
}
