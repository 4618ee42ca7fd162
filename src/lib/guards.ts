import type { ParsedLocation } from '@tanstack/react-router';
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { companyRequirementRedirect, homeFor, isSystemAdmin, wizardRedirect } from '@domain';
import { companyActorOf } from './company-actor';
import type { SessionActor } from './session';
import type { SessionHandle } from './session-handle';

interface GuardArgs {
  context: { session: SessionHandle };
  location: ParsedLocation;
}

/** /app/login keeping the current query and adding `next` with the page asked for (docs/features.md). */
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

/**
 * The session's company as the guards read it. A load that failed (a network blip, a 503) is tried again here, so
 * "Tentar novamente" on the error page, or the next navigation, recovers without reloading the browser; only a second
 * failure reaches the error page.
 */
async function settledCompany(actor: SessionActor, location: ParsedLocation) {
  const company = companyActorOf(actor);
  // A load under way (another guard's retry) decides: read meanwhile, the company is still none, and a customer whose
  // company is active was sent to the opening wizard.
  await waitFor(company, (snapshot) => snapshot.value !== 'loading');
  if (company.getSnapshot().value === 'failed') {
    company.send({ type: 'company.reload' });
    await waitFor(company, (snapshot) => snapshot.value === 'loaded' || snapshot.value === 'failed');
  }
  const snapshot = company.getSnapshot();
  if (snapshot.value === 'failed' && snapshot.context.errorStatus === 401) {
    // Refused for the session's token: the session recovers (the page reloads) or ends (the login page, docs/rules.md).
    const session = await waitFor(actor, (state) => !state.hasTag('busy'));
    if (!session.context.user) throw redirect({ href: loginHref(location) });
  }
  if (snapshot.value === 'failed') {
    // With its status: a company the server refuses (403) is shown as "Sem acesso", not as a server error.
    throw Object.assign(new Error(snapshot.context.error ?? 'Não foi possível carregar sua empresa.'), {
      status: snapshot.context.errorStatus ?? undefined,
    });
  }
  return snapshot;
}

/** The company-requirements guard: see `companyRequirementRedirect` in domain/ for the rule. */
export async function requireCompany(args: GuardArgs): Promise<SessionActor> {
  const actor = await requireAuth(args);
  const company = await settledCompany(actor, args.location);
  const target = companyRequirementRedirect({
    claims: actor.getSnapshot().context.claims,
    company: company.context.company ?? null,
    track: company.context.track ?? null,
  });
  if (target && target !== args.location.pathname) throw redirect({ to: target });
  return actor;
}

/**
 * The company guard of the pages that work on the company: its id goes into the route context, where their loaders
 * read it to start the page's queries (docs/architecture.md, "Loading a page's data").
 */
export async function companyContext(args: GuardArgs): Promise<{ companyId: string }> {
  const actor = await requireCompany(args);
  const company = companyActorOf(actor).getSnapshot().context.company;
  // Not reached: requireCompany sends anyone without an operating company to their wizard or home.
  if (!company) throw redirect({ to: homeFor(actor.getSnapshot().context.claims) });
  return { companyId: company.id };
}

/** The wizard guard: see `wizardRedirect` in domain/ for the rule. */
export async function requireWizard(args: GuardArgs): Promise<SessionActor> {
  const actor = await requireAuth(args);
  const company = await settledCompany(actor, args.location);
  const target = wizardRedirect(args.location.pathname, {
    claims: actor.getSnapshot().context.claims,
    company: company.context.company,
    track: company.context.track,
  });
  if (target) throw redirect({ to: target });
  return actor;
}
