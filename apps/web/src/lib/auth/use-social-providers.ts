import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialProvidersRequest } from './auth-api';

/** Fixed for the server's lifetime: asked once per page load. */
export const socialProvidersQuery = queryOptions({
  queryKey: ['social-providers'],
  queryFn: socialProvidersRequest,
  staleTime: Infinity,
});

export const useSocialProviders = () => useQuery(socialProvidersQuery);
