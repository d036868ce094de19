import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../queries/query-keys';
import { socialProvidersRequest } from './auth-api';

/** Fixed for the server's lifetime: asked once per page load. */
export const socialProvidersQuery = queryOptions({
  queryKey: queryKeys.answer('GET /auth/providers'),
  queryFn: socialProvidersRequest,
  staleTime: Infinity,
});

export const useSocialProviders = () => useQuery(socialProvidersQuery);
