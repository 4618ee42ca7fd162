/**
 * The team's national NFS-e calls (docs/nfse.md): what a request's DPS would be, emitting it through the national
 * system, cancelling an NFS-e issued here or substituting it with a corrected one, and the signed XMLs exactly as they were sent (to check a refusal or
 * answer the national support). The flow itself is server/services/nfse-emission/.
 */
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { NFS_MESSAGES } from '@domain';
import { CancellationSchema, SubstitutionSchema } from '@domain/nfseEmission';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { authenticate, requireRole } from '../auth/middleware';
import { findRequest, toRequestDto } from '../db/invoices';
import type { EmissionRow } from '../db/nfse';
import { emissionView, findEmission, findSubstitutionLinks } from '../db/nfse';
import { HttpError, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import type { NfsRequestRow } from '../db/invoices';
import type { NfseEmissionService } from '../services/nfse-emission';
import { createNfseEmissionService } from '../services/nfse-emission';

const UNAVAILABLE = 'A emissão pelo Sistema Nacional não está configurada neste servidor.';
const NO_SIGNED_DPS = 'Esta solicitação ainda não tem DPS assinada: ela é guardada quando a DPS é enviada ao Sistema Nacional.';
const NO_CANCELLATION_REQUEST = 'Esta nota não tem pedido de cancelamento enviado ao Sistema Nacional.';

/** A stored XML as a download, byte for byte: the signature covers these bytes, so nothing is re-serialised. */
function xmlDownload(c: Context<AppEnv>, xml: string, fileName: string) {
  return c.body(xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  });
}

const RequestParam = validator('param', (params: Record<string, string>) => {
  if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(NFS_MESSAGES.requestNotFound);
  return { id: params.id! };
});

export function nfseRoutes(deps: AppDeps, service?: NfseEmissionService) {
  const { identity } = deps;
  const emissions =
    service ??
    (deps.nfse ? createNfseEmissionService({ db: deps.db, storage: deps.storage, nfse: deps.nfse, logger: deps.logger }) : null);
  const available = () => {
    if (!emissions) throw new HttpError(503, 'unavailable', UNAVAILABLE);
    return emissions;
  };
  const signedIn = authenticate(identity);
  const team = requireRole('system-admin');
  /** The request's emission row (undefined before a first emission); a 404 when the request does not exist. */
  const storedEmission = async (id: string) => {
    if (!(await findRequest(deps.db, id))) throw notFound(NFS_MESSAGES.requestNotFound);
    return { emission: await findEmission(deps.db, id) };
  };

  /** A request with its emission, both sides of a substitution named. */
  const withEmission = async ({ request, emission }: { request: NfsRequestRow; emission: EmissionRow }) =>
    toRequestDto(request, emissionView(emission, await findSubstitutionLinks(deps.db, emission)));

  return new Hono<AppEnv>()
    .get('/nfs/requests/:id/emission', signedIn, team, RequestParam, async (c) => {
      return json(c, 'GET /nfs/requests/:id/emission', { data: await available().preview(c.req.valid('param').id) });
    })
    .post('/nfs/requests/:id/emission', signedIn, team, RequestParam, async (c) => {
      const result = await available().emit(c.req.valid('param').id, { actor: c.var.identity.uid });
      if (result.kind === 'invalid') {
        const { problem } = result;
        const fields = Object.fromEntries(problem.issues.map((issue) => [issue.path || issue.field, issue.message]));
        // A refusal, answered as every route's are (docs/api.md): not the route's answer.
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
      return json(c, 'POST /nfs/requests/:id/emission', { data: toRequestDto(result.request, emissionView(result.emission)) });
    })
    .get('/nfs/requests/:id/emission/dps.xml', signedIn, team, RequestParam, async (c) => {
      const { emission } = await storedEmission(c.req.valid('param').id);
      if (!emission?.signedDpsXml) throw notFound(NO_SIGNED_DPS);
      return xmlDownload(c, emission.signedDpsXml, `${emission.dpsId}.xml`);
    })
    .get('/nfs/requests/:id/emission/cancellation.xml', signedIn, team, RequestParam, async (c) => {
      const { emission } = await storedEmission(c.req.valid('param').id);
      if (!emission?.cancellationRequestXml) throw notFound(NO_CANCELLATION_REQUEST);
      return xmlDownload(c, emission.cancellationRequestXml, `${emission.dpsId}-cancelamento.xml`);
    })
    .post('/nfs/requests/:id/cancellation', signedIn, team, RequestParam, valid('json', CancellationSchema), async (c) => {
      const input = c.req.valid('json');
      const result = await available().cancel(c.req.valid('param').id, input, { actor: c.var.identity.uid });
      return json(c, 'POST /nfs/requests/:id/cancellation', { data: await withEmission(result) });
    })
    .post('/nfs/requests/:id/substitution', signedIn, team, RequestParam, valid('json', SubstitutionSchema), async (c) => {
      const input = c.req.valid('json');
      const result = await available().substitute(c.req.valid('param').id, input, { actor: c.var.identity.uid });
      return json(c, 'POST /nfs/requests/:id/substitution', {
        data: { replaced: await withEmission(result.replaced), substitute: await withEmission(result.substitute) },
      });
    });
}
