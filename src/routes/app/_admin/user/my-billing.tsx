import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/user/my-billing')({
  head: () => ({ meta: [{ title: 'Assinatura e pagamentos | Contábil' }] }),
  component: () => (
    <ComingSoon title="Assinatura e pagamentos">
      Aqui você vai ver seu plano, as mensalidades e pagar as que estiverem em aberto.
    </ComingSoon>
  ),
});
