import { Outlet, createFileRoute } from '@tanstack/react-router';

/**
 * Every /app page starts the session (Firebase loads here, never on public pages). When who is signed in or the
 * company changes, the session machine has the guards decide again (its `recheckGuards` effect).
 */
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context }) => {
    await context.session.ready();
  },
  component: Outlet,
});
