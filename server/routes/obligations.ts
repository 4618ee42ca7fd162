import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ObligationsAnswer } from '@domain';
import {
  NOT_FOUND_MESSAGES,
  CompanyQuerySchema,
  monthKey,
  MonthlyFiguresSchema,
  ObligationPaymentSchema,
  ObligationsQuerySchema,
  saoPauloDate,
  TaxProfileSchema,
  TeamObligationsQuerySchema,
} from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, requireRole, validCompany } from '../auth/middleware';
import { obligationsOfCompanies, teamMonth } from '../db/obligations';
import { companyMonthlyFigures, companyTaxProfiles, documents, obligationPayments } from '../db/schema';
import { obligationsFor } from '../http/staff-privacy';
import { badRequest, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { assertCompanyExists } from '../services/companies';

/** docs/api.md Obligations: what a company owes and when; the team states its figures and records payments. */
export function obligationsRoutes({ db, identity }: AppDeps) {
  const team = requireRole('system-admin');

  return new Hono<AppEnv>()
    .use('/obligations', authenticate(identity))
    .use('/obligations/*', authenticate(identity))
    .get('/obligations', validCompany('query', ObligationsQuerySchema), async (c) => {
      const { companyId, year: asked } = c.req.valid('query');
      const now = new Date();
      const year = asked ?? saoPauloDate(now).year;
      const found = (await obligationsOfCompanies(db, [companyId], year, now)).get(companyId);
      if (!found) throw notFound(NOT_FOUND_MESSAGES.company);
      const { context, obligations } = found;
      const data: ObligationsAnswer = obligations
        ? {
            ...obligations,
            companyId,
            profile: {
              annex: context.company?.annex ?? null,
              fatorR: context.company?.fatorR ?? false,
              meiActivity: context.company?.meiActivity ?? 'services',
              activityStart: context.company!.activityStart,
            },
          }
        : { companyId, year, regime: null, obligations: [], months: [], mei: null, profile: null };
      return json(c, 'GET /obligations', { data: obligationsFor(c.var.identity.claims, data) });
    })
    .get('/obligations/team', team, valid('query', TeamObligationsQuerySchema), async (c) => {
      const now = new Date();
      const today = saoPauloDate(now);
      const competence = c.req.valid('query').competence ?? monthKey(today.year, today.month);
      const data = await teamMonth(db, competence, now);
      return json(c, 'GET /obligations/team', { data, total: data.length });
    })
    .put(
      '/obligations/tax-profile',
      team,
      validCompany('query', CompanyQuerySchema),
      valid('json', TaxProfileSchema),
      async (c) => {
        const { companyId } = c.req.valid('query');
        await assertCompanyExists(db, companyId);
        const input = c.req.valid('json');
        const columns = {
          ...('annex' in input ? { annex: input.annex ?? null } : {}),
          ...('fatorR' in input ? { fatorR: input.fatorR ?? null } : {}),
          ...('meiActivity' in input ? { meiActivity: input.meiActivity ?? null } : {}),
          ...('activityStart' in input ? { activityStart: input.activityStart ?? null } : {}),
          updatedBy: c.var.identity.uid,
          updatedAt: new Date(),
        };
        const [row] = await db
          .insert(companyTaxProfiles)
          .values({ companyId, ...columns })
          .onConflictDoUpdate({ target: companyTaxProfiles.companyId, set: columns })
          .returning();
        return json(c, 'PUT /obligations/tax-profile', {
          data: { annex: row.annex, fatorR: row.fatorR, meiActivity: row.meiActivity, activityStart: row.activityStart },
        });
      },
    )
    .put(
      '/obligations/figures',
      team,
      validCompany('query', CompanyQuerySchema),
      valid('json', MonthlyFiguresSchema),
      async (c) => {
        const { companyId } = c.req.valid('query');
        await assertCompanyExists(db, companyId);
        const input = c.req.valid('json');
        const columns = {
          ...('payrollCents' in input ? { payrollCents: input.payrollCents ?? null } : {}),
          ...('previousRevenueCents' in input ? { previousRevenueCents: input.previousRevenueCents ?? null } : {}),
          updatedBy: c.var.identity.uid,
          updatedAt: new Date(),
        };
        const [row] = await db
          .insert(companyMonthlyFigures)
          .values({ companyId, competence: input.competence, ...columns })
          .onConflictDoUpdate({ target: [companyMonthlyFigures.companyId, companyMonthlyFigures.competence], set: columns })
          .returning();
        return json(c, 'PUT /obligations/figures', {
          data: { competence: row.competence, payrollCents: row.payrollCents, previousRevenueCents: row.previousRevenueCents },
        });
      },
    )
    .put(
      '/obligations/payments',
      team,
      validCompany('query', CompanyQuerySchema),
      valid('json', ObligationPaymentSchema),
      async (c) => {
        const { companyId } = c.req.valid('query');
        await assertCompanyExists(db, companyId);
        const input = c.req.valid('json');
        // The guide and the receipt are the company's own documents (uploaded or published as any other).
        const ids = [input.guideDocumentId, input.receiptDocumentId].filter((id): id is string => !!id);
        if (ids.length) {
          const owned = await db
            .select({ id: documents.id })
            .from(documents)
            .where(and(inArray(documents.id, ids), eq(documents.companyId, companyId)));
          for (const [field, id] of [
            ['guideDocumentId', input.guideDocumentId],
            ['receiptDocumentId', input.receiptDocumentId],
          ] as const)
            if (id && !owned.some((row) => row.id === id)) {
              const message = 'Documento não encontrado entre os desta empresa.';
              throw badRequest(message, { [field]: message });
            }
        }
        const columns = {
          // The day it was paid, at noon in São Paulo: the same day whatever the reader's time zone.
          ...('paidOn' in input
            ? {
                paidAt: input.paidOn ? new Date(`${input.paidOn}T12:00:00-03:00`) : null,
                paidBy: input.paidOn ? c.var.identity.uid : null,
              }
            : {}),
          ...('guideDocumentId' in input ? { guideDocumentId: input.guideDocumentId ?? null } : {}),
          ...('receiptDocumentId' in input ? { receiptDocumentId: input.receiptDocumentId ?? null } : {}),
          updatedAt: new Date(),
        };
        const [row] = await db
          .insert(obligationPayments)
          .values({ companyId, kind: input.kind, competence: input.competence, ...columns })
          .onConflictDoUpdate({
            target: [obligationPayments.companyId, obligationPayments.kind, obligationPayments.competence],
            set: columns,
          })
          .returning();
        return json(c, 'PUT /obligations/payments', {
          data: {
            kind: row.kind,
            competence: row.competence,
            paidAt: row.paidAt?.toISOString() ?? null,
            paidBy: row.paidBy,
            guideDocumentId: row.guideDocumentId,
            receiptDocumentId: row.receiptDocumentId,
          },
        });
      },
    );
}
