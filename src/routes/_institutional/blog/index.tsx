import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../components/PublicPage';

export const Route = createFileRoute('/_institutional/blog/')({
  head: () => ({ meta: [{ title: 'Blog | Contábil' }] }),
  component: () => <PublicPage title="Blog" intro="Impostos, gestão e o dia a dia de quem empreende no Brasil." />,
});
