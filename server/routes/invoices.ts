import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { NfsRequestInput, NfsRequestStatus, TakerAddress } from '@domain';
import {
  ActiveSchedulesQuerySchema,
  CompanyQuerySchema,
  handMadeDuplicateMessage,
  isOperating,
  MAX_SCHEDULES_PER_COMPANY,
  NFS_MESSAGES,
  NFS_REQUEST_STATUSES,
  NfsListQuerySchema,
  NfsRequestCorrectionSchema,
  NfsRequestSchema,
  NfsScheduleSchema,
  NfsSearchQuerySchema,
  nfsStatusBodySchema,
  NOT_FOUND_MESSAGES,
  reaisToCents,
  validate,
} from '@domain';
import type { AppDeps } from '../deps';
import { assertCompanyAccess, authenticate, requireRole, validCompany } from '../auth/middleware';
import type { DbExecutor } from '../db/executor';
import { findCompany } from '../db/companies';
import { findCustomers, findRequest, findSchedule, listRequestsJson, listSchedules, toRequestDto } from '../db/invoices';
import { emissionView, findEmission, findFiscalProfile, findSubstitutionLinks, profileOf } from '../db/nfse';
import { profileForService } from '@domain/fiscalProfile';
import { nfsRequests, nfsSchedules } from '../db/schema';
import { municipality } from '../seed/municipalities';
import { serviceIncidence } from '../nfse/rule-sheet';
import { statusHistory } from '../db/status-history';
import { HttpError, badRequest, conflict, httpErrorOf, notFound } from '../http/errors';
import { historyFor } from '../http/staff-privacy';
import { json, writtenJson } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { changeRequestStatus, correctRequest, createRequest, deleteRequest } from '../services/invoice-requests';
import { createSchedule } from '../services/invoice-schedules';
import { generateNow } from '../services/nfs-scheduler';
import { uploadRegistration } from './uploads';

/** A refusal of one of the form's files, named by its field (the upload token's own refusal names `uploadToken`). */
function fieldRefusal<T>(field: string, run: () => T): T {
  const named = (thrown: unknown) => {
    const error = httpErrorOf(thrown);
    if (error?.fields?.uploadToken) {
      return new HttpError(error.status, error.code, error.message, { [field]: error.fields.uploadToken });
    }
    if (error && !Object.keys(error.fields ?? {}).length) {
      return new HttpError(error.status, error.code, error.message, { [field]: error.message });
    }
    return thrown;
  };
  try {
    const result = run();
    return (result instanceof Promise ? result.catch((error: unknown) => Promise.reject(named(error))) : result) as T;
  } catch (error) {
    throw named(error);
  }
}

const Uuid = v.pipe(v.string(), v.uuid());
const GenerateNowQuery = v.object({
  ...CompanyQuerySchema.entries,
  confirm: v.optional(v.picklist(['true', 'false'], 'Confirmação inválida.')),
});
const SCHEDULE_NOT_FOUND = 'Agendamento não encontrado.';

function validId(message: string) {
  return validator('param', (params: Record<string, string>) => {
    if (!v.is(Uuid, params.id)) throw notFound(message);
    return { id: params.id, status: params.status };
  });
}

/** Invoices are asked for an operating company, for one of its own activities. */
async function assertCanInvoice(db: DbExecutor, companyId: string, activity: string | undefined) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
  if (!isOperating(company)) throw conflict('Sua empresa ainda não pode emitir notas: ela precisa estar ativa.');
  const activities = company.mainActivity ? [company.mainActivity, ...company.secondaryActivities] : [];
  if (activity && activities.length && !activities.includes(activity)) {
    throw badRequest('Esta atividade não está no cadastro da empresa.', {
      activity: 'Esta atividade não está no cadastro da empresa.',
    });
  }
}

type InvoiceInput = Omit<NfsRequestInput, 'competence'>;

const CITY_NOT_FOUND = 'Cidade não encontrada: confira o CEP.';
const ADDRESS_DUE_AT_TAKER =
  'O ISS deste serviço é devido no município do tomador: informe o endereço dele, a começar pelo CEP (regra E0234).';

