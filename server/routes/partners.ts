import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { isPartnerId, NOT_FOUND_MESSAGES, PartnerAttributionSchema } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate } from '../auth/middleware';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { attributePartner } from '../services/partner-attribution';

const partnerParam = validator('param', (params: Record<string, string>) => {
  if (!isPartnerId(params.partnerId)) throw notFound('Parceiro não encontrado.');
  return { partnerId: params.partnerId };
});

/** Partner programmes (Duca): attribution of a customer to a partner. */
export function partnersRoutes({ db, identity }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/partners/*', authenticate(identity))
    .get('/partners/:partnerId/attribution', partnerParam, async (c) => {
      const [user] = await db
        .select({ partnerId: users.partnerId, partnerAttributedAt: users.partnerAttributedAt })
        .from(users)
        .where(eq(users.id, c.var.identity.uid));
      if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
      return json(c, 'GET /partners/:partnerId/attribution', {
        data: { partnerId: user.partnerId, partnerAttributedAt: user.partnerAttributedAt?.toISOString() ?? null },
      });
    })
    .post('/partners/:partnerId/attribution', partnerParam, valid('json', PartnerAttributionSchema), async (c) => {
      const { partnerId } = c.req.valid('param');
      const { trackId } = c.req.valid('json');
      const data = await attributePartner({ db, identity }, { uid: c.var.identity.uid, partnerId, trackId });
      return json(c, 'POST /partners/:partnerId/attribution', { data });
    });
}
