import { createFileRoute } from '@tanstack/react-router';
import { requireCompany } from '@/lib/guards';

/** The company-requirements guard for the pages that work on the selected company. */
export const Route = createFileRoute('/app/_admin/_company')({
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
});
