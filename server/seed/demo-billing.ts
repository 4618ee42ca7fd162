import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CompanyStatus, PaymentMethod, ProgressStatus, TrackId } from '@domain';
import { TRACK_STEPS, findPlan, invitationEmail, referralLink, saoPauloDate } from '@domain';
import type { DbExecutor } from '../db/executor';
import { referralCodeOf } from '../db/referrals';
import {
  companies,
  companyMembers,
  companyStatusChanges,
  companySteps,
  invitations,
  outboxMessages,
  payments,
  subscriptions,
  users,
} from '../db/schema';

export interface DemoBillingContext {
  /** Demo company ids by alias ("Mendes Tech", …). */
  companyIds: ReadonlyMap<string, string>;
  /** Demo login uids by e-mail ("cliente@demo.test", …). */
  uids: ReadonlyMap<string, string>;
  now: Date;
  /** Where the product is reached, for the links in the seeded e-mails; http://localhost:3000 unless told. */
  publicUrl?: string;
}

const DAY = 24 * 60 * 60 * 1000;
/** Monthly fees fall due on the 10th. */
const DUE_DAY = 10;

/** Noon in São Paulo (UTC−3) of a calendar day: far from midnight, so the day never shifts. */
const spNoon = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 15));

/** The month `offset` months from (year, month). */
function addMonths(year: number, month: number, offset: number) {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

async function subscriptionOf(tx: DbExecutor, companyId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

interface Charge {
  dueDate: Date;
  status: 'paid' | 'pending';
  method?: PaymentMethod;
  paidAt?: Date;
}

async function insertCharges(tx: DbExecutor, subscription: typeof subscriptions.$inferSelect, charges: Charge[]) {
  if (charges.length === 0) return;
  await tx.insert(payments).values(
    charges.map((charge) => {
      const { year, month } = saoPauloDate(charge.dueDate);
      // Seeded checkouts exist at no provider: paying one creates a fresh checkout for the same charge.
      const checkoutId = `seed-${subscription.id.slice(0, 8)}-${year}${String(month).padStart(2, '0')}`;
      return {
        subscriptionId: subscription.id,
        companyId: subscription.companyId,
        provider: 'sandbox',
        providerCheckoutId: checkoutId,
        checkoutUrl: `https://pagamentos.invalid/checkout/${checkoutId}`,
        amountCents: subscription.priceCents,
        status: charge.status,
        method: charge.method ?? null,
        dueDate: charge.dueDate,
        paidAt: charge.paidAt ?? null,
        createdAt: new Date(charge.dueDate.getTime() - 10 * DAY),
        updatedAt: charge.paidAt ?? new Date(charge.dueDate.getTime() - 10 * DAY),
      };
    }),
  );
}

/** `paidMonths` monthly fees paid on time before the month of `first`, then the open ones from `first`. */
function monthlyCharges(first: { year: number; month: number }, paidMonths: number, openMonths: number): Charge[] {
  const charges: Charge[] = [];
  for (let back = paidMonths; back >= 1; back--) {
    const { year, month } = addMonths(first.year, first.month, -back);
    const dueDate = spNoon(year, month, DUE_DAY);
    charges.push({
      dueDate,
      status: 'paid',
      method: back % 4 === 0 ? 'boleto' : 'pix',
      paidAt: new Date(dueDate.getTime() - ((back % 3) + 1) * DAY - 2 * 60 * 60 * 1000),
    });
  }
  for (let ahead = 0; ahead < openMonths; ahead++) {
    const { year, month } = addMonths(first.year, first.month, ahead);
    charges.push({ dueDate: spNoon(year, month, DUE_DAY), status: 'pending' });
  }
  return charges;
}

interface ReferredPerson {
  id: string;
  name: string;
  email: string;
  trackId: TrackId;
  signedUpDaysAgo: number;
  company?: {
    name: string | null;
    alias: string;
    cnpj: string | null;
    status: CompanyStatus;
    size: 'MEI' | 'ME';
    type: 'on_person' | 'limited_liability';
    stepsDone: number;
    planId?: string;
    /** Monthly fees paid so far. */
    paidMonths?: number;
    history: { to: CompanyStatus; afterDays: number; note: string }[];
  };
}

/** People who signed up with Carlos's link, each at a different stage. They have no login. */
const REFERRED: ReferredPerson[] = [
  {
    id: 'demo-referral-fernanda-lopes',
    name: 'Fernanda Lopes',
    email: 'fernanda.lopes@exemplo.com.br',
    trackId: 'create-company',
    signedUpDaysAgo: 6,
  },
  {
    id: 'demo-referral-ricardo-alves',
    name: 'Ricardo Alves',
    email: 'ricardo.alves@exemplo.com.br',
    trackId: 'migrate-company',
    signedUpDaysAgo: 18,
    company: {
      name: null,
      alias: 'Alves Consultoria',
      cnpj: '59302648000165',
      status: 'pending',
      size: 'ME',
      type: 'limited_liability',
      stepsDone: 1,
      history: [],
    },
  },
  {
    id: 'demo-referral-patricia-nunes',
    name: 'Patrícia Nunes',
    email: 'patricia.nunes@exemplo.com.br',
    trackId: 'create-company',
    signedUpDaysAgo: 130,
    company: {
      name: 'Patrícia Nunes Design 48291537000184',
      alias: 'Patrícia Nunes Design',
      cnpj: '48291537000184',
      status: 'active',
      size: 'MEI',
      type: 'on_person',
      stepsDone: 5,
      planId: 'mei',
      paidMonths: 3,
      history: [
        { to: 'awaiting_opening', afterDays: 2, note: 'Cadastro concluído pelo cliente.' },
        { to: 'opening', afterDays: 5, note: 'Formalização no Portal do Empreendedor.' },
        { to: 'active', afterDays: 11, note: 'CNPJ do MEI emitido.' },
      ],
    },
  },
];

/** Invitations Carlos sent by e-mail: when each was sent (days ago), oldest first. */
const INVITATIONS = [
  { name: 'Luana Prado', email: 'luana@estudioprado.com.br', sentDaysAgo: [9, 2] },
  { name: 'Marcos Teixeira', email: 'marcos.teixeira@exemplo.com.br', sentDaysAgo: [3] },
];

/**
 * Billing and referrals of the demo: Mendes Tech's monthly fees (ten paid, the current one open), the MEI's since it
 * opened, two overdue fees for each overdue company, people who signed up with Carlos's link, and his invitations
 * with their e-mails.
 * Runs inside the demo seed's transaction, after the companies and their subscriptions exist.
 */
export async function seedDemoBilling(tx: DbExecutor, ctx: DemoBillingContext): Promise<void> {
  const { now } = ctx;
  const today = saoPauloDate(now);
  const carlos = ctx.uids.get('cliente@demo.test');
  const mendesId = ctx.companyIds.get('Mendes Tech');
  if (!carlos || !mendesId) throw new Error('seedDemoBilling needs the demo customer and Mendes Tech');

  // Mendes Tech: this month's fee is open until the 10th, then next month's is; the ten before it are paid.
  const mendes = await subscriptionOf(tx, mendesId);
  if (mendes) {
    const openMonth = today.day <= DUE_DAY ? { year: today.year, month: today.month } : addMonths(today.year, today.month, 1);
    await insertCharges(tx, mendes, monthlyCharges(openMonth, 10, 1));
  }

  // Carlos's MEI, opened this year: every fee since it started is paid, the current one open.
  const photographyId = ctx.companyIds.get('Carlos Mendes Fotografia');
  const photography = photographyId ? await subscriptionOf(tx, photographyId) : undefined;
  if (photography) {
    const openMonth = today.day <= DUE_DAY ? { year: today.year, month: today.month } : addMonths(today.year, today.month, 1);
    const since = saoPauloDate(photography.activatedAt ?? photography.createdAt);
    // The first fee falls due in the month after the subscription started.
    const paidMonths = Math.max(0, openMonth.year * 12 + openMonth.month - (since.year * 12 + since.month) - 1);
    await insertCharges(tx, photography, monthlyCharges(openMonth, paidMonths, 1));
  }

  // Overdue companies: the last two fees past their due date, the two before paid.
  const overdue = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, [...ctx.companyIds.values()]), eq(companies.status, 'overdue')));
  for (const { id } of overdue) {
    const subscription = await subscriptionOf(tx, id);
    if (!subscription) continue;
    const unpaid = addMonths(today.year, today.month, today.day > DUE_DAY ? -1 : -2);
    await insertCharges(tx, subscription, monthlyCharges(unpaid, 2, 2));
  }

  // People Carlos referred, at different stages.
  const code = referralCodeOf(carlos);
  for (const person of REFERRED) {
    const signedUpAt = new Date(now.getTime() - person.signedUpDaysAgo * DAY);
    await tx.insert(users).values({
      id: person.id,
      email: person.email,
      name: person.name,
      roles: ['company-admin'],
      indicatedBy: code,
      trackId: person.trackId,
      createdAt: signedUpAt,
      updatedAt: signedUpAt,
    });
    const demo = person.company;
    if (!demo) continue;
    const createdAt = new Date(signedUpAt.getTime() + DAY);
    const steps = TRACK_STEPS[person.trackId];
    const [company] = await tx
      .insert(companies)
      .values({
        name: demo.name,
        alias: demo.alias,
        cnpj: demo.cnpj,
        status: demo.status,
        size: demo.size,
        type: demo.type,
        trackId: person.trackId,
        trackStatus: demo.stepsDone >= steps.length ? 'done' : 'in_progress',
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: companies.id });
    await tx.insert(companyMembers).values({ companyId: company.id, userId: person.id, createdAt });
    await tx.insert(companySteps).values(
      steps.map((stepId, position) => ({
        companyId: company.id,
        stepId,
        position,
        status: (position < demo.stepsDone ? 'done' : position === demo.stepsDone ? 'in_progress' : 'pending') as ProgressStatus,
        payload: null,
        completedAt: position < demo.stepsDone ? new Date(createdAt.getTime() + (position + 1) * DAY) : null,
      })),
    );
    await tx.insert(companyStatusChanges).values([
      { companyId: company.id, toStatus: 'pending', note: 'Empresa cadastrada.', changedBy: person.id, changedAt: createdAt },
      ...demo.history.map((change, i) => ({
        companyId: company.id,
        fromStatus: i === 0 ? ('pending' as const) : demo.history[i - 1].to,
        toStatus: change.to,
        note: change.note,
        changedAt: new Date(createdAt.getTime() + change.afterDays * DAY),
      })),
    ]);
    const plan = demo.planId ? findPlan(demo.planId) : undefined;
    if (plan) {
      const activatedAt = new Date(createdAt.getTime() + 2 * DAY);
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          companyId: company.id,
          planId: plan.id,
          status: 'active',
          priceCents: plan.priceCents,
          activatedAt,
          createdAt: activatedAt,
        })
        .returning();
      const next = today.day <= DUE_DAY ? { year: today.year, month: today.month } : addMonths(today.year, today.month, 1);
      await insertCharges(tx, subscription, monthlyCharges(next, demo.paidMonths ?? 0, 0));
    }
  }

  // Carlos's invitations, and the e-mails each send left in the outbox.
  const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, carlos));
  const link = referralLink(ctx.publicUrl ?? 'http://localhost:3000', code);
  for (const invitation of INVITATIONS) {
    const sends = invitation.sentDaysAgo.map((days) => new Date(now.getTime() - days * DAY));
    await tx.insert(invitations).values({
      userId: carlos,
      email: invitation.email,
      name: invitation.name,
      sentCount: sends.length,
      lastSentAt: sends[sends.length - 1],
      createdAt: sends[0],
    });
    const email = invitationEmail({ inviterName: inviter?.name ?? 'Carlos Mendes', inviteeName: invitation.name, link });
    await tx.insert(outboxMessages).values(
      sends.map((sentAt) => ({
        toAddress: invitation.email,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        transport: 'outbox',
        sentAt,
        createdAt: sentAt,
      })),
    );
  }
}
