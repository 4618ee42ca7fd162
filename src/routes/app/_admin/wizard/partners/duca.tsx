import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/wizard/partners/duca')({
  staticData: { hideSideMenu: true, hideCompanySelector: true },
  head: () => ({ meta: [{ title: 'Parceria Duca | Contábil' }] }),
  component: () => (
    <ComingSoon title="Parceria Duca">
      Aqui você vai se vincular ao parceiro e começar a abertura ou a troca de contador.
    </ComingSoon>
  ),
});
