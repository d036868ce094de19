import type { QueryClient } from '@tanstack/react-query';
import type { RouteKey } from '@shop/shared/api/routes';

// Apart from query-keys.ts, which the first chunk loads (the session's reads): only the pages
// that change data need these.

/** Every read of an order: an order placed, paid, shipped or cancelled makes each stale. */
export const orderReads = [
  'GET /order',
  'GET /my-order',
  'GET /order/:id',
  'GET /order/:id/timeline',
  'GET /order/:id/receipt',
] as const satisfies readonly RouteKey[];

/** Every read of the catalogue: a tool added, edited, restocked, deleted or restored makes each stale. */
export const toolReads = [
  'GET /tool',
  'GET /tool/:id',
  'GET /tool/:id/stock-movements',
  'GET /archived-tool',
] as const satisfies readonly RouteKey[];

/** Marks every cached answer of these routes stale; those on screen refetch. */
export const invalidateRoutes = (queryClient: QueryClient, routes: readonly RouteKey[]) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => (routes as readonly unknown[]).includes(queryKey[0]),
  });
