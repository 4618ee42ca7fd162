import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BUILD_CHECK_INTERVAL_MS } from '@domain';
import { followCompanyStatus } from '@/lib/api/company-status';
import { announceNewVersion } from './components/NewVersionToast';
import { PageSpinner } from './components/ui/Spinner';
import { fetchDeployedBuildId, startBuildCheck } from './lib/build-check';
import './index.css';
import { createSessionHandle } from './lib/session-handle';
import { routeTree } from './routeTree.gen';

const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP clients already retry what docs/rules.md says may be retried.
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

followCompanyStatus(queryClient);

const router = createRouter({
  routeTree,
  context: {
    queryClient,
    session: createSessionHandle(queryClient, {
      navigate: (href) => router.history.push(href),
      // The first load waits for the session to settle before its guards run: only later changes ask them again.
      recheckGuards: () => void (router.state.resolvedLocation && router.invalidate()),
    }),
  },
  // Let TanStack Query decide when data is stale.
  defaultPreloadStaleTime: 0,
  defaultPreload: 'intent',
  defaultPendingComponent: () => <PageSpinner />,
  scrollRestoration: true,
  trailingSlash: 'never',
  Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Hides the side menu of the admin layout (docs/features.md). */
    hideSideMenu?: boolean;
    /** Hides the company selector of the admin layout (docs/features.md). */
    hideCompanySelector?: boolean;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// Hourly: a deployment since this page loaded is offered as a reload (not in dev, where HMR keeps it fresh).
if (import.meta.env.PROD) {
  startBuildCheck({
    currentId: __BUILD_ID__,
    intervalMs: BUILD_CHECK_INTERVAL_MS,
    fetchDeployedId: fetchDeployedBuildId,
    onNewBuild: announceNewVersion,
  });
}
