import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { catalogueQueryOf, type CatalogueView } from '@shop/shared/catalogue-view';
import type { ToolListQueryInput } from '@shop/shared/contracts/tools';
import type { PageData } from '@shop/shared/server-rendering';
import { callApiPage } from '@/lib/api-client';
import { toTool, type ToolWire } from '@/lib/domain/tool';
import { pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/queries/query-keys';

const toToolsPage = (tools: ToolWire[], nextCursor: string | null) => ({
  items: tools.map(toTool),
  nextCursor,
});

/**
 * GET /tool, one page of a view at a time (docs/behaviour.md §3.3), keyed by the view's query.
 * A 401/403 here signs the user out, as the whole list does (§4.5).
 */
const toolSearchQueryOptions = (view: CatalogueView) =>
  // The URL's text as it is: the API checks it and says what is wrong (a 400's message).
  pagedQueryOptions(
    queryKeys.pages('GET /tool', catalogueQueryOf(view) as ToolListQueryInput),
    async (cursor, signal) => {
      const page = await callApiPage('GET /tool', {
        query: catalogueQueryOf(view, cursor) as ToolListQueryInput,
        signal,
        signOutOnAuthError: true,
      });
      return toToolsPage(page.items, page.nextCursor);
    },
  );

export const useToolSearch = (view: CatalogueView) => useInfiniteQuery(toolSearchQueryOptions(view));

/** The first page the server rendered the products page with (entry-server.tsx). */
export const seedToolsPage = (queryClient: QueryClient, page: NonNullable<PageData['toolsPage']>) =>
  queryClient.setQueryData(toolSearchQueryOptions(page.view).queryKey, {
    pages: [toToolsPage(page.tools, page.nextCursor)],
    pageParams: [''],
  });
