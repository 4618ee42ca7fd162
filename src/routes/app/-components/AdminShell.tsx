import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { Outlet, useMatches } from '@tanstack/react-router';
import { OverdueBanner } from '@/features/billing/components/OverdueBanner';
import { Modal } from '@/components/ui/Modal';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { isSystemAdmin } from '@domain';
import { Brand } from '@/components/Brand';
import { useSessionActor } from '@/lib/session-handle';
import { CompanySelector } from './CompanySelector';
import { ADMIN_MENU, CUSTOMER_MENU } from './menus';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

/** The logged-in app shell: side menu per role, company selector and user menu (docs/features.md admin layout). */
export function AdminShell() {
  const session = useSessionActor();
  const admin = useSelector(session, (s) => isSystemAdmin(s.context.claims));
  const matches = useMatches();
  const hideSideMenu = matches.some((match) => match.staticData?.hideSideMenu);
  const hideCompanySelector = admin || matches.some((match) => match.staticData?.hideCompanySelector);
  const menu = admin ? ADMIN_MENU : CUSTOMER_MENU;
  const home = admin ? '/app/admin/companies' : '/app/panel';
  const [open, setOpen] = useState(false);

  return (
    <div data-layout="admin" className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      {/* A column as tall as the page, so its background and border run to the page's end (a fixed panel stopped
          at the first screen's height, as a full-page capture shows); its content stays in view while scrolling. */}
      {!hideSideMenu && (
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <div className="sticky top-0 flex max-h-screen flex-col overflow-y-auto px-3 py-5">
            <div className="px-3 pb-6">
              <Brand to={home} />
            </div>
            <SideMenu sections={menu} />
          </div>
        </aside>
      )}
      {!hideSideMenu && (
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          placement="left"
          label="Menu"
          className="overflow-y-auto px-3 py-5 lg:hidden"
        >
          <div className="flex items-center justify-between px-3 pb-6">
            <Brand to={home} />
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-lg p-2 hover:bg-slate-100"
              aria-label="Fechar menu"
            >
              <XMarkIcon className="size-6" aria-hidden="true" />
            </button>
          </div>
          <SideMenu sections={menu} onNavigate={() => setOpen(false)} />
        </Modal>
      )}
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          {!hideSideMenu && (
            <button
              type="button"
              onClick={() => setOpen(true)}
              className="rounded-lg p-2 hover:bg-slate-100 lg:hidden"
              aria-label="Abrir menu"
            >
              <Bars3Icon className="size-6" aria-hidden="true" />
            </button>
          )}
          {hideSideMenu && <Brand to={home} />}
          <div className="min-w-0 flex-1" data-testid="company-selector-slot">
            {!hideCompanySelector && <CompanySelector />}
          </div>
          <UserMenu />
        </header>
        <main id="conteudo" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
          <OverdueBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
