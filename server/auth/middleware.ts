import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { Role } from '@domain';
import { canAccessCompany, hasRole, NOT_FOUND_MESSAGES } from '@domain';
import { forbidden, notFound, unauthorized } from '../http/errors';
import type { AppEnv } from '../http/types';
import { parsedWith } from '../http/validate';
import type { IdentityService } from './identity';
import { IdentityError } from './identity';

/**
 * Requires `Authorization: Bearer <Firebase ID token>`; the verified identity goes to `c.var.identity`. Once per
 * request: where two route groups match one path, the second finds the identity set and goes on.
 */
export function authenticate(identity: IdentityService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('identity')) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Entre na sua conta para continuar.');
    try {
      c.set('identity', await identity.verifyIdToken(match[1]));
    } catch (error) {
      // Only a token the provider refuses is a 401; anything else (the database unreachable while the caller's roles
      // are read) goes to the error handler, which answers 503 or 500 — a 401 would sign the person out.
      if (error instanceof IdentityError) throw unauthorized();
      throw error;
    }
    await next();
  });
}

/** Admin-only routes (docs/security.md) answer 403 to everyone else. */
export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!hasRole(c.var.identity.claims, role)) throw forbidden('Acesso restrito à equipe contábil.');
    await next();
  });
}

/** The tenant check of every company-scoped route. */
export function assertCompanyAccess(c: Context<AppEnv>, companyId: string): void {
  if (!canAccessCompany(c.var.identity.claims, companyId)) throw forbidden('Você não tem acesso a esta empresa.');
}

const UUID = v.pipe(v.string(), v.uuid());

/**
 * The company a path names (`:id`, `:companyId`): a UUID, since anything else cannot exist (404, without asking the
 * database), and one the caller may act on (403) — what `validCompany` checks for a `companyId`, for a path.
 */
export function companyInPath(c: Context<AppEnv>, id: string | undefined): string {
  if (!v.is(UUID, id)) throw notFound(NOT_FOUND_MESSAGES.company);
  assertCompanyAccess(c, id);
  return id;
}

/** A user acts on their own account; a system admin on anyone's. */
export function assertSelfOrAdmin(c: Context<AppEnv>, userId: string): void {
  const { uid, claims } = c.var.identity;
  if (uid !== userId && !hasRole(claims, 'system-admin')) throw forbidden('Você só pode alterar a sua própria conta.');
}

/**
 * `valid` for a request that names a company (its `companyId`): once the input is valid, the caller must be allowed
 * that company, or the answer is 403 before the handler runs — the tenant check of the company-scoped routes, written
 * once (docs/security.md). Authentication must come before it.
 */
export function validCompany<
  TTarget extends 'json' | 'query' | 'param',
  TSchema extends v.GenericSchema<unknown, { companyId: string }>,
>(target: TTarget, schema: TSchema) {
  return validator(target, (value, c: Context<AppEnv>) => {
    const parsed = parsedWith(schema, value);
    assertCompanyAccess(c, parsed.companyId);
    return parsed;
  });
}
