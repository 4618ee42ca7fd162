/**
 * The referral programme's invitations by e-mail (docs/features.md): sent, and sent again, under the inviter's lock,
 * so that one person's sends go one at a time and the daily limit holds. The routes check the input; these write.
 */
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { InvitationSchema } from '@domain';
import {
  duplicateInvitationMessage,
  INVITATION_MESSAGES,
  invitationEmail,
  INVITATIONS_PER_DAY,
  NOT_FOUND_MESSAGES,
  referralLink,
  resendAvailableAt,
} from '@domain';
import type { Database } from '../db/client';
import type { DbExecutor } from '../db/executor';
import type { InvitationRow } from '../db/referrals';
import { invitationsSentSince, lockUser, referralCodeOf, registeredEmails } from '../db/referrals';
import { invitations } from '../db/schema';
import type { Logger } from '../logger';
import { ServiceError, conflict, invalid, notDelivered, notFound, tooOften } from './errors';
import type { MailMessage, MailServiceOptions } from './mail';
import { MailDeliveryError, createMailService } from './mail';

export interface InvitationDeps {
  db: Database;
  /** `mail`: SMTP or the outbox only (absent: the outbox only). */
  config: { publicUrl: string; mail?: Pick<MailServiceOptions, 'smtpUrl' | 'from'> };
  logger: Logger;
}

export const INVITATION_NOT_FOUND = 'Convite não encontrado.';
const DAY_MS = 24 * 60 * 60 * 1000;
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** The inviter, locked until the transaction ends. */
async function lockInviter(tx: DbExecutor, uid: string) {
  const me = await lockUser(tx, uid);
  if (!me) throw notFound(NOT_FOUND_MESSAGES.user);
  return me;
}

async function assertUnderDailyLimit(tx: DbExecutor, uid: string, now: Date): Promise<void> {
  if ((await invitationsSentSince(tx, uid, new Date(now.getTime() - DAY_MS))) >= INVITATIONS_PER_DAY) {
    throw tooOften(INVITATION_MESSAGES.dailyLimit);
  }
}

/**
 * Sends within the caller's transaction: the e-mail is kept only if the invitation is, and vice versa. A message the
 * SMTP server did not take is logged and refused as not delivered, which undoes the invitation.
 */
async function sendMail({ config, logger }: InvitationDeps, tx: DbExecutor, message: MailMessage): Promise<void> {
  // The outbox by default, SMTP when SMTP_URL is set (server/config.ts).
  const { smtpUrl, from } = config.mail ?? {};
  try {
    await createMailService({ db: tx, smtpUrl, from }).send(message);
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    logger.error('Invitation e-mail not delivered', error);
    throw notDelivered('Não foi possível enviar o e-mail agora. Tente novamente em instantes.');
  }
}

/** The invitation's e-mail, with the inviter's referral link. */
function invitationMessage(
  { config }: InvitationDeps,
  inviter: { id: string; name: string },
  invitee: { email: string; name?: string | null },
): MailMessage {
  const link = referralLink(config.publicUrl, referralCodeOf(inviter.id));
  return { to: invitee.email, ...invitationEmail({ inviterName: inviter.name, inviteeName: invitee.name, link }) };
}

/**
 * POST /referrals/invitations: an invitation to someone who has no account yet and was not invited by this person,
 * within the day's limit, with its e-mail.
 */
export async function sendInvitation(
  deps: InvitationDeps,
  { uid, input }: { uid: string; input: v.InferOutput<typeof InvitationSchema> },
): Promise<InvitationRow> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const me = await lockInviter(tx, uid);
    if (input.email === me.email.toLowerCase()) {
      throw invalid(INVITATION_MESSAGES.yourself, { email: INVITATION_MESSAGES.yourself });
    }
    if ((await registeredEmails(tx, [input.email])).size) {
      throw new ServiceError('conflict', INVITATION_MESSAGES.alreadyUser, { email: INVITATION_MESSAGES.alreadyUser });
    }
    const [existing] = await tx
      .select({ sentCount: invitations.sentCount, lastSentAt: invitations.lastSentAt })
      .from(invitations)
      .where(and(eq(invitations.userId, uid), eq(invitations.email, input.email)));
    if (existing) {
      const message = duplicateInvitationMessage(existing, now);
      throw new ServiceError('conflict', message, { email: message });
    }
    await assertUnderDailyLimit(tx, uid, now);
    const [created] = await tx
      .insert(invitations)
      .values({ userId: uid, email: input.email, name: input.name ?? null, lastSentAt: now, createdAt: now })
      .returning();
    await sendMail(deps, tx, invitationMessage(deps, me, input));
    return created;
  });
}

/**
 * POST /referrals/invitations/{id}/resend: the person's own invitation sent again, while its invitee has no account,
 * once the wait since its last send is over and within its sends and the day's limit.
 */
export async function resendInvitation(deps: InvitationDeps, { uid, id }: { uid: string; id: string }): Promise<InvitationRow> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const me = await lockInviter(tx, uid);
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, id));
    if (!invitation) throw notFound(INVITATION_NOT_FOUND);
    if (invitation.userId !== uid) throw new ServiceError('forbidden', 'Este convite é de outra pessoa.');
    if ((await registeredEmails(tx, [invitation.email])).size) {
      throw conflict('Esta pessoa já se cadastrou: não é preciso reenviar o convite.');
    }
    const availableAt = resendAvailableAt({ ...invitation, signedUp: false });
    if (!availableAt) throw conflict(INVITATION_MESSAGES.maxSends);
    if (now < availableAt) {
      throw tooOften(`Você poderá reenviar este convite a partir de ${dateTime.format(availableAt)}.`);
    }
    await assertUnderDailyLimit(tx, uid, now);
    const [updated] = await tx
      .update(invitations)
      .set({ sentCount: invitation.sentCount + 1, lastSentAt: now })
      .where(eq(invitations.id, invitation.id))
      .returning();
    await sendMail(deps, tx, invitationMessage(deps, me, invitation));
    return updated;
  });
}
