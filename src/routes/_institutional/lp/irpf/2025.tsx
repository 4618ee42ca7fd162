import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../../components/PublicPage';

export const Route = createFileRoute('/_institutional/lp/irpf/2025')({
  head: () => ({ meta: [{ title: 'Imposto de Renda 2025 | Contábil' }] }),
  component: () => (
    <PublicPage title="Imposto de Renda 2025" intro="Declaração do IRPF 2025 (ano-base 2024) feita por contadores." />
  ),
});
