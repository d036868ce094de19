import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toProfile } from '@/lib/domain/profile';

const getProfile = async (email: string) =>
  toProfile(await callApi('GET /current-user', { query: { email } }));

export const profileQueryKey = ['profile'] as const;

const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: [...profileQueryKey, email], queryFn: () => getProfile(email) });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
