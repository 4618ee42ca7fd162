import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { ForbiddenPage, NotFoundPage, ServerErrorPage, statusOf } from '../components/ErrorPages';
import type { SessionHandle } from '../lib/session-handle';
import { runNavigationPipeline } from '../router/navigation';

/** react-hot-toast's toaster, fetched after the page paints: a toast asked for before it shows once it arrives. */
const Toasts = lazy(() => import('../components/Toasts'));

export interface RouterContext {
  queryClient: QueryClient;
  session: SessionHandle;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => runNavigationPipeline(location),
  head: () => ({
    meta: [
      { title: 'Contábil — Reimagine o controle da sua empresa' },
      { name: 'description', content: 'Contabilidade sem burocracia, rápida e segura, tudo resolvido online pelo melhor preço.' },
    ],
  }),
  component: RootLayout,
  notFoundComponent: ({ data }) => <NotFoundPage path={(data as { path?: string } | undefined)?.path} />,
  errorComponent: ({ error }) => {
    const status = statusOf(error);
    if (status === 404) return <NotFoundPage />;
    if (status === 403) return <ForbiddenPage error={error} />;
    return <ServerErrorPage error={error} status={status} />;
  },
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </>
  );
}
