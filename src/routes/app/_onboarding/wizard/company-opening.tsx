import { createFileRoute } from '@tanstack/react-router';
import { titledHead } from '@/lib/document-title';
import { requireWizard } from '@/lib/guards';
import { WizardRoute } from '@/features/onboarding/components/WizardRoute';
import { WizardSearch } from '@/features/onboarding/wizard-search';

export const Route = createFileRoute('/app/_onboarding/wizard/company-opening')({
  validateSearch: WizardSearch,
  beforeLoad: async (args) => {
    await requireWizard(args);
  },
  head: () => titledHead('Abertura de empresa'),
  component: CompanyOpeningWizard,
});

function CompanyOpeningWizard() {
  return <WizardRoute trackId="create-company" status={Route.useSearch().status} />;
}
