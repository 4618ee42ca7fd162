import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '@/lib/guards';
import { AdminShell } from './-components/AdminShell';

/** The signed-in pages in the app's frame (the "admin" layout of docs/features.md): the auth guard. */
export const Route = createFileRoute('/app/_signedIn')({
  beforeLoad: async (args) => {
    await requireAuth(args);
  },
  component: AdminShell,
});
