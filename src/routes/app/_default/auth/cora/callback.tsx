import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';
import { requireCompany } from '../../../../../lib/guards';

/** Where the Cora bank sends the customer back after signing in (spec §2; auth plus company-requirements). */
export const Route = createFileRoute('/app/_default/auth/cora/callback')({
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
  head: () => ({ meta: [{ title: 'Conectando sua conta Cora | Contábil' }] }),
  component: () => <ComingSoon title="Conexão com o banco Cora">A conexão com o banco Cora chega em breve.</ComingSoon>,
});
