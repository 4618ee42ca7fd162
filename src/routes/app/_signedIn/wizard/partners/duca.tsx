import { createFileRoute } from '@tanstack/react-router';
import { DucaWizard } from '@/features/referrals/components/DucaWizard';
import { titledHead } from '@/lib/document-title';

export const Route = createFileRoute('/app/_signedIn/wizard/partners/duca')({
  staticData: { hideSideMenu: true, hideCompanySelector: true },
  head: () => titledHead('Parceria Duca'),
  component: DucaWizard,
});
