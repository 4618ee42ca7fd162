import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ArrowRightStartOnRectangleIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ROLE_LABEL, isSystemAdmin } from '@domain';
import { Avatar } from '@/components/users/Avatar';
import { useSessionActor } from '@/lib/session-handle';

/** Who is signed in, a link to the profile and sign-out. */
export function UserMenu() {
  const session = useSessionActor();
  const user = useSelector(session, (s) => s.context.user);
  const admin = useSelector(session, (s) => isSystemAdmin(s.context.claims));
  // The session opens the login page once the sign-out is done (without a page to return to).
  const signOut = () => session.send({ type: 'session.signOut' });
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm hover:bg-slate-100"
        aria-label="Menu do usuário"
      >
        <Avatar name={user?.displayName} email={user?.email} photoUrl={user?.photoUrl} size="sm" />
        <span className="hidden max-w-40 truncate font-medium text-slate-800 sm:block">{user?.displayName || user?.email}</span>
      </MenuButton>
      {/* In place, in the header, and not modal: with a portal and `modal` (Headless UI's defaults with `anchor`)
          the open menu hid the page's main landmark and heading and sat outside every landmark. */}
      <MenuItems
        modal={false}
        className="absolute right-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-slate-900">{user?.displayName || 'Sem nome'}</p>
          <p className="truncate text-xs text-slate-500">{user?.email}</p>
          <p className="mt-1 text-xs text-brand-700">{ROLE_LABEL[admin ? 'system-admin' : 'company-admin']}</p>
        </div>
        {!admin && (
          <MenuItem>
            <Link
              to="/app/user/my-profile"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100"
            >
              <UserCircleIcon className="size-5" aria-hidden="true" /> Meu perfil
            </Link>
          </MenuItem>
        )}
        <MenuItem>
          <button
            type="button"
            onClick={signOut}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100"
          >
            <ArrowRightStartOnRectangleIcon className="size-5" aria-hidden="true" /> Sair
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
