import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../lib/guards';
import { AdminShell } from './-components/AdminShell';

/** Admin layout (docs/features.md), auth guard. */
export const Route = createFileRoute('/app/_admin')({
  beforeLoad: async (args) => {
    await requireAuth(args);
  },
  component: AdminShell,
});
