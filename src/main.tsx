import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BUILD_CHECK_INTERVAL_MS } from '@domain';
import { followCompanyStatus } from '@/lib/api/company-status';
import { announceNewVersion } from './components/NewVersionToast';
import { PageSpinner } from './components/ui/Spinner';
import { fetchDeployedBuildId, startBuildCheck } from './lib/build-check';
import { onFirstPage } from './lib/first-page';
import { rememberReferral } from './features/referrals/referral-code';
import './index.css';
import { drawPageShellFor, removePageShell } from './lib/page-shell';
import { createSessionHandle } from './lib/session-handle';
import { readStoredAuth } from './lib/stored-session';
import { routeTree } from './routeTree.gen';

const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP clients already retry what docs/rules.md says may be retried.
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

followCompanyStatus(queryClient);

// A shared link's referral code, from the address as it was opened: the router rewrites the query it validates, and
// reads it as JSON first ("1704802113" would become a number, "1234e56789" a float).
rememberReferral(window.location.search);

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

// A person coming back to a page: its frame and heading show at once, unless the head start drew them, and its code
// loads while the session restores from storage, rather than after (docs/performance.md, "Signed-in pages on a
// phone"). Without a usable stored session the page may not be theirs to see.
const storedAuth = readStoredAuth();
if (storedAuth) {
  drawPageShellFor(storedAuth);
  const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
  // A chunk that fails here is asked for again, and its error shown, when the page itself loads.
  for (const route of matchedRoutes) void router.loadRouteChunk(route)?.catch(() => {});
}

/** The router's report of each rendered page (in the frame, before the browser paints). */
function onRendered(listener: () => void) {
  return router.subscribe('onRendered', listener);
}

// The frame the head start drew goes once the app has drawn the first page in its place.
onFirstPage(onRendered, removePageShell);

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
