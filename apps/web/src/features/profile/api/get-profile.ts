import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toProfile } from '@/lib/domain/profile';
import { queryKeys } from '@/lib/queries/query-keys';

const getProfile = async (email: string) =>
  toProfile(await callApi('GET /current-user', { query: { email } }));

const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /current-user', { email }),
    queryFn: () => getProfile(email),
  });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
