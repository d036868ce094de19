import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';
import { queryKeys } from '@/lib/queries/query-keys';

/**
 * GET /tool, the whole catalogue: the tools a contract price can be set for (docs/behaviour.md
 * §3.15). The same key and shape as the catalogue's own read (features/catalog/api/get-tools.ts),
 * so the two share one cached answer. Written here rather than shared from lib/: as a module of
 * its own the read would leave home's first load for a file of its own, over its budget.
 */
export const useCatalogueTools = () =>
  useQuery({
    queryKey: queryKeys.answer('GET /tool'),
    queryFn: async ({ signal }) =>
      (await callApi('GET /tool', { signal, signOutOnAuthError: true })).map(toTool),
  });