/**
 * The tomador's address as stored: a national one with its city's name and UF from the IBGE table the product ships
 * (shown on every screen, and a code the national system knows: E0239), refused by field when the code is no
 * municipality.
 */
function storedAddress(input: InvoiceInput): TakerAddress | null {
  const address = input.taker.address;
  if (!address) return null;
  if (address.kind === 'foreign') return address;
  const city = municipality(address.cityIbgeCode);
  if (!city) throw badRequest(CITY_NOT_FOUND, { 'customerAddress.cityIbgeCode': CITY_NOT_FOUND });
  const { kind, postalCode, cityIbgeCode, ...rest } = address;
  return { kind, postalCode, cityIbgeCode, cityName: city.name, state: city.state, ...rest };
}

/**
 * The address a national tomador must give when the invoice's service has its ISS due at the tomador's place (E0234;
 * known once the company has a fiscal profile).
 */
function assertAddressWhereDue(serviceCode: string | undefined, input: InvoiceInput) {
  if (input.emissionType === 'foreign' || input.taker.address) return;
  if (serviceCode && serviceIncidence(serviceCode) === 'ET') {
    throw new HttpError(422, 'unprocessable', ADDRESS_DUE_AT_TAKER, { 'customerAddress.postalCode': ADDRESS_DUE_AT_TAKER });
  }
}

/**
 * The service the invoice is for: one the company offers (its fiscal profile's main service or another of its
 * services; refused otherwise), or the main one when none is chosen; undefined while the company has no profile.
 */
async function chosenService(db: DbExecutor, companyId: string, input: InvoiceInput): Promise<string | undefined> {
  const row = await findFiscalProfile(db, companyId);
  const profile = row ? profileOf(row) : null;
  if (input.serviceCode && !(profile && profileForService(profile, input.serviceCode))) {
    throw badRequest(NFS_MESSAGES.serviceNotOffered, { serviceCode: NFS_MESSAGES.serviceNotOffered });
  }
  return input.serviceCode ?? profile?.serviceCode;
}

/** The invoice fields as stored: the tomador's document in one column (its NIF abroad), the value in centavos. */
async function storedFields(db: DbExecutor, companyId: string, input: InvoiceInput) {
  assertAddressWhereDue(await chosenService(db, companyId, input), input);
  const documentByType = { cnpj: input.cnpj, cpf: input.cpf, foreign: input.taker.nif ?? '' };
  return {
    emissionType: input.emissionType,
    customerDocument: documentByType[input.emissionType]!,
    customerNoNifReason: input.taker.noNifReason ?? null,
    customerAddress: storedAddress(input),
    customerName: input.customerName,
    customerEmail: input.customerEmail ?? null,
    description: input.description,
    activity: input.activity ?? null,
    serviceItem: input.serviceItem ?? null,
    serviceCode: input.serviceCode ?? null,
    totalCents: reaisToCents(input.totalValue),
    issWithheld: input.issWithheld,
  };
}

