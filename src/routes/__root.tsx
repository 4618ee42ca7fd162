import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { ForbiddenPage, NotFoundPage, ServerErrorPage, statusOf } from '../components/ErrorPages';
import type { SessionHandle } from '../lib/session-handle';
import { loadedToaster, prepareToasts } from '../lib/toast';
import { runNavigationPipeline } from '../router/navigation';

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
  // react-hot-toast's Toaster, fetched with the first toast or once a person first presses or types (lib/toast.ts).
  const Toasts = useSyncExternalStore(loadedToaster.subscribe, loadedToaster.get, () => null);
  useEffect(() => {
    const listening = new AbortController();
    const first = () => {
      listening.abort();
      prepareToasts();
    };
    const options = { capture: true, passive: true, signal: listening.signal };
    window.addEventListener('pointerdown', first, options);
    window.addEventListener('keydown', first, options);
    return () => listening.abort();
  }, []);
  return (
    <>
      <HeadContent />
      <Outlet />
      {Toasts && <Toasts />}
    </>
  );
}
