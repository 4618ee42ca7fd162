import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import {
  duplicateInvitationMessage,
  INVITATIONS_PER_DAY,
  INVITATION_MESSAGES,
  InvitationListQuerySchema,
  InvitationSchema,
  ReferralListQuerySchema,
  invitationEmail,
  paginationQuery,
  referralLink,
  resendAvailableAt,
} from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import type { DbExecutor } from '../db/executor';
import {
  invitationsSentSince,
  listInvitations,
  lockUser,
  referralCodeOf,
  referredPeople,
  registeredEmails,
  stageCounts,
  toInvitationDto,
} from '../db/referrals';
import { invitations, outboxMessages } from '../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import type { MailMessage } from '../services/mail';
import { MailDeliveryError, createMailService } from '../services/mail';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_NOT_FOUND = 'Convite não encontrado.';

const OutboxQuerySchema = v.object({
  to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, 'E-mail inválido'))),
  ...paginationQuery(20),
});

const rateLimited = (message: string) => new HttpError(429, 'rate_limited', message);

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** The referral programme: a person's referral link, who signed up with it, and invitations by e-mail. */
export function referralsRoutes({ db, identity, config, logger }: AppDeps) {
  // The outbox by default, SMTP when SMTP_URL is set (server/config.ts).
  const { smtpUrl, from } = config.mail ?? {};

  /** Sends within the caller's transaction: the e-mail is kept only if the invitation is, and vice versa. */
  async function sendMail(tx: DbExecutor, message: MailMessage) {
    try {
      await createMailService({ db: tx, smtpUrl, from }).send(message);
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      logger.error('Invitation e-mail not delivered', error);
      throw new HttpError(502, 'bad_gateway', 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.');
    }
  }

  const linkOf = (uid: string) => referralLink(config.publicUrl, referralCodeOf(uid));

  return (
    new Hono<AppEnv>()
      .use('/referrals/*', authenticate(identity))
      .get('/referrals/me', async (c) => {
        const code = referralCodeOf(c.var.identity.uid);
        const people = await referredPeople(db, code);
        return json(c, 'GET /referrals/me', {
          data: { code, link: linkOf(c.var.identity.uid), total: people.length, counts: stageCounts(people) },
        });
      })
      // A person refers a handful of people: the list is read whole and paged here.
      .get('/referrals/me/referred', valid('query', ReferralListQuerySchema), async (c) => {
        const { limit, offset } = c.req.valid('query');
        const people = await referredPeople(db, referralCodeOf(c.var.identity.uid));
        return json(c, 'GET /referrals/me/referred', { data: people.slice(offset, offset + limit), total: people.length });
      })
      .get('/referrals/invitations', valid('query', InvitationListQuerySchema), async (c) => {
        return json(c, 'GET /referrals/invitations', await listInvitations(db, c.var.identity.uid, c.req.valid('query')));
      })
      .post('/referrals/invitations', valid('json', InvitationSchema), async (c) => {
        const { uid } = c.var.identity;
        const input = c.req.valid('json');
        const now = new Date();
        const row = await db.transaction(async (tx) => {
          const me = await lockUser(tx, uid);
          if (!me) throw notFound('Usuário não encontrado.');
          if (input.email === me.email.toLowerCase()) {
            throw badRequest(INVITATION_MESSAGES.yourself, { email: INVITATION_MESSAGES.yourself });
          }
          if ((await registeredEmails(tx, [input.email])).size) {
            throw new HttpError(409, 'conflict', INVITATION_MESSAGES.alreadyUser, { email: INVITATION_MESSAGES.alreadyUser });
          }
          const [existing] = await tx
            .select({ sentCount: invitations.sentCount, lastSentAt: invitations.lastSentAt })
            .from(invitations)
            .where(and(eq(invitations.userId, uid), eq(invitations.email, input.email)));
          if (existing) {
            const message = duplicateInvitationMessage(existing, now);
            throw new HttpError(409, 'conflict', message, { email: message });
          }
          if ((await invitationsSentSince(tx, uid, new Date(now.getTime() - DAY_MS))) >= INVITATIONS_PER_DAY) {
            throw rateLimited(INVITATION_MESSAGES.dailyLimit);
          }
          const [created] = await tx
            .insert(invitations)
            .values({ userId: uid, email: input.email, name: input.name ?? null, lastSentAt: now, createdAt: now })
            .returning();
          await sendMail(tx, {
            to: input.email,
            ...invitationEmail({ inviterName: me.name, inviteeName: input.name, link: linkOf(uid) }),
          });
          return created;
        });
        return json(c, 'POST /referrals/invitations', { data: toInvitationDto(row, false) }, 201);
      })
      .post(
        '/referrals/invitations/:id/resend',
        validator('param', (params: Record<string, string>) => {
          if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(INVITATION_NOT_FOUND);
          return { id: params.id };
        }),
        async (c) => {
          const { uid } = c.var.identity;
          const now = new Date();
          const row = await db.transaction(async (tx) => {
            const me = await lockUser(tx, uid);
            if (!me) throw notFound('Usuário não encontrado.');
            const [invitation] = await tx
              .select()
              .from(invitations)
              .where(eq(invitations.id, c.req.valid('param').id));
            if (!invitation) throw notFound(INVITATION_NOT_FOUND);
            if (invitation.userId !== uid) throw forbidden('Este convite é de outra pessoa.');
            if ((await registeredEmails(tx, [invitation.email])).size) {
              throw new HttpError(409, 'conflict', 'Esta pessoa já se cadastrou: não é preciso reenviar o convite.');
            }
            const availableAt = resendAvailableAt({ ...invitation, signedUp: false });
            if (!availableAt) throw new HttpError(409, 'conflict', INVITATION_MESSAGES.maxSends);
            if (now < availableAt) {
              throw rateLimited(`Você poderá reenviar este convite a partir de ${dateTime.format(availableAt)}.`);
            }
            if ((await invitationsSentSince(tx, uid, new Date(now.getTime() - DAY_MS))) >= INVITATIONS_PER_DAY) {
              throw rateLimited(INVITATION_MESSAGES.dailyLimit);
            }
            const [updated] = await tx
              .update(invitations)
              .set({ sentCount: invitation.sentCount + 1, lastSentAt: now })
              .where(eq(invitations.id, invitation.id))
              .returning();
            await sendMail(tx, {
              to: invitation.email,
              ...invitationEmail({ inviterName: me.name, inviteeName: invitation.name, link: linkOf(uid) }),
            });
            return updated;
          });
          return json(c, 'POST /referrals/invitations/:id/resend', { data: toInvitationDto(row, false) });
        },
      )
      // The local outbox, for the team in development and tests (no such page in production).
      .use('/dev/*', async (_c, next) => {
        if (config.environment === 'production') throw notFound('Recurso não encontrado.');
        await next();
      })
      .use('/dev/*', authenticate(identity), requireRole('system-admin'))
      .get('/dev/outbox', valid('query', OutboxQuerySchema), async (c) => {
        const { to, limit, offset } = c.req.valid('query');
        const where = to ? eq(outboxMessages.toAddress, to) : undefined;
        const [rows, [{ total }]] = await Promise.all([
          db
            .select()
            .from(outboxMessages)
            .where(where)
            .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
            .limit(limit)
            .offset(offset),
          db.select({ total: count() }).from(outboxMessages).where(where),
        ]);
        return json(c, 'GET /dev/outbox', {
          data: rows.map((row) => ({
            id: row.id,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            transport: row.transport,
            sentAt: row.sentAt?.toISOString() ?? null,
            error: row.error,
            createdAt: row.createdAt.toISOString(),
          })),
          total,
        });
      })
  );
}
