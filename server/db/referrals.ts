import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CompanyStatus, Invitation, Referral, ReferralStage } from '@domain';
import { REFERRAL_STAGES, maskEmail, referralStage, resendAvailableAt, shortName } from '@domain';
import type { DbExecutor } from './executor';
import { readTogether } from './executor';
import { companies, companyMembers, invitations, payments, users } from './schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** A person's referral code: stable (derived from the uid), short, and telling nothing about them. */
export function referralCodeOf(uid: string): string {
  return createHash('sha256').update(uid, 'utf8').digest('hex').slice(0, 10);
}

/** Everyone who signed up with the code, newest first, with the stage each has reached. */
export async function referredPeople(db: DbExecutor, code: string): Promise<Referral[]> {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    // Codes are lowercase hex; a link typed in capitals still counts.
    .where(eq(sql`lower(${users.indicatedBy})`, code))
    .orderBy(desc(users.createdAt), users.id);
  if (people.length === 0) return [];
  const companiesOf = await db
    .select({
      userId: companyMembers.userId,
      status: companies.status,
      hasPaidCharge: sql<boolean>`exists (select 1 from ${payments} where ${payments.companyId} = ${companies.id} and ${payments.status} = 'paid')`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      inArray(
        companyMembers.userId,
        people.map((person) => person.id),
      ),
    );
  return people.map((person) => ({
    name: shortName(person.name),
    email: maskEmail(person.email),
    stage: referralStage(
      companiesOf
        .filter((row) => row.userId === person.id)
        .map((row) => ({ status: row.status as CompanyStatus, hasPaidCharge: Boolean(row.hasPaidCharge) })),
    ),
    signedUpAt: person.createdAt.toISOString(),
  }));
}

export function stageCounts(referrals: readonly Referral[]): Record<ReferralStage, number> {
  const counts = Object.fromEntries(REFERRAL_STAGES.map((stage) => [stage, 0])) as Record<ReferralStage, number>;
  for (const referral of referrals) counts[referral.stage] += 1;
  return counts;
}

export function toInvitationDto(row: InvitationRow, signedUp: boolean): Invitation {
  const resendAt = resendAvailableAt({ sentCount: row.sentCount, lastSentAt: row.lastSentAt, signedUp });
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    sentCount: row.sentCount,
    lastSentAt: row.lastSentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    signedUp,
    resendAvailableAt: resendAt?.toISOString() ?? null,
  };
}

/** Which of these e-mails already have an account. */
export async function registeredEmails(db: DbExecutor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.map((row) => row.email));
}

/** The person's invitations, newest first. */
export async function listInvitations(
  db: DbExecutor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ data: Invitation[]; total: number }> {
  const [rows, [{ total }]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(invitations)
        .where(eq(invitations.userId, userId))
        .orderBy(desc(invitations.createdAt), invitations.id)
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ total: count() }).from(invitations).where(eq(invitations.userId, userId)),
  ]);
  const registered = await registeredEmails(
    db,
    rows.map((row) => row.email),
  );
  return { data: rows.map((row) => toInvitationDto(row, registered.has(row.email))), total };
}

/**
 * How many invitation e-mails the person sent in the last 24 hours. Exact because an invitation is sent again only
 * 24 hours after its last send: each counts at most once in the window, by its last send.
 */
export async function invitationsSentSince(db: DbExecutor, userId: string, since: Date): Promise<number> {
  const [{ sent }] = await db
    .select({ sent: count() })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), gt(invitations.lastSentAt, since)));
  return sent;
}

/** The user row, locked until the transaction ends: one person's invitations are sent one at a time. */
export async function lockUser(tx: DbExecutor, uid: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, uid)).for('update');
  return row;
}
