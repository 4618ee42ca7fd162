/**
 * The team's national NFS-e calls (issue 18): what a request's DPS would be, emitting it through the national
 * system, and cancelling an NFS-e issued here. The flow itself is server/services/nfse-emission.ts.
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { CancellationSchema } from '@domain/nfseEmission';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import { toRequestDto } from '../db/invoices';
import { emissionView } from '../db/nfse';
import { HttpError, notFound } from '../http/errors';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import type { NfseEmissionService } from '../services/nfse-emission';
import { createNfseEmissionService } from '../services/nfse-emission';

const REQUEST_NOT_FOUND = 'Solicitação de nota não encontrada.';
const UNAVAILABLE = 'A emissão pelo Sistema Nacional não está configurada neste servidor.';

const RequestParam = validator('param', (params: Record<string, string>) => {
  if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(REQUEST_NOT_FOUND);
  return { id: params.id! };
});

export function nfseRoutes(deps: AppDeps, service?: NfseEmissionService) {
  const { identity } = deps;
  const emissions =
    service ?? (deps.nfse ? createNfseEmissionService({ db: deps.db, storage: deps.storage, nfse: deps.nfse, logger: deps.logger }) : null);
  const available = () => {
    if (!emissions) throw new HttpError(503, 'unavailable', UNAVAILABLE);
    return emissions;
  };
  const signedIn = createMiddleware<AppEnv>((c, next) => (c.get('identity') ? next() : authenticate(identity)(c, next)));
  const team = requireRole('system-admin');

  return new Hono<AppEnv>()
    .get('/nfs/requests/:id/emission', signedIn, team, RequestParam, async (c) => {
      return c.json({ data: await available().preview(c.req.valid('param').id) });
    })
    .post('/nfs/requests/:id/emission', signedIn, team, RequestParam, async (c) => {
      const result = await available().emit(c.req.valid('param').id, { actor: c.var.identity.uid });
      if (result.kind === 'invalid') {
        const { problem } = result;
        const fields = Object.fromEntries(problem.issues.map((issue) => [issue.path || issue.field, issue.message]));
        return c.json(
          {
            error: {
              code: 'dps_invalid',
              message: `A DPS não foi enviada: ${problem.message}`,
              ...(problem.issues.length ? { fields } : {}),
            },
          },
          422,
        );
      }
      return c.json({ data: toRequestDto(result.request, emissionView(result.emission)) });
    })
    .post('/nfs/requests/:id/cancellation', signedIn, team, RequestParam, valid('json', CancellationSchema), async (c) => {
      const input = c.req.valid('json');
      const result = await available().cancel(c.req.valid('param').id, input, { actor: c.var.identity.uid });
      return c.json({ data: toRequestDto(result.request, emissionView(result.emission)) });
    });
}
