import { ArrowRightStartOnRectangleIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ROLE_LABEL, isSystemAdmin } from '@domain';
import { usePopup } from '@/components/ui/usePopup';
import { Avatar } from '@/features/users/components/Avatar';
import { useSessionActor } from '@/lib/session-handle';

const ITEM =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** Who is signed in, a link to the profile and sign-out. */
export function UserMenu() {
  const session = useSessionActor();
  const user = useSelector(session, (s) => s.context.user);
  const admin = useSelector(session, (s) => isSystemAdmin(s.context.claims));
  const { open, close, buttonProps, listProps } = usePopup({ itemRole: 'menuitem' });
  // The session opens the login page once the sign-out is done (without a page to return to).
  const signOut = () => {
    close(false);
    session.send({ type: 'session.signOut' });
  };
  return (
    <div className="relative">
      <button
        {...buttonProps}
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm hover:bg-slate-100"
        aria-label="Menu do usuário"
      >
        <Avatar name={user?.displayName} email={user?.email} photoUrl={user?.photoUrl} size="sm" />
        <span className="hidden max-w-40 truncate font-medium text-slate-800 sm:block">{user?.displayName || user?.email}</span>
      </button>
      {/* In place, in the header, and not modal: the page keeps its main landmark and heading while it is open. */}
      {open && (
        <div
          {...listProps}
          aria-label="Menu do usuário"
          className="absolute right-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2" role="presentation">
            <p className="truncate text-sm font-semibold text-slate-900">{user?.displayName || 'Sem nome'}</p>
            <p className="truncate text-xs text-slate-500">{user?.email}</p>
            <p className="mt-1 text-xs text-brand-700">{ROLE_LABEL[admin ? 'system-admin' : 'company-admin']}</p>
          </div>
          {!admin && (
            <Link to="/app/user/my-profile" role="menuitem" tabIndex={-1} className={ITEM} onClick={() => close(false)}>
              <UserCircleIcon className="size-5" aria-hidden="true" /> Meu perfil
            </Link>
          )}
          <button type="button" role="menuitem" tabIndex={-1} onClick={signOut} className={ITEM}>
            <ArrowRightStartOnRectangleIcon className="size-5" aria-hidden="true" /> Sair
          </button>
        </div>
      )}
    </div>
  );
}
