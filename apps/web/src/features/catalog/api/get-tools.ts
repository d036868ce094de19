import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PageData } from '@shop/shared/server-rendering';
import { callApi } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';
import { queryKeys } from '@/lib/queries/query-keys';

/** GET /tool. A 401/403 here signs the user out (docs/behaviour.md §4.5). */
const getTools = async (signal?: AbortSignal) =>
  (await callApi('GET /tool', { signal, signOutOnAuthError: true })).map(toTool);

const toolsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.answer('GET /tool'), queryFn: ({ signal }) => getTools(signal) });

export const useTools = () => useQuery(toolsQueryOptions());

/** The list the server rendered the page with (entry-server.tsx), so the page does not fetch it again. */
export const seedTools = (queryClient: QueryClient, tools: NonNullable<PageData['tools']>) =>
  queryClient.setQueryData(toolsQueryOptions().queryKey, tools.map(toTool));
