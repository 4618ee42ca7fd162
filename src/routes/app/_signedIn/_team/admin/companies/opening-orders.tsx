import { createFileRoute } from '@tanstack/react-router';
import { orderQueries } from '@/features/companies/api';
import { OrdersPage } from '@/features/companies/components/OrdersPage';
import { OrdersSearch, ordersParams } from '@/features/companies/orders-search';

export const Route = createFileRoute('/app/_signedIn/_team/admin/companies/opening-orders')({
  validateSearch: OrdersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orderQueries.list(ordersParams('opening', deps))),
  head: () => ({ meta: [{ title: 'Pedidos de abertura | Contábil' }] }),
  component: OpeningOrders,
});

function OpeningOrders() {
  return <OrdersPage kind="opening" search={Route.useSearch()} />;
}
