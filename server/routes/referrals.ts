import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { InvitationListQuerySchema, InvitationSchema, ReferralListQuerySchema, paginationQuery, referralLink } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import { listInvitations, referralCodeOf, referredPeople, stageCounts, toInvitationDto } from '../db/referrals';
import { outboxMessages } from '../db/schema';
import { notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { INVITATION_NOT_FOUND, resendInvitation, sendInvitation } from '../services/invitations';

const OutboxQuerySchema = v.object({
  to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, 'E-mail inválido'))),
  ...paginationQuery(20),
});

/** The referral programme: a person's referral link, who signed up with it, and invitations by e-mail. */
export function referralsRoutes(deps: AppDeps) {
  const { db, identity, config } = deps;
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
        const row = await sendInvitation(deps, { uid: c.var.identity.uid, input: c.req.valid('json') });
        return json(c, 'POST /referrals/invitations', { data: toInvitationDto(row, false) }, 201);
      })
      .post(
        '/referrals/invitations/:id/resend',
        validator('param', (params: Record<string, string>) => {
          if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(INVITATION_NOT_FOUND);
          return { id: params.id };
        }),
        async (c) => {
          const row = await resendInvitation(deps, { uid: c.var.identity.uid, id: c.req.valid('param').id });
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
