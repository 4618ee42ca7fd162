import { createFileRoute } from '@tanstack/react-router';
import { requireCompany } from '@/lib/guards';

/**
 * The company-requirements guard for the pages that work on the selected company. The /app/user pages that need one
 * too (profile, documents, referrals) call the same guard in their own `beforeLoad`: they stay in `user/` with the
 * person's other pages, where a pathless layout would give the router an `/app/user` page of its own.
 */
export const Route = createFileRoute('/app/_signedIn/_withCompany')({
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
});
