import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import {
  chooseCompanyId,
  COMPANY_STATUSES,
  CompanyCreateSchema,
  companyIdsOf,
  CompanyListQuerySchema,
  companyNatureProblem,
  CompanyStatusChangeSchema,
  CompanyUpdateSchema,
  isSystemAdmin,
  NOT_FOUND_MESSAGES,
  TRACK_IDS,
} from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, companyInPath, requireRole } from '../auth/middleware';
import { findCompany, findCompanyByCnpj, findTrack, listCompaniesJson } from '../db/companies';
import { companies } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, HttpError } from '../http/errors';
import { historyFor } from '../http/staff-privacy';
import { json, writtenJson } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { findUser } from '../db/users';
import { syncClaims } from '../services/claims';
import { CnpjLookupUnavailable } from '../services/cnpj-lookup';
import { statusHistory } from '../db/status-history';
import { setCompanyStatus } from '../services/company-status';
import { createCompany, setTrack } from '../services/onboarding';

const Uuid = v.pipe(v.string(), v.uuid());

/** The company of the path, checked by `companyInPath`. */
function validCompanyId() {
  return validator('param', (params: Record<string, string>, c: Context<AppEnv>) => ({ id: companyInPath(c, params.id) }));
}

/** docs/api.md Companies: reading, creating and changing companies, their track and status. */
export function companiesRoutes({ db, identity, cnpjLookup, config }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('/companies', authenticate(identity))
      .use('/companies/*', authenticate(identity))
      .get('/companies', valid('query', CompanyListQuerySchema), async (c) => {
        const { query, limit, offset } = c.req.valid('query');
        const { claims } = c.var.identity;
        // The team sees every company; a customer lists their own (the company selector).
        const onlyIds = isSystemAdmin(claims) ? undefined : companyIdsOf(claims);
        return writtenJson(c, 'GET /companies', await listCompaniesJson(db, { query, onlyIds, limit, offset }));
      })
      .post('/companies', valid('json', CompanyCreateSchema), async (c) => {
        const { cnpj, cnpjNotFoundConfirmed, userId, trackId } = c.req.valid('json');
        const { uid, claims } = c.var.identity;
        if (userId && userId !== uid && !isSystemAdmin(claims))
          throw forbidden('Você só pode cadastrar empresas para a sua conta.');
        if (userId && userId !== uid && !(await findUser(db, userId))) {
          throw badRequest('Pessoa não encontrada.', { userId: 'Pessoa não encontrada.' });
        }
        const company = await createCompany(
          { db, cnpjLookup, config },
          {
            cnpj,
            cnpjNotFoundConfirmed,
            ownerId: userId ?? uid,
            trackId,
          },
        );
        // The owner's token must carry the new company: the client refreshes it after this call.
        await syncClaims(db, identity, userId ?? uid);
        return json(c, 'POST /companies', { data: company }, 201);
      })
      .get('/companies/me', async (c) => {
        const companyId = chooseCompanyId(null, c.var.identity.claims);
        if (!companyId) throw notFound('Você ainda não tem uma empresa cadastrada.');
        const company = await findCompany(db, companyId);
        if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
        return json(c, 'GET /companies/me', { data: company });
      })
      .get('/companies/:id', validCompanyId(), async (c) => {
        const { id } = c.req.valid('param');
        const company = await findCompany(db, id);
        if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
        return json(c, 'GET /companies/:id', { data: company });
      })
      .put('/companies/:id', requireRole('system-admin'), validCompanyId(), valid('json', CompanyUpdateSchema), async (c) => {
        const { id } = c.req.valid('param');
        const changes = c.req.valid('json');
        if (changes.cnpj) {
          const other = await findCompanyByCnpj(db, changes.cnpj);
          if (other && other.id !== id) throw conflict('Já existe uma empresa com este CNPJ.');
        }
        // The wizard's rules, against what the company is once changed.
        if (changes.size !== undefined || changes.type !== undefined) {
          const current = await findCompany(db, id);
          if (!current) throw notFound(NOT_FOUND_MESSAGES.company);
          const problem = companyNatureProblem(changes.size ?? current.size, changes.type ?? current.type);
          if (problem) throw badRequest(problem, { type: problem });
        }
        const [row] = await db
          .update(companies)
          .set({
            ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
            updatedAt: new Date(),
          })
          .where(eq(companies.id, id))
          .returning({ id: companies.id });
        if (!row) throw notFound(NOT_FOUND_MESSAGES.company);
        // Found just above, in the same request.
        return json(c, 'PUT /companies/:id', { data: (await findCompany(db, id))! });
      })
      .get('/companies/:id/steps', validCompanyId(), async (c) => {
        const { id } = c.req.valid('param');
        if (!(await findCompany(db, id))) throw notFound(NOT_FOUND_MESSAGES.company);
        return json(c, 'GET /companies/:id/steps', { data: await findTrack(db, id) });
      })
      .put(
        '/companies/:id/track/:track',
        validator('param', (params: Record<string, string>, c: Context<AppEnv>) => {
          const id = companyInPath(c, params.id);
          if (!v.is(v.picklist(TRACK_IDS), params.track))
            throw badRequest('Jornada inválida: use create-company ou migrate-company.');
          return { id, track: params.track as (typeof TRACK_IDS)[number] };
        }),
        async (c) => {
          const { id, track } = c.req.valid('param');
          return json(c, 'PUT /companies/:id/track/:track', { data: await setTrack(db, id, track) });
        },
      )
      .put(
        '/companies/:id/status/:status',
        requireRole('system-admin'),
        validator('param', (params: Record<string, string>) => {
          if (!v.is(Uuid, params.id)) throw notFound(NOT_FOUND_MESSAGES.company);
          if (!v.is(v.picklist(COMPANY_STATUSES), params.status)) throw badRequest('Situação inválida.');
          return { id: params.id, status: params.status as (typeof COMPANY_STATUSES)[number] };
        }),
        valid('json', CompanyStatusChangeSchema),
        async (c) => {
          const { id, status } = c.req.valid('param');
          const { note } = c.req.valid('json');
          const company = await setCompanyStatus({ db }, { id, status, note, actor: c.var.identity.uid });
          return json(c, 'PUT /companies/:id/status/:status', { data: company });
        },
      )
      .get('/companies/:id/status-history', validCompanyId(), async (c) => {
        const { id } = c.req.valid('param');
        if (!(await findCompany(db, id))) throw notFound(NOT_FOUND_MESSAGES.company);
        return json(c, 'GET /companies/:id/status-history', {
          data: historyFor(c.var.identity.claims, await statusHistory(db, 'company', id)),
        });
      })
      // What the Receita Federal has on the company's CNPJ, for the customer to confirm (migration).
      .get('/companies/:id/registration', validCompanyId(), async (c) => {
        const { id } = c.req.valid('param');
        const company = await findCompany(db, id);
        if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
        if (!company.cnpj) throw conflict('A empresa ainda não tem CNPJ.');
        try {
          const registration = await cnpjLookup.find(company.cnpj);
          if (!registration) throw notFound('Não encontramos este CNPJ na Receita Federal. Confira o número.');
          return json(c, 'GET /companies/:id/registration', { data: registration });
        } catch (error) {
          if (error instanceof CnpjLookupUnavailable) {
            throw new HttpError(
              503,
              'unavailable',
              'A consulta à Receita Federal está indisponível. Tente novamente em instantes.',
            );
          }
          throw error;
        }
      })
  );
}
