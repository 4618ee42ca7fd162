import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../../components/PublicPage';

export const Route = createFileRoute('/_institutional/tools/cnae/')({
  head: () => ({ meta: [{ title: 'Consulta CNAE | Contábil' }] }),
  component: () => (
    <PublicPage
      title="Consulta CNAE"
      intro="Encontre o código de atividade (CNAE 2.3) do seu negócio e saiba se ele pode ser MEI."
    />
  ),
});
