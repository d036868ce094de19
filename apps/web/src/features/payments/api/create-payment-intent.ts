import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentBody } from '@shop/shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/**
 * The client secret for paying an order. `price` is sent for compatibility only; the server
 * charges the order's price (docs/behaviour.md §12.8).
 */
const createPaymentIntent = (body: CreatePaymentIntentBody) =>
  callApi('POST /create-payment-intent', { body });

/**
 * A query, though it is a POST: the server answers the same intent for the same order, so
 * fetching it again is harmless, and the page gets loading and error states for free.
 */
const paymentIntentQueryOptions = (orderId: string, price: number) =>
  queryOptions({
    // By the order alone: the price is sent for compatibility and does not change the answer.
    queryKey: queryKeys.answer('POST /create-payment-intent', { orderId }),
    queryFn: () => createPaymentIntent({ orderId, price }),
    staleTime: Infinity,
  });

export const usePaymentIntent = (orderId: string, price: number) =>
  useQuery(paymentIntentQueryOptions(orderId, price));
