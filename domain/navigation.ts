import type { Claims } from './claims';
import { isSystemAdmin } from './claims';
import type { Company } from './company';
import type { Track } from './track';
import { TRACK_WIZARD_PATH } from './track';

export interface CompanyRequirementInput {
  claims: Claims | null;
  company: Pick<Company, 'status' | 'trackId'> | null;
  track: Pick<Track, 'trackId' | 'status'> | null;
}

/** Old paths and their new home: the SPA's router redirects them, and the server answers them with a 301. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/app': '/app/panel',
  '/app/admin': '/app/admin/companies',
  '/app/user': '/app/user/my-profile',
  '/app/bank-statements': '/app/bank-statements/accounts',
  '/login': '/app/login',
  '/entrar': '/app/login',
  '/cadastro': '/app/login?mode=signup',
  '/painel': '/app/panel',
  '/abrir-mei': '/abrir-empresa',
  '/trocar-de-contador': '/trocar-contador',
  '/ferramentas/cnae': '/tools/cnae',
};

export const ADMIN_HOME = '/app/admin/companies';
export const CUSTOMER_HOME = '/app/panel';
export const DISABLED_PAGE = '/app/user/disabled';

/** A company the accounting team has opened or taken over: the app is open to it. */
export function isOperating(company: Pick<Company, 'status'>): boolean {
  return company.status === 'active' || company.status === 'overdue';
}

/**
 * The company-requirements guard (the spec leaves its rule open; this is ours). Answers where to send the user,
 * or null when the page may open:
 * a system admin goes to the admin companies list; a customer without a company to the wizard of the track chosen
 * at signup (opening by default); a disabled company to the disabled page; a company not yet opened or taken over
 * (its track unfinished, or finished and waiting for the team) to its wizard.
 */
export function companyRequirementRedirect({ claims, company, track }: CompanyRequirementInput): string | null {
  if (isSystemAdmin(claims)) return ADMIN_HOME;
  if (!company) return TRACK_WIZARD_PATH[claims?.trackId ?? 'create-company'];
  if (company.status === 'disabled') return DISABLED_PAGE;
  if (isOperating(company)) return null;
  return TRACK_WIZARD_PATH[track?.trackId ?? company.trackId ?? claims?.trackId ?? 'create-company'];
}

/**
 * The wizard guard: the wizard of the company's own track, and none once the company operates. Answers where to
 * send the user instead, or null.
 */
export function wizardRedirect(path: string, input: CompanyRequirementInput): string | null {
  if (isSystemAdmin(input.claims)) return ADMIN_HOME;
  if (input.company?.status === 'disabled') return DISABLED_PAGE;
  if (input.company && isOperating(input.company)) return CUSTOMER_HOME;
  const trackId = input.track?.trackId ?? input.company?.trackId ?? null;
  if (trackId && TRACK_WIZARD_PATH[trackId] !== path) return TRACK_WIZARD_PATH[trackId];
  return null;
}

/** Where a signed-in user lands when no page was asked for. */
export function homeFor(claims: Claims | null): string {
  return isSystemAdmin(claims) ? ADMIN_HOME : CUSTOMER_HOME;
}

/**
 * The `next` parameter must stay inside the app: only same-origin absolute paths are followed, so a crafted login
 * link cannot send the user elsewhere after sign-in.
 */
export function safeNextPath(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/app/login')) return null;
  return next;
}
