import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteKey } from '@shop/shared/api/routes';
import type {
  AcceptQuoteBody,
  PriceQuoteBody,
  Quote,
  QuoteState,
  RequestQuoteBody,
} from '@shop/shared/contracts/quotes';
import { callApi } from '../api-client';
import { invalidateRoutes, orderReads, toolReads } from './invalidate-routes';
import { queryKeys } from './query-keys';

/*
 * Quotes (docs/behaviour.md §5.24): the cart asks for one, the buyer's pages read and accept
 * them, the back office prices them. The cart and the quote pages both call them, so they sit
 * here below the features.
 */

/** Every read of a quote: asking, pricing and accepting one makes each stale. */
const quoteReads = ['GET /my-quote', 'GET /quote', 'GET /quote/:id'] as const satisfies readonly RouteKey[];

/** GET /my-quote: the caller's quotes, newest first. */
export const useMyQuotes = () =>
  useQuery({
    queryKey: queryKeys.answer('GET /my-quote'),
    queryFn: ({ signal }) => callApi('GET /my-quote', { signal }),
  });

/** GET /quote/{id}: one quote, for the buyer who asked or the shop's admins. */
export const useQuote = (id: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /quote/:id', { id }),
    queryFn: ({ signal }) => callApi('GET /quote/:id', { params: { id }, signal }),
  });

/** GET /quote (shop admin): every quote, newest first, or those in one state. */
export const useQuotes = (state?: QuoteState) => {
  const query = state ? { state } : {};
  return useQuery({
    queryKey: queryKeys.answer('GET /quote', query),
    queryFn: ({ signal }) => callApi('GET /quote', { query, signal }),
  });
};

/** A change of a quote: its answer is the quote's new read, and the lists are read again. */
function useQuoteChange<Input>(change: (input: Input) => Promise<Quote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (quote) =>
      queryClient.setQueryData(queryKeys.answer('GET /quote/:id', { id: quote.id }), quote),
    onSettled: () => invalidateRoutes(queryClient, quoteReads),
  });
}

/** POST /quote: a quote of the cart's lines as they are; the cart is kept. */
export const useRequestQuote = () =>
  useQuoteChange((body: RequestQuoteBody) => callApi('POST /quote', { body }));

/** PUT /quote/{id}/prices (shop admin): a price for every line and an expiry date; the quote is sent. */
export const usePriceQuote = (id: string) =>
  useQuoteChange((body: PriceQuoteBody) => callApi('PUT /quote/:id/prices', { params: { id }, body }));

interface AcceptQuoteRequest {
  body: AcceptQuoteBody;
  /** One per attempt, the same on every retry of it: the server then places one order. */
  idempotencyKey: string;
}

/**
 * POST /quote/{id}/accept: the order is placed at the quote's prices, as checkout places one.
 * Whatever the answer, the quote, the orders, the tools' stock and (paid by invoice) the company's
 * statement may have changed: every read of them is stale.
 */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: AcceptQuoteRequest) =>
      callApi('POST /quote/:id/accept', {
        params: { id },
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSettled: () =>
      invalidateRoutes(queryClient, [
        ...quoteReads,
        ...orderReads,
        ...toolReads,
        'GET /company/:id/statement',
        'GET /order/:id/invoice',
      ]),
  });
}
