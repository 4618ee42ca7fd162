/**
 * The signed-in frame and the page's heading, drawn by the app's first script (src/lib/head-start.ts) before the
 * framework has arrived — on a phone ~1 s after the document — and taken away the moment the app has drawn the page
 * itself, in the same place (docs/performance.md, "Signed-in pages on a phone"). It uses no React: plain elements
 * with the classes of the app's frame (src/routes/app/-components/AdminShell.tsx) and of `PageHeader`, hidden from
 * assistive technology and from the pointer, which meet the app's own page instead.
 */

import type { Claims } from '@domain';
import { isSystemAdmin } from '@domain';
import { titledHead } from './document-title';

export const PAGE_SHELL_ID = 'page-shell';

/** Set once the app has drawn a page: a script that runs later draws nothing over it. */
let appDrawn = false;

/** "Bom dia", "Boa tarde" or "Boa noite" by the person's own clock (no Intl: its locale data costs a phone ~120 ms). */
export function greeting(now = new Date()): string {
  const hour = now.getHours();
  return hour < 12 ? 'Bom dia' : hour < 18 ? 'Boa tarde' : 'Boa noite';
}

/** The panel greets the person by their first name. */
export function panelHeading(displayName: string | null | undefined, now = new Date()): string {
  const firstName = displayName?.trim().split(/\s+/)[0];
  return `${greeting(now)}${firstName ? `, ${firstName}` : ''}!`;
}

/** The heading of each signed-in page whose heading is known from its address; the page shows the same words. */
export const PAGE_HEADINGS = {
  '/app/invoices': 'Notas fiscais',
  '/app/documents': 'Documentos',
  '/app/taxes': 'Impostos',
  '/app/bank-statements/accounts': 'Extratos bancários',
  '/app/user/my-billing': 'Assinatura e pagamentos',
  '/app/user/my-docs': 'Meus documentos',
  '/app/user/my-profile': 'Meu perfil',
  '/app/user/my-referrals': 'Indicações',
  '/app/user/my-invites': 'Convites',
  '/app/admin/companies': 'Empresas',
  '/app/admin/companies/opening-orders': 'Pedidos de abertura',
  '/app/admin/companies/migration-orders': 'Pedidos de migração',
  '/app/admin/users': 'Usuários',
  '/app/admin/invoices/nf-requests': 'Solicitações de nota fiscal',
  '/app/admin/leads': 'Contatos do site',
  '/app/admin/obligations': 'Impostos do mês',
} as const;

/** A page's document title, for its route's `head`: the words of its heading. */
export const headOfPage = (path: keyof typeof PAGE_HEADINGS) => titledHead(PAGE_HEADINGS[path]);

/**
 * The heading the page at `pathname` will show to this person, or null when it is not known before the app runs: a
 * page whose heading is its data (a company, an account), or one that is not theirs (the team's pages for a customer,
 * who is sent elsewhere, and the other way round).
 */
export function shellHeading(pathname: string, who: { team: boolean; displayName: string | null }, now = new Date()) {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/app/panel') return who.team ? null : panelHeading(who.displayName, now);
  if (!Object.hasOwn(PAGE_HEADINGS, path)) return null;
  const forTeam = path.startsWith('/app/admin/');
  return forTeam === who.team ? PAGE_HEADINGS[path as keyof typeof PAGE_HEADINGS] : null;
}

/**
 * The frame as the app draws it: the side column from `lg` up with the logo (Brand.tsx), the bar with the phone's menu
 * button (heroicons' Bars3) and the places of the avatar and the name (UserMenu.tsx), and the heading where
 * `PageHeader` puts it. Fixed markup only: the heading, which may hold the person's own name, goes in as text.
 */
const FRAME =
  '<div class="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block"><div class="px-3 py-5"><div class="px-3 pb-6">' +
  '<span class="inline-flex items-center gap-2 font-bold tracking-tight"><svg viewBox="0 0 32 32" class="size-8">' +
  '<rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M9 17.5l4.5 4.5L23 11" fill="none" stroke="#fff" ' +
  'stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg><span class="text-lg text-slate-900">Contábil</span>' +
  '</span></div></div></div><div class="min-w-0 flex-1">' +
  '<div class="flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 sm:px-6">' +
  '<span class="rounded-lg p-2 lg:hidden"><svg viewBox="0 0 24 24" class="size-6" fill="none" stroke="currentColor" ' +
  'stroke-width="1.5"><path stroke-linecap="round" stroke-linejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5"/>' +
  '</svg></span><div class="min-w-0 flex-1"></div><span class="flex items-center gap-2 p-1 pr-2">' +
  '<span class="size-8 rounded-full bg-slate-200"></span><span class="hidden h-3 w-24 rounded bg-slate-200 sm:block"></span>' +
  '</span></div><div class="mx-auto max-w-6xl px-4 py-8 sm:px-6"><div class="mb-6">' +
  '<h1 class="text-2xl font-bold tracking-tight text-slate-900"></h1></div></div></div>';

/** Draws the frame with `heading` over the page, as the app will draw it, hidden from assistive technology and the pointer. */
export function drawPageShell(heading: string): void {
  if (appDrawn || document.getElementById(PAGE_SHELL_ID)) return;
  const shell = document.createElement('div');
  shell.id = PAGE_SHELL_ID;
  shell.className = 'pointer-events-none fixed inset-0 z-[60] overflow-hidden bg-slate-50 lg:flex';
  shell.setAttribute('aria-hidden', 'true');
  shell.inert = true;
  shell.innerHTML = FRAME;
  shell.querySelector('h1')!.textContent = heading;
  document.body.append(shell);
}

/**
 * Draws the frame of the page at `pathname` for the person of a stored session, when its heading is known. Both of
 * the app's scripts call it, whichever runs first (src/lib/head-start.ts, src/main.tsx): from a warm cache the app's
 * may, and its first page is still some way off on a phone.
 */
export function drawPageShellFor(
  auth: { claims: Claims; user: { displayName: string | null } },
  pathname = window.location.pathname,
): void {
  const heading = shellHeading(pathname, { team: isSystemAdmin(auth.claims), displayName: auth.user.displayName });
  if (heading) drawPageShell(heading);
}

/** Takes the drawn frame away: the app has drawn the page (or another one) in its place. */
export function removePageShell(): void {
  appDrawn = true;
  document.getElementById(PAGE_SHELL_ID)?.remove();
}
