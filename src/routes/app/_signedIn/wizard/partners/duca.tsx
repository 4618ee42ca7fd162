import { createFileRoute } from '@tanstack/react-router';
import { DucaWizard } from '@/features/referrals/components/DucaWizard';

export const Route = createFileRoute('/app/_signedIn/wizard/partners/duca')({
  staticData: { hideSideMenu: true, hideCompanySelector: true },
  head: () => ({ meta: [{ title: 'Parceria Duca | Contábil' }] }),
  component: DucaWizard,
});
