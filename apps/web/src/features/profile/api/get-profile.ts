import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Profile } from '@shop/shared/contracts/users';
import { apiRequest } from '@/lib/api-client';

export const getProfile = (email: string) => apiRequest<Profile>(apiPaths.currentUser(email));

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: [...profileQueryKey, email], queryFn: () => getProfile(email) });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
