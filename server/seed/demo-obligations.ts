import { randomUUID } from 'node:crypto';
import { addMonths, monthKey, nextBusinessDay, saoPauloDate, saoPauloDay } from '@domain';
import type { DbExecutor } from '../db/executor';
import { createOutboxMail } from '../services/mail';
import { sendDueTaxReminders } from '../services/tax-reminders';
import { mendesFirstInvoiced } from './demo-invoices';
import {
  companyMonthlyFigures,
  companyTaxProfiles,
  nfsRequestStatusChanges,
  nfsRequests,
  obligationPayments,
} from '../db/schema';

/** Deterministic "random" values, so the demo is the same on every machine. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const dueOf = (competence: string) => nextBusinessDay(`${addMonths(competence, 1)}-20`);
const dayBefore = (date: string, days: number) =>
  new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) - days))
    .toISOString()
    .slice(0, 10);
const noonInSaoPaulo = (date: string) => new Date(`${date}T12:00:00-03:00`);

export interface DemoObligationsContext {
  mendes: string;
  /** The services MEI of mei@demo.test, active for over a year. */
  mei: string;
  /** The month (YYYY-MM) each started its activity. */
  mendesStart: string;
  meiStart: string;
  meiOwner: string;
  admin: string;
  now: Date;
  /** The address the reminders link to. */
  appUrl: string;
}

/**
 * The taxes the demo shows (docs/taxes.md "Obligations"): a year of invoices for the MEI; Mendes Tech's annex and its
 * payroll, which keeps the Fator R above 28 % until a partner leaves the payroll four months ago (Anexo III, then V);
 * every DAS paid on time but one, left late.
 */
export async function seedDemoObligations(tx: DbExecutor, demo: DemoObligationsContext) {
  const today = saoPauloDate(demo.now);
  const current = monthKey(today.year, today.month);
  const todayIso = saoPauloDay(demo.now);
  const random = sequence(7);

  // The MEI: two to three services a month for the last twelve months, issued.
  const clients = [
    { emissionType: 'cpf' as const, document: '57291053714', name: 'Ana Lima' },
    { emissionType: 'cnpj' as const, document: '36711088000105', name: 'Padaria Pão Dourado Ltda' },
    { emissionType: 'cnpj' as const, document: '11222333000181', name: 'Estúdio Aurora Design Ltda' },
  ];
  let number = 1;
  for (let back = 12; back >= 1; back--) {
    const competence = addMonths(current, -back);
    const services = 2 + Math.floor(random() * 2);
    for (let i = 0; i < services; i++) {
      const client = clients[Math.floor(random() * clients.length)];
      const issuedAt = noonInSaoPaulo(`${competence}-${String(8 + i * 7).padStart(2, '0')}`);
      const id = randomUUID();
      await tx.insert(nfsRequests).values({
        id,
        companyId: demo.mei,
        status: 'issued',
        emissionType: client.emissionType,
        customerDocument: client.document,
        customerName: client.name,
        description: 'Manutenção e configuração de computadores e rede.',
        activity: '9511800',
        competence,
        totalCents: Math.round((150_000 + random() * 150_000) / 100) * 100,
        invoiceNumber: String(number),
        accessKey: `3550308${String(900 + number++).padStart(13, '0')}`.padEnd(50, '0'),
        issuedAt,
        createdBy: demo.meiOwner,
        createdAt: new Date(issuedAt.getTime() - 26 * 3_600_000),
        updatedAt: issuedAt,
        statusChangedAt: issuedAt,
      });
      await tx.insert(nfsRequestStatusChanges).values([
        {
          requestId: id,
          toStatus: 'requested',
          changedBy: demo.meiOwner,
          changedAt: new Date(issuedAt.getTime() - 26 * 3_600_000),
        },
        { requestId: id, fromStatus: 'requested', toStatus: 'issued', changedBy: demo.admin, changedAt: issuedAt },
      ]);
    }
  }
  await tx.insert(companyTaxProfiles).values([
    { companyId: demo.mei, meiActivity: 'services', updatedBy: demo.admin },
    // Software development: Anexo III or V by the Fator R (LC 123 art. 18 § 5-J).
    { companyId: demo.mendes, annex: 'V', fatorR: true, updatedBy: demo.admin },
  ]);

  // Mendes Tech's payroll (pró-labore of both partners, then of Carlos alone).
  const payroll = [];
  for (let c = demo.mendesStart; c <= current; c = addMonths(c, 1))
    payroll.push({
      companyId: demo.mendes,
      competence: c,
      payrollCents: c < addMonths(current, -4) ? 650_000 : 300_000,
      updatedBy: demo.admin,
    });
  await tx.insert(companyMonthlyFigures).values(payroll);

  // Paid a few days before the due date, except the DAS of two months ago: late.
  const late = addMonths(current, -2);

  // The reminders of the last three guides, sent by the product's own runner at the moment it would have sent them
  // (before the payments below are recorded): five days before each due date, and the late one's the day after.
  const mail = createOutboxMail(tx);
  const remind = (at: string) =>
    sendDueTaxReminders({
      db: tx,
      mail,
      appUrl: demo.appUrl,
      now: new Date(`${at}T09:00:00-03:00`),
      companyIds: [demo.mendes, demo.mei],
    });
  for (let c = addMonths(current, -4); c <= late; c = addMonths(c, 1)) {
    const before = dayBefore(dueOf(c), 5);
    if (before < todayIso) await remind(before);
  }
  const dayAfterLate = dayBefore(dueOf(late), -1);
  if (dayAfterLate < todayIso) await remind(dayAfterLate);
  const payments = [];
  for (const [companyId, start, kind] of [
    [demo.mendes, demo.mendesStart, 'das'],
    [demo.mei, demo.meiStart, 'das_mei'],
  ] as const) {
    for (let c = start; c < current; c = addMonths(c, 1)) {
      const due = dueOf(c);
      if (c === late || due >= todayIso) continue;
      const paidAt = noonInSaoPaulo(dayBefore(due, 3));
      // Mendes Tech's first months had no invoices: no DAS, only the PGDAS-D declaring the zero.
      const withoutRevenue = kind === 'das' && c < mendesFirstInvoiced(demo.now);
      payments.push({ companyId, kind: withoutRevenue ? ('pgdas_d' as const) : kind, competence: c, paidAt, paidBy: demo.admin });
    }
  }
  // Last year's returns, filed.
  const lastYear = String(today.year - 1);
  if (demo.mendesStart <= `${lastYear}-12` && todayIso > `${today.year}-03-10`)
    payments.push({
      companyId: demo.mendes,
      kind: 'defis' as const,
      competence: lastYear,
      paidAt: noonInSaoPaulo(`${today.year}-03-10`),
      paidBy: demo.admin,
    });
  if (demo.meiStart <= `${lastYear}-12` && todayIso > `${today.year}-04-15`)
    payments.push({
      companyId: demo.mei,
      kind: 'dasn_simei' as const,
      competence: lastYear,
      paidAt: noonInSaoPaulo(`${today.year}-04-15`),
      paidBy: demo.admin,
    });
  await tx.insert(obligationPayments).values(payments);
}
