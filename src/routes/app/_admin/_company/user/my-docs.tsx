import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_company/user/my-docs')({
  head: () => ({ meta: [{ title: 'Meus documentos | Contábil' }] }),
  component: () => (
    <ComingSoon title="Meus documentos">
      Aqui você vai guardar seus documentos pessoais: RG ou CNH, CPF e comprovante de endereço.
    </ComingSoon>
  ),
});
