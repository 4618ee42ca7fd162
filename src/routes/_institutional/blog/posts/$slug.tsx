import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../../components/PublicPage';
import { pageNotFound } from '../../../../router/navigation';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const Route = createFileRoute('/_institutional/blog/posts/$slug')({
  beforeLoad: ({ params, location }) => {
    if (!SLUG.test(params.slug)) throw pageNotFound(location.pathname);
  },
  component: () => <PublicPage title="Blog" />,
});
