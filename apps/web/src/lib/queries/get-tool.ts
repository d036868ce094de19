import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PageData } from '@shop/shared/server-rendering';
import { ApiError, callApi } from '../api-client';
import { toTool, type Tool } from '../domain/tool';
import { queryKeys } from './query-keys';

/** GET /tool/{id}: one tool, for the purchase page and the admin's Edit page. */
export const getTool = async (id: string, signal?: AbortSignal) =>
  toTool(await callApi('GET /tool/:id', { params: { id }, signal }));

export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /tool/:id', { id }),
    queryFn: ({ signal }) => getTool(id, signal),
  });

/** A tool that does not exist is an error here (a 404 the page explains). */
export const useTool = (id: string) => useQuery(toolQueryOptions(id));

/**
 * The same read for the public product page (docs/behaviour.md §3.5): a tool that does not
 * exist (or no longer is in the shop) is `null`, not an error, so the page shows Not found and
 * the server can render that same answer into the page it sends with a 404.
 */
const getProduct = async (id: string, signal?: AbortSignal): Promise<Tool | null> => {
  try {
    return await getTool(id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orNull('GET /tool/:id', { id }),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));

/** The tool the server rendered the page with (entry-server.tsx), so the page does not fetch it again. */
export const seedProduct = (queryClient: QueryClient, { id, tool }: NonNullable<PageData['product']>) =>
  queryClient.setQueryData(productQueryOptions(id).queryKey, tool ? toTool(tool) : null);
