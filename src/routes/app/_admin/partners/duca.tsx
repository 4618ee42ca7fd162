import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/partners/duca')({
  head: () => ({ meta: [{ title: 'Programa de parceiros Duca | Contábil' }] }),
  component: () => (
    <ComingSoon title="Programa de parceiros Duca">
      Aqui estarão os benefícios do programa de parceiros e como participar.
    </ComingSoon>
  ),
});
