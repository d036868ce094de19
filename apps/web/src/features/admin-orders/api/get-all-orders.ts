import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersQueryOf, type OrdersView } from '@shop/shared/order-states';
import { callApiPage } from '@/lib/api-client';
import { toOrder } from '@/lib/domain/order';
import { ADMIN_PAGE_SIZE } from '@/lib/paged-query';
import { queryKeys } from '@/lib/queries/query-keys';

/**
 * One page of orders, newest first: the view's state and search, after its cursor (docs/behaviour.md
 * §9.4, §5.15). The page is the URL's, so a reload or a link shows the same rows. A 401 or 403
 * signs the user out and sends them home (§4.5).
 */
export const useAllOrders = (view: OrdersView) => {
  const query = { ...ordersQueryOf(view), limit: String(ADMIN_PAGE_SIZE) };
  return useQuery({
    queryKey: queryKeys.answer('GET /order', query),
    queryFn: async ({ signal }) => {
      const page = await callApiPage('GET /order', { query, signal, signOutOnAuthError: true });
      return { orders: page.items.map(toOrder), nextCursor: page.nextCursor };
    },
    // The page being left stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
};