/** docs/api.md Invoices: requests, their lifecycle, the tomadores remembered, and monthly schedules. */
export function invoicesRoutes(deps: AppDeps) {
  const { db, identity } = deps;
  const uploads = uploadRegistration(deps);
  return (
    new Hono<AppEnv>()
      .use('/nfs/*', authenticate(identity))
      // The team's queue across companies, oldest first.
      .get('/nfs/requests/search', requireRole('system-admin'), valid('query', NfsSearchQuerySchema), async (c) => {
        const { query, status, date, limit, offset } = c.req.valid('query');
        return writtenJson(
          c,
          'GET /nfs/requests/search',
          await listRequestsJson(db, { query, status, date, limit, offset, order: 'oldest' }),
        );
      })
      .get('/nfs/requests', validCompany('query', NfsListQuerySchema), async (c) => {
        const { companyId, query, status, date, limit, offset } = c.req.valid('query');
        return writtenJson(
          c,
          'GET /nfs/requests',
          await listRequestsJson(db, { companyId, query, status, date, limit, offset, order: 'newest' }),
        );
      })
      .post('/nfs/requests', validCompany('query', CompanyQuerySchema), valid('json', NfsRequestSchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const input = c.req.valid('json');
        await assertCanInvoice(db, companyId, input.activity);
        const fields = await storedFields(db, companyId, input);
        const row = await createRequest({ db }, { companyId, fields, competence: input.competence, actor: c.var.identity.uid });
        return json(c, 'POST /nfs/requests', { data: toRequestDto(row) }, 201);
      })
      .get('/nfs/requests/:id', validId(NFS_MESSAGES.requestNotFound), async (c) => {
        const request = await findRequest(db, c.req.valid('param').id);
        if (!request) throw notFound(NFS_MESSAGES.requestNotFound);
        // The path names the request alone (docs/api.md): its company is known once the row is read.
        assertCompanyAccess(c, request.companyId);
        const history = historyFor(c.var.identity.claims, await statusHistory(db, 'nfsRequest', request.id));
        const emission = await findEmission(db, request.id);
        const view = emission ? emissionView(emission, await findSubstitutionLinks(db, emission)) : null;
        return json(c, 'GET /nfs/requests/:id', { data: { ...toRequestDto(request, view), history } });
      })
      .delete(
        '/nfs/requests/:id',
        validId(NFS_MESSAGES.requestNotFound),
        validCompany('query', CompanyQuerySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const id = c.req.valid('param').id;
          await deleteRequest({ db }, { companyId, id });
          return json(c, 'DELETE /nfs/requests/:id', { data: { id } });
        },
      )
      // The team corrects a request not yet sent (its service, description, value, month) instead of refusing it.
      .patch(
        '/nfs/requests/:id',
        requireRole('system-admin'),
        validId(NFS_MESSAGES.requestNotFound),
        valid('json', NfsRequestCorrectionSchema),
        async (c) => {
          const { id } = c.req.valid('param');
          const updated = await correctRequest(deps, { id, input: c.req.valid('json'), actor: c.var.identity.uid });
          const emission = await findEmission(db, id);
          return json(c, 'PATCH /nfs/requests/:id', { data: toRequestDto(updated, emission ? emissionView(emission) : null) });
        },
      )
      .put(
        '/nfs/requests/:id/status/:status',
        requireRole('system-admin'),
        validator('param', (params: Record<string, string>) => {
          if (!v.is(Uuid, params.id)) throw notFound(NFS_MESSAGES.requestNotFound);
          if (!v.is(v.picklist(NFS_REQUEST_STATUSES), params.status)) throw badRequest('Situação inválida.');
          return { id: params.id, status: params.status as NfsRequestStatus };
        }),
        async (c) => {
          const { id, status } = c.req.valid('param');
          const body = validate(nfsStatusBodySchema(status), await c.req.json().catch(() => ({})));
          if (!body.ok) throw badRequest(body.message, body.fields);
          const data = body.value;
          const [current] = await db.select({ companyId: nfsRequests.companyId }).from(nfsRequests).where(eq(nfsRequests.id, id));
          if (!current) throw notFound(NFS_MESSAGES.requestNotFound);
          // The invoice's files: each the team's own upload for this company, of the kind its field says.
          const files = (
            [
              ['pdfUploadToken', data.pdfUploadToken, 'pdf', 'Envie o PDF da nota (arquivo .pdf).'],
              ['xmlUploadToken', data.xmlUploadToken, 'xml', 'Envie o XML da nota (arquivo .xml).'],
            ] as const
          ).flatMap(([field, token, ext, wrongKind]) => {
            if (!token || status !== 'issued') return [];
            const grant = fieldRefusal(field, () => uploads.grant(c, token, { companyId: current.companyId }));
            if (grant.ext !== ext) throw badRequest(wrongKind, { [field]: wrongKind });
            return [{ field, grant }];
          });
          const updated = await changeRequestStatus(deps, {
            id,
            status,
            data,
            files,
            actor: c.var.identity.uid,
            // A refused file is named by its field, as the grant's refusals are.
            uploads: { lock: uploads.lock, received: ({ field, grant }) => fieldRefusal(field, () => uploads.received(grant)) },
          });
          return json(c, 'PUT /nfs/requests/:id/status/:status', { data: toRequestDto(updated) });
        },
      )
      .get(
        '/nfs/customers',
        validCompany(
          'query',
          v.object({ ...CompanyQuerySchema.entries, query: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
        ),
        async (c) => {
          const { companyId, query } = c.req.valid('query');
          return json(c, 'GET /nfs/customers', { data: await findCustomers(db, companyId, query ?? '') });
        },
      )
      .get('/nfs/schedulers/active', requireRole('system-admin'), valid('query', ActiveSchedulesQuerySchema), async (c) => {
        const { limit, offset } = c.req.valid('query');
        return json(c, 'GET /nfs/schedulers/active', await listSchedules(db, { onlyActive: true, limit, offset }));
      })
      .get('/nfs/schedulers', validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        return json(
          c,
          'GET /nfs/schedulers',
          await listSchedules(db, { companyId, limit: MAX_SCHEDULES_PER_COMPANY, offset: 0 }),
        );
      })
      .post('/nfs/schedulers', validCompany('query', CompanyQuerySchema), valid('json', NfsScheduleSchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const input = c.req.valid('json');
        await assertCanInvoice(db, companyId, input.activity);
        const fields = await storedFields(db, companyId, input);
        const schedule = await createSchedule({ db }, { companyId, fields, input, actor: c.var.identity.uid });
        return json(c, 'POST /nfs/schedulers', { data: schedule }, 201);
      })
      .put(
        '/nfs/schedulers/:id',
        validId(SCHEDULE_NOT_FOUND),
        validCompany('query', CompanyQuerySchema),
        valid('json', NfsScheduleSchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const existing = await findSchedule(db, c.req.valid('param').id);
          if (!existing || existing.companyId !== companyId) throw notFound(SCHEDULE_NOT_FOUND);
          const input = c.req.valid('json');
          await assertCanInvoice(db, companyId, input.activity);
          await db
            .update(nfsSchedules)
            .set({
              ...(await storedFields(db, companyId, input)),
              dayOfMonth: input.dayOfMonth,
              active: input.active,
              autoEmit: input.autoEmit,
              // Turned back on: the months it was paused are not made up for.
              ...(input.active && !existing.active ? { activeSince: new Date() } : {}),
              updatedAt: new Date(),
            })
            .where(eq(nfsSchedules.id, existing.id));
          const [schedule] = (await listSchedules(db, { id: existing.id })).data;
          return json(c, 'PUT /nfs/schedulers/:id', { data: schedule });
        },
      )
      .delete('/nfs/schedulers/:id', validId(SCHEDULE_NOT_FOUND), validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const existing = await findSchedule(db, c.req.valid('param').id);
        if (!existing || existing.companyId !== companyId) throw notFound(SCHEDULE_NOT_FOUND);
        // Requests it already created stay: they are the company's invoices.
        await db.delete(nfsSchedules).where(eq(nfsSchedules.id, existing.id));
        return json(c, 'DELETE /nfs/schedulers/:id', { data: { id: existing.id } });
      })
      // "Gerar agora": this month's request at once, still once per month; asks first (409, `confirmation_required`)
      // when the customer already asked by hand for the tomador this month, and `confirm=true` makes it anyway.
      .post('/nfs/schedulers/:id/generate', validId(SCHEDULE_NOT_FOUND), validCompany('query', GenerateNowQuery), async (c) => {
        const { companyId, confirm } = c.req.valid('query');
        const existing = await findSchedule(db, c.req.valid('param').id);
        if (!existing || existing.companyId !== companyId) throw notFound(SCHEDULE_NOT_FOUND);
        await assertCanInvoice(db, companyId, undefined);
        const result = await generateNow(db, existing.id, new Date(), { confirm: confirm === 'true' });
        if ('already' in result) throw conflict('A nota deste mês já foi gerada para este agendamento.');
        if ('handMade' in result) {
          const { customerName, competence } = result.handMade;
          throw new HttpError(409, 'confirmation_required', handMadeDuplicateMessage(customerName, competence));
        }
        return json(c, 'POST /nfs/schedulers/:id/generate', { data: toRequestDto(result.request) }, 201);
      })
  );
}
