import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { catalogueQueryOf, type CatalogueView } from '@shop/shared/catalogue-view';
import type { ToolListQueryInput } from '@shop/shared/contracts/tools';
import type { PageData } from '@shop/shared/server-rendering';
import { callApiPage } from '@/lib/api-client';
import { toTool, type Tool, type ToolWire } from '@/lib/domain/tool';

interface ToolsPage {
  tools: Tool[];
  nextCursor: string | null;
}

const toToolsPage = (tools: ToolWire[], nextCursor: string | null): ToolsPage => ({
  tools: tools.map(toTool),
  nextCursor,
});

/**
 * GET /tool, one page of a view at a time (docs/behaviour.md §14.5). The first page's param is ''
 * rather than undefined: the server-rendered cache travels as JSON, which has no undefined.
 * A 401/403 here signs the user out, as the whole list does (§5.4).
 */
const toolSearchQueryOptions = (view: CatalogueView) =>
  infiniteQueryOptions({
    queryKey: ['tools', 'search', view],
    queryFn: async ({ pageParam, signal }) => {
      const page = await callApiPage('GET /tool', {
        // The URL's text as it is: the API checks it and says what is wrong (a 400's message).
        query: catalogueQueryOf(view, pageParam || undefined) as ToolListQueryInput,
        signal,
        signOutOnAuthError: true,
      });
      return toToolsPage(page.items, page.nextCursor);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useToolSearch = (view: CatalogueView) => useInfiniteQuery(toolSearchQueryOptions(view));

/** The first page the server rendered the products page with (entry-server.tsx). */
export const seedToolsPage = (queryClient: QueryClient, page: NonNullable<PageData['toolsPage']>) =>
  queryClient.setQueryData(toolSearchQueryOptions(page.view).queryKey, {
    pages: [toToolsPage(page.tools, page.nextCursor)],
    pageParams: [''],
  });
