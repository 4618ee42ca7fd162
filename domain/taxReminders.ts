import { OBLIGATION_PAYABLE, type Obligation, type ObligationKind } from './obligations';

/** The obligations that get reminders, and whether a late one does too. */
const REMINDED: Partial<Record<ObligationKind, { late: boolean }>> = {
  das: { late: true },
  das_mei: { late: true },
  dasn_simei: { late: false },
  defis: { late: false },
};

/**
 * E-mail reminders (docs/taxes.md "Reminders"): for the guides a customer pays, one some days before the due date and
 * one the day after it passed unpaid; for the yearly returns the team files for the company (DASN-SIMEI, DEFIS), the
 * first only, so the customer checks what it will declare (a late return is the team's to mend, in its own list).
 * The monthly PGDAS-D shares its DAS's date and e-mail.
 */
export const TAX_REMINDER_KINDS = ['upcoming', 'late'] as const;
export type TaxReminderKind = (typeof TAX_REMINDER_KINDS)[number];

/** The "vence em breve" e-mail goes from this many days before the due date (the due date itself included). */
export const TAX_REMINDER_DAYS_BEFORE = 5;
/**
 * The "em atraso" e-mail goes the day after the due date; a server that was down that day still sends it up to this
 * many days late, never later (no e-mail about last year's guides when a company joins or the feature is turned on).
 */
export const TAX_REMINDER_LATE_CATCH_UP_DAYS = 7;

export interface DueTaxReminder {
  kind: TaxReminderKind;
  obligation: Obligation;
}

/** Whole days from `from` to `to`, both YYYY-MM-DD (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/**
 * The reminders due today (São Paulo, YYYY-MM-DD) among a company's obligations: one not recorded as paid or filed,
 * and for a guide with something to pay (a closed month without revenue has none; an amount nobody could compute yet
 * still gets one).
 */
export function dueTaxReminders(obligations: readonly Obligation[], today: string): DueTaxReminder[] {
  const due: DueTaxReminder[] = [];
  for (const obligation of obligations) {
    const reminded = REMINDED[obligation.kind];
    if (!reminded || obligation.payment?.paidAt) continue;
    if (OBLIGATION_PAYABLE[obligation.kind] && obligation.amountCents === 0) continue;
    const left = daysBetween(today, obligation.dueDate);
    if (left >= 0 && left <= TAX_REMINDER_DAYS_BEFORE) due.push({ kind: 'upcoming', obligation });
    else if (reminded.late && left < 0 && -left <= TAX_REMINDER_LATE_CATCH_UP_DAYS) due.push({ kind: 'late', obligation });
  }
  return due;
}
