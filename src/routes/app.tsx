import { Outlet, createFileRoute, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSessionActor } from '../lib/session-handle';
import { useCompanyState } from './app/-components/useCompany';

/** Every /app page starts the session (Firebase loads here, never on public pages). */
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context }) => {
    await context.session.ready();
  },
  component: AppRoot,
});

function AppRoot() {
  const router = useRouter();
  const session = useSessionActor();
  const userId = useSelector(session, (s) => s.context.user?.uid ?? null);
  const companyId = useCompanyState().company?.id ?? null;
  const first = useRef(true);

  // Who is signed in, or which company is selected, changed: the guards decide again where the user may be.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    router.invalidate();
  }, [router, userId, companyId]);

  return <Outlet />;
}
