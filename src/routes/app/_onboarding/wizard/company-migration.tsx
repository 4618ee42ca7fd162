import { createFileRoute } from '@tanstack/react-router';
import { requireWizard } from '@/lib/guards';
import { WizardRoute } from '@/features/onboarding/components/WizardRoute';
import { WizardSearch } from '@/features/onboarding/wizard-search';

export const Route = createFileRoute('/app/_onboarding/wizard/company-migration')({
  validateSearch: WizardSearch,
  beforeLoad: async (args) => {
    await requireWizard(args);
  },
  head: () => ({ meta: [{ title: 'Troca de contador | Contábil' }] }),
  component: CompanyMigrationWizard,
});

function CompanyMigrationWizard() {
  return <WizardRoute trackId="migrate-company" status={Route.useSearch().status} />;
}
