import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../components/PublicPage';

export const Route = createFileRoute('/_institutional/trocar-contador')({
  head: () => ({ meta: [{ title: 'Trocar de contador | Contábil' }] }),
  component: () => (
    <PublicPage
      title="Troque de contador sem dor de cabeça"
      intro="Nós falamos com o seu contador atual, recebemos os documentos e assumimos a contabilidade sem interromper nada."
    />
  ),
});
