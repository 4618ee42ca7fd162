import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../components/PublicPage';

export const Route = createFileRoute('/_institutional/abrir-empresa')({
  head: () => ({ meta: [{ title: 'Abrir empresa online | Contábil' }] }),
  component: () => (
    <PublicPage
      title="Abra sua empresa online"
      intro="Do CNPJ ao alvará: você conta sobre o negócio, nossa equipe contábil cuida do registro na Junta Comercial, na Receita e na prefeitura."
    />
  ),
});
