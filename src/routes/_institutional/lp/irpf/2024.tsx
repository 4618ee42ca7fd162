import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../../components/PublicPage';

export const Route = createFileRoute('/_institutional/lp/irpf/2024')({
  head: () => ({ meta: [{ title: 'Imposto de Renda 2024 | Contábil' }] }),
  component: () => (
    <PublicPage title="Imposto de Renda 2024" intro="Declaração do IRPF 2024 (ano-base 2023) feita por contadores." />
  ),
});
