import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PageData } from '@shop/shared/server-rendering';
import { ApiError, callApi } from '@/lib/api-client';
import { toTool, type Tool } from '@/lib/domain/tool';

/**
 * GET /tool/{id} for the public product page (docs/behaviour.md §15.1). A tool that does not
 * exist (or no longer is in the shop) is `null`, not an error: the page shows Not found, and
 * the server can render that same answer into the page it sends with a 404.
 */
const getProduct = async (id: string, signal?: AbortSignal): Promise<Tool | null> => {
  try {
    return toTool(await callApi('GET /tool/:id', { params: { id }, signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tools', 'product', id], queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));

/** The tool the server rendered the page with (entry-server.tsx), so the page does not fetch it again. */
export const seedProduct = (queryClient: QueryClient, { id, tool }: NonNullable<PageData['product']>) =>
  queryClient.setQueryData(productQueryOptions(id).queryKey, tool ? toTool(tool) : null);
