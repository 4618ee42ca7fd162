import * as v from 'valibot';
import { STEP_IDS } from '@domain';
import type { OrdersParams } from './api';
import { searchText } from '@/lib/search-params';

/*
 * The queues' address parameters, apart from the page that shows them: a route's search schema is loaded with the app
 * itself, its component only when the page opens.
 */

export const OrdersSearch = v.object({
  q: v.fallback(v.optional(searchText), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  status: v.fallback(
    v.optional(v.picklist(['pending', 'awaiting_opening', 'migrating', 'opening', 'active', 'overdue', 'disabled'])),
    undefined,
  ),
  step: v.fallback(v.optional(v.picklist(STEP_IDS)), undefined),
});
export type OrdersSearch = v.InferOutput<typeof OrdersSearch>;

export const ordersParams = (kind: OrdersParams['kind'], search: OrdersSearch): OrdersParams => ({
  kind,
  page: search.page ?? 1,
  status: search.status,
  stepId: search.step,
  query: search.q,
});
