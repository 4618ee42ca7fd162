import type { Context } from 'hono';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { STEP_IDS } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, companyInPath } from '../auth/middleware';
import { notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { actorOf, submitStep } from '../services/onboarding';

/** docs/api.md `POST /companies/{id}/steps/{stepId}`: one step of the company's track. */
export function stepsRoutes({ db, identity, cnpjLookup, config }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/companies/:id/steps/:stepId',
    authenticate(identity),
    validator('param', (params: Record<string, string>, c: Context<AppEnv>) => {
      const id = companyInPath(c, params.id);
      if (!v.is(v.picklist(STEP_IDS), params.stepId)) throw notFound('Etapa inexistente.');
      return { id, stepId: params.stepId as (typeof STEP_IDS)[number] };
    }),
    async (c) => {
      const { id, stepId } = c.req.valid('param');
      // The body is validated against the schema of this step on this company's track.
      const payload = await c.req.json().catch(() => undefined);
      const submitted = await submitStep(
        { db, cnpjLookup, config },
        { companyId: id, stepId, payload, actor: actorOf(c.var.identity.claims) },
      );
      return json(c, 'POST /companies/:id/steps/:stepId', { data: submitted });
    },
  );
}
