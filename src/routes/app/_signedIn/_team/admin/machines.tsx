import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { PageSpinner } from '@/components/ui/Spinner';
import { titledHead } from '@/lib/document-title';

/** The team's view of the machines (the same page as /app/dev/machines): elkjs loads with this page only. */
const MachinesPage = lazy(() =>
  import('@/features/statecharts/components/MachinesPage').then((module) => ({ default: module.MachinesPage })),
);

export const Route = createFileRoute('/app/_signedIn/_team/admin/machines')({
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' ? { machine: search.machine } : {},
  head: () => titledHead('Máquinas de estado'),
  component: TeamMachines,
});

function TeamMachines() {
  const { machine } = Route.useSearch();
  return (
    <Suspense fallback={<PageSpinner />}>
      <MachinesPage selected={machine} audience="team" />
    </Suspense>
  );
}
