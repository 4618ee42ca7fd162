import { createFileRoute } from '@tanstack/react-router';
import { requireSystemAdmin } from '@/lib/guards';

/** The accounting team's pages: anyone else is sent to their own home. */
export const Route = createFileRoute('/app/_signedIn/_team')({
  beforeLoad: async (args) => {
    await requireSystemAdmin(args);
  },
});
