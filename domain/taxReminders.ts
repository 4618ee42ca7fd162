import { formatDay, weekdayOf } from './dates';
import { MONTH_NAMES } from './labels';
import {
  OBLIGATION_KIND_LABEL,
  OBLIGATION_PAYABLE,
  type Obligation,
  type ObligationKind,
  type ObligationRegime,
} from './obligations';
import { formatMoney } from './plans';
import { escapeHtml } from './referrals';

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

/** "2026-10" → "outubro de 2026". */
const competenceText = (competence: string) => `${MONTH_NAMES[Number(competence.slice(5, 7)) - 1]} de ${competence.slice(0, 4)}`;

/** Who a reminder goes to: a person of the company. */
export interface TaxReminderRecipient {
  userId: string;
  name: string;
  email: string;
}

/**
 * The e-mail of one reminder, in Portuguese (docs/taxes.md "Reminders"): text and HTML, the company's and the
 * person's names escaped (they are the customer's own text). `today` is São Paulo's, YYYY-MM-DD.
 */
export function taxReminderEmail(
  input: {
    companyName: string;
    regime: ObligationRegime;
    due: DueTaxReminder;
    recipient: TaxReminderRecipient;
    today: string;
  },
  appUrl: string,
): { to: string; subject: string; text: string; html: string } {
  const { obligation, kind } = input.due;
  const yearly = obligation.competence.length === 4;
  const guide = `${OBLIGATION_KIND_LABEL[obligation.kind]} de ${yearly ? obligation.competence : competenceText(obligation.competence)}`;
  // Plain spaces: Intl's non-breaking one shows as a strange character in some mail readers' subjects.
  const amount = obligation.amountCents === null ? null : formatMoney(obligation.amountCents).replace(/\u00a0/g, ' ');
  const firstName = input.recipient.name.split(' ')[0] || input.recipient.name;
  const generator = input.regime === 'mei' ? 'PGMEI' : 'PGDAS-D';
  const taxesUrl = `${appUrl}/app/taxes`;
  const profileUrl = `${appUrl}/app/user/my-profile`;
  let subject: string;
  const lines: string[] = [];
  const when = (date: string) => (date === input.today ? 'hoje' : `em ${formatDay(date)}, ${weekdayOf(date)}`);
  if (yearly) {
    // A yearly return the team files: the customer checks what it will say while there is time.
    subject = `${guide}: entrega ${obligation.dueDate === input.today ? 'hoje' : `até ${formatDay(obligation.dueDate)}`}`;
    lines.push(
      `A ${guide} da ${input.companyName} vence ${when(obligation.dueDate)}. A equipe contábil a entrega por você.`,
      obligation.kind === 'dasn_simei'
        ? 'Confira em Impostos o que ela vai declarar (a receita do ano e se houve empregado); se vendeu ou prestou serviços sem nota, avise a equipe antes do prazo.'
        : 'Se algo mudou no ano (sócios, empregados, receita sem nota), avise a equipe antes do prazo.',
      `Impostos: ${taxesUrl}`,
    );
  } else if (kind === 'upcoming') {
    const today = obligation.dueDate === input.today;
    subject = `${guide}: vence ${today ? 'hoje' : `em ${formatDay(obligation.dueDate)}`}${amount ? ` (${amount})` : ''}`;
    lines.push(
      `O ${guide} da ${input.companyName} vence ${when(obligation.dueDate)}.`,
      amount ? `Valor: ${amount}.` : 'O valor ainda não foi calculado: falta a equipe contábil confirmar o anexo da empresa.',
      `Veja a guia e o cálculo em Impostos: ${taxesUrl}`,
    );
  } else {
    subject = `${guide} em atraso: venceu em ${formatDay(obligation.dueDate)}`;
    lines.push(
      `O ${guide} da ${input.companyName}${amount ? `, de ${amount},` : ''} venceu em ${formatDay(obligation.dueDate)} e não consta como pago.`,
      `Pague quanto antes: depois do vencimento há multa de 0,33% ao dia (até 20%) e juros pela Selic. Gere a guia com o valor atualizado no ${generator}, ou peça à equipe contábil.`,
      'Se já pagou, desconsidere este aviso: a equipe registra o pagamento assim que o comprovante chegar.',
      `Impostos: ${taxesUrl}`,
    );
  }
  const footer = `Não quer mais estes avisos? Desligue em Meu perfil, "Avisos por e-mail": ${profileUrl}`;
  const text = [`Olá, ${firstName},`, '', ...lines.flatMap((line) => [line, '']), '—', footer].join('\n');
  const paragraph = (line: string) =>
    `<p>${escapeHtml(line).replace(/(https?:\/\/\S+)/g, (url) => `<a href="${url}">${url}</a>`)}</p>`;
  const html = [`<p>Olá, ${escapeHtml(firstName)},</p>`, ...lines.map(paragraph), `<hr>`, paragraph(footer)].join('\n');
  return { to: input.recipient.email, subject, text, html };
}
