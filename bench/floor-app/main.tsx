/**
 * The floor app of `npm run bench:phone` (bench/phone-pages.ts builds and serves it): the least a page of this stack
 * can do — React, a TanStack Router with code-based routes, TanStack Query fetching ten rows from `/rows` for its
 * page `/entries`, and an XState machine following the load — so the product's signed-in pages have something of
 * their own kind to be measured beside (docs/performance.md, "Signed-in pages on a phone").
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { assign, setup } from 'xstate';

interface Row {
  id: number;
  name: string;
  amount: number;
}

/** Loading until the rows come, then loaded (or failed): the shape of the product's own page machines, at its smallest. */
const rowsMachine = setup({
  types: {
    context: {} as { count: number },
    events: {} as { type: 'loaded'; count: number } | { type: 'failed' },
  },
}).createMachine({
  id: 'rows',
  initial: 'loading',
  context: { count: 0 },
  states: {
    loading: {
      on: {
        loaded: { target: 'loaded', actions: assign({ count: ({ event }) => event.count }) },
        failed: 'failed',
      },
    },
    loaded: {},
    failed: {},
  },
});

const queryClient = new QueryClient();

function RowsPage() {
  const rows = useQuery({
    queryKey: ['rows'],
    queryFn: async (): Promise<Row[]> => {
      const response = await fetch('/rows');
      if (!response.ok) throw new Error(`GET /rows answered ${response.status}`);
      return response.json();
    },
  });
  const [state, send] = useMachine(rowsMachine);
  useEffect(() => {
    if (rows.data) send({ type: 'loaded', count: rows.data.length });
    else if (rows.error) send({ type: 'failed' });
  }, [rows.data, rows.error, send]);
  return (
    <main>
      <h1>Lançamentos</h1>
      {state.matches('loading') && <p>Carregando…</p>}
      {state.matches('failed') && <p>Não foi possível carregar.</p>}
      {state.matches('loaded') && (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Descrição</th>
              <th>Valor</th>
            </tr>
          </thead>
          <tbody>
            {rows.data?.map((row) => (
              <tr key={row.id}>
                <td>{row.id}</td>
                <td>{row.name}</td>
                <td>{row.amount.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <nav>
        <Link to="/">Início</Link> <Link to="/entries">Lançamentos</Link>
      </nav>
      <Outlet />
    </>
  ),
});
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Início</h1> });
const rowsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/entries', component: RowsPage });
const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute, rowsRoute]) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
