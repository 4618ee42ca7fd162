import { createFileRoute, notFound } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { PageSpinner } from '@/components/ui/Spinner';

/**
 * Dev only: the statecharts of machines/. Decided at build time (`import.meta.env.DEV`), so a production build has
 * neither the page nor elkjs — the address answers the 404 page there.
 */
const MachinesPage = import.meta.env.DEV
  ? lazy(() => import('@/features/statecharts/components/MachinesPage').then((module) => ({ default: module.MachinesPage })))
  : null;

export const Route = createFileRoute('/app/dev/machines')({
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' ? { machine: search.machine } : {},
  beforeLoad: ({ location }) => {
    if (!MachinesPage) throw notFound({ data: { path: location.pathname } });
  },
  head: () => ({ meta: [{ title: 'Máquinas de estado — Contábil (dev)' }] }),
  component: DevMachines,
});

function DevMachines() {
  const { machine } = Route.useSearch();
  if (!MachinesPage) return null;
  return (
    <Suspense fallback={<PageSpinner />}>
      <main id="conteudo">
        <MachinesPage selected={machine} audience="dev" />
      </main>
    </Suspense>
  );
}
