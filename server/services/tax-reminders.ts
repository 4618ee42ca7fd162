import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DueTaxReminder, ObligationRegime, TaxReminderRecipient } from '@domain';
import { dueTaxReminders, saoPauloDate, saoPauloDay, taxReminderEmail } from '@domain';
import { DEFAULT_TAX_REMINDERS_INTERVAL_MS } from '../config';
import type { DbExecutor } from '../db/executor';
import { obligationsOfCompanies } from '../db/obligations';
import { companies, companyMembers, obligationReminders, users } from '../db/schema';
import type { Logger } from '../logger';
import type { MailService } from './mail';
import { every, type ScheduleRunner } from './periodic';

/**
 * Tax reminders (docs/taxes.md "Reminders"): every server runs them; the table's key lets one of them claim each
 * e-mail, so a person gets it once however many servers run. A claim is a lease: if the server dies before the
 * e-mail left, or the SMTP server refused it, another run takes it again once the lease is over, up to
 * `MAX_ATTEMPTS`. (An e-mail the SMTP server accepted just before the process died can go twice: never none.)
 */
export const REMINDER_LEASE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;

interface Candidate {
  companyId: string;
  companyName: string;
  regime: ObligationRegime;
  due: DueTaxReminder;
  recipient: TaxReminderRecipient;
}

export interface TaxReminderRun {
  /** E-mails handed to the mail service. */
  sent: number;
  /** E-mails whose delivery failed (tried again after the lease). */
  failed: number;
}

/** The active companies' customers who want reminders, by company (of these companies only, when given). */
async function recipientsByCompany(db: DbExecutor, companyIds?: string[]): Promise<Map<string, TaxReminderRecipient[]>> {
  const rows = await db
    .select({ companyId: companyMembers.companyId, userId: users.id, name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(
        eq(companies.status, 'active'),
        eq(users.taxReminders, true),
        companyIds ? inArray(companyMembers.companyId, companyIds) : undefined,
      ),
    );
  const byCompany = new Map<string, TaxReminderRecipient[]>();
  for (const { companyId, ...recipient } of rows) {
    const list = byCompany.get(companyId) ?? [];
    list.push(recipient);
    byCompany.set(companyId, list);
  }
  return byCompany;
}

/** Claims the candidates not sent yet and not held by another server's lease; answers those claimed. */
async function claim(db: DbExecutor, candidates: Candidate[], now: Date): Promise<Candidate[]> {
  if (!candidates.length) return [];
  const keyOf = (c: { companyId: string; kind: string; competence: string; reminder: string; userId: string }) =>
    [c.companyId, c.kind, c.competence, c.reminder, c.userId].join('|');
  const byKey = new Map(
    candidates.map((c) => [
      keyOf({
        companyId: c.companyId,
        kind: c.due.obligation.kind,
        competence: c.due.obligation.competence,
        reminder: c.due.kind,
        userId: c.recipient.userId,
      }),
      c,
    ]),
  );
  // One order for every server, so two concurrent claims wait on each other instead of deadlocking.
  const keys = [...byKey.keys()].sort();
  const leaseEnded = new Date(now.getTime() - REMINDER_LEASE_MS);
  const claimed = await db
    .insert(obligationReminders)
    .values(
      keys.map((key) => {
        const c = byKey.get(key)!;
        return {
          companyId: c.companyId,
          kind: c.due.obligation.kind,
          competence: c.due.obligation.competence,
          reminder: c.due.kind,
          userId: c.recipient.userId,
          dueDate: c.due.obligation.dueDate,
          claimedAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [
        obligationReminders.companyId,
        obligationReminders.kind,
        obligationReminders.competence,
        obligationReminders.reminder,
        obligationReminders.userId,
      ],
      set: { claimedAt: now, attempts: sql`${obligationReminders.attempts} + 1` },
      setWhere: sql`${obligationReminders.sentAt} is null and ${obligationReminders.claimedAt} < ${leaseEnded}
        and ${obligationReminders.attempts} < ${MAX_ATTEMPTS}`,
    })
    .returning({
      companyId: obligationReminders.companyId,
      kind: obligationReminders.kind,
      competence: obligationReminders.competence,
      reminder: obligationReminders.reminder,
      userId: obligationReminders.userId,
    });
  return claimed.map((row) => byKey.get(keyOf(row))!);
}

const keyWhere = (c: Candidate) =>
  and(
    eq(obligationReminders.companyId, c.companyId),
    eq(obligationReminders.kind, c.due.obligation.kind),
    eq(obligationReminders.competence, c.due.obligation.competence),
    eq(obligationReminders.reminder, c.due.kind),
    eq(obligationReminders.userId, c.recipient.userId),
  );

/** Sends the reminders due `now` (São Paulo's day) that no server has sent yet. */
export async function sendDueTaxReminders({
  db,
  mail,
  appUrl,
  logger,
  now = new Date(),
  companyIds,
}: {
  db: DbExecutor;
  mail: MailService;
  appUrl: string;
  logger?: Logger;
  now?: Date;
  /** Only these companies (the demo's history); every active one otherwise. */
  companyIds?: string[];
}): Promise<TaxReminderRun> {
  const recipients = await recipientsByCompany(db, companyIds);
  if (!recipients.size) return { sent: 0, failed: 0 };
  const today = saoPauloDay(now);
  const { year, month } = saoPauloDate(now);
  // Last year's obligations are due until its DASN-SIMEI at the end of May (December's DAS in January, the DEFIS in
  // March): in the first half of the year they are read too.
  const years = month <= 6 ? [year - 1, year] : [year];
  const candidates: Candidate[] = [];
  for (const y of years) {
    const all = await obligationsOfCompanies(db, [...recipients.keys()], y, now);
    for (const [companyId, { context, obligations }] of all) {
      if (!obligations) continue;
      for (const due of dueTaxReminders(obligations.obligations, today))
        for (const recipient of recipients.get(companyId) ?? [])
          candidates.push({ companyId, companyName: context.name, regime: obligations.regime, due, recipient });
    }
  }
  const claimed = await claim(db, candidates, now);
  const run: TaxReminderRun = { sent: 0, failed: 0 };
  for (const candidate of claimed) {
    const message = taxReminderEmail({ ...candidate, today }, appUrl);
    try {
      const { id } = await mail.send(message);
      await db.update(obligationReminders).set({ sentAt: now, outboxMessageId: id, error: null }).where(keyWhere(candidate));
      run.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(obligationReminders)
        .set({ error: reason.slice(0, 1000) })
        .where(keyWhere(candidate));
      logger?.error(`Tax reminder to ${candidate.recipient.email} not delivered`, error);
      run.failed += 1;
    }
  }
  return run;
}

/** Runs the reminders at start and every `intervalMs` (an hour by default), on every server. */
export function startTaxReminders(options: {
  db: DbExecutor;
  mail: MailService;
  appUrl: string;
  logger: Logger;
  intervalMs?: number;
}): ScheduleRunner {
  return every(options.intervalMs ?? DEFAULT_TAX_REMINDERS_INTERVAL_MS, async () => {
    try {
      const { sent, failed } = await sendDueTaxReminders(options);
      if (sent || failed)
        options.logger.info(`Tax reminders: ${sent} sent${failed ? `, ${failed} failed (tried again later)` : ''}.`);
    } catch (error) {
      options.logger.error('Tax reminders: run failed', error);
    }
  });
}
