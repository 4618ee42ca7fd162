import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/ErrorPages';

export const Route = createFileRoute('/_institutional/404')({
  head: () => ({ meta: [{ title: 'Página não encontrada | Contábil' }, { name: 'robots', content: 'noindex' }] }),
  component: () => <NotFoundPage />,
});
