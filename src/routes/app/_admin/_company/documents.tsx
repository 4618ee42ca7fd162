import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_company/documents')({
  head: () => ({ meta: [{ title: 'Documentos | Contábil' }] }),
  component: () => (
    <ComingSoon title="Documentos">
      Aqui ficarão os documentos da sua empresa: contrato social, guias de impostos, comprovantes e declarações.
    </ComingSoon>
  ),
});
