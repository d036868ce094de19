import type { Order } from '@/lib/domain/order';
import { useMyOrders } from '@/lib/queries/get-my-orders';

/**
 * Open: not finished yet, so unpaid or waiting to be shipped (docs/behaviour.md §5.8); shipped,
 * cancelled, expired and refunded orders are done.
 */
const openOrdersOf = (orders: Order[]) =>
  orders.filter((order) => order.state === 'unpaid' || order.state === 'paid');

/** The signed-in customer's open orders, newest first: a view of My Orders' one cached answer. */
export const useOpenOrders = (email: string) => useMyOrders(email, openOrdersOf);
