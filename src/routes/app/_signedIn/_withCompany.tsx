import { createFileRoute } from '@tanstack/react-router';
import { requireCompany } from '@/lib/guards';

/**
 * The company-requirements guard for the pages that work on the selected company. Three /app/user pages sit under it
 * (`_withCompany/user/`), the others in `_signedIn/user/`: a pathless layout is a folder, and one nested in `user/`
 * would give the router an `/app/user` page of its own.
 */
export const Route = createFileRoute('/app/_signedIn/_withCompany')({
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
});
