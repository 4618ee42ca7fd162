import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_company/bank-statements/accounts/$accountId/transactions')({
  head: () => ({ meta: [{ title: 'Movimentações da conta | Contábil' }] }),
  component: () => (
    <ComingSoon title="Movimentações da conta">
      Aqui aparecerão as movimentações desta conta, com as categorias fiscais.
    </ComingSoon>
  ),
});
