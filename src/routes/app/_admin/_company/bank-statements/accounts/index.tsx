import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_company/bank-statements/accounts/')({
  head: () => ({ meta: [{ title: 'Extratos bancários | Contábil' }] }),
  component: () => (
    <ComingSoon title="Extratos bancários">
      Aqui você vai importar extratos OFX ou conectar sua conta Cora e classificar as movimentações.
    </ComingSoon>
  ),
});
