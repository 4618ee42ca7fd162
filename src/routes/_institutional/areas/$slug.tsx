import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../components/PublicPage';
import { pageNotFound } from '../../../router/navigation';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const Route = createFileRoute('/_institutional/areas/$slug')({
  beforeLoad: ({ params, location }) => {
    if (!SLUG.test(params.slug)) throw pageNotFound(location.pathname);
  },
  component: AreaPage,
});

function AreaPage() {
  const { slug } = Route.useParams();
  const title = slug.replace(/-/g, ' ');
  return <PublicPage title={`Contabilidade para ${title}`} />;
}
