import type { ParsedLocation } from '@tanstack/react-router';
import { redirect } from '@tanstack/react-router';
import { companyRequirementRedirect, homeFor, isSystemAdmin, wizardRedirect } from '../../domain';
import { companyActorOf } from './company-actor';
import type { SessionActor } from './session';
import type { SessionHandle } from './session-handle';

interface GuardArgs {
  context: { session: SessionHandle };
  location: ParsedLocation;
}

/** /app/login keeping the current query and adding `next` with the page asked for (spec §2). */
export function loginHref(location: ParsedLocation): string {
  const params = new URLSearchParams(location.searchStr);
  if (location.pathname !== '/app/login') params.set('next', location.href);
  const query = params.toString();
  return `/app/login${query ? `?${query}` : ''}`;
}

/** The auth guard: a signed-out visitor goes to the login page. */
export async function requireAuth({ context, location }: GuardArgs): Promise<SessionActor> {
  const actor = await context.session.ready();
  if (!actor.getSnapshot().context.user) throw redirect({ href: loginHref(location) });
  return actor;
}

/** Admin-only pages: anyone else goes to their home page. */
export async function requireSystemAdmin(args: GuardArgs): Promise<SessionActor> {
  const actor = await requireAuth(args);
  const { claims } = actor.getSnapshot().context;
  if (!isSystemAdmin(claims)) throw redirect({ to: homeFor(claims) });
  return actor;
}

/** The company-requirements guard: see `companyRequirementRedirect` in domain/ for the rule. */
export async function requireCompany(args: GuardArgs): Promise<SessionActor> {
  const actor = await requireAuth(args);
  const company = companyActorOf(actor).getSnapshot();
  if (company.value === 'failed') throw new Error(company.context.error ?? 'Não foi possível carregar sua empresa.');
  const target = companyRequirementRedirect({
    claims: actor.getSnapshot().context.claims,
    company: company.context.company ?? null,
    track: company.context.track ?? null,
  });
  if (target && target !== args.location.pathname) throw redirect({ to: target });
  return actor;
}

/** The wizard guard: see `wizardRedirect` in domain/ for the rule. */
export async function requireWizard(args: GuardArgs): Promise<SessionActor> {
  const actor = await requireAuth(args);
  const company = companyActorOf(actor).getSnapshot();
  if (company.value === 'failed') throw new Error(company.context.error ?? 'Não foi possível carregar sua empresa.');
  const target = wizardRedirect(args.location.pathname, {
    claims: actor.getSnapshot().context.claims,
    company: company.context.company,
    track: company.context.track,
  });
  if (target) throw redirect({ to: target });
  return actor;
}
