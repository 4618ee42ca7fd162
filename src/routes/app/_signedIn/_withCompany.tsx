import { createFileRoute } from '@tanstack/react-router';
import { companyContext } from '@/lib/guards';

/**
 * The company-requirements guard for the pages that work on the selected company; their loaders read the company's id
 * from the context it returns. The /app/user pages that need one too (profile, documents, referrals, billing) call the
 * same guard in their own `beforeLoad`: they stay in `user/` with the person's other pages, where a pathless layout
 * would give the router an `/app/user` page of its own.
 */
export const Route = createFileRoute('/app/_signedIn/_withCompany')({
  beforeLoad: companyContext,
});
