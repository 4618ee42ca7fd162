import { createFileRoute } from '@tanstack/react-router';
import { orderQueries } from '@/features/companies/api';
import { OrdersPage } from '@/features/companies/components/OrdersPage';
import { OrdersSearch, ordersParams } from '@/features/companies/orders-search';
import { headOfPage } from '@/lib/page-shell';

export const Route = createFileRoute('/app/_signedIn/_team/admin/companies/migration-orders')({
  validateSearch: OrdersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orderQueries.list(ordersParams('migration', deps))),
  head: () => headOfPage('/app/admin/companies/migration-orders'),
  component: MigrationOrders,
});

function MigrationOrders() {
  return <OrdersPage kind="migration" search={Route.useSearch()} />;
}
