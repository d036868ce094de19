import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toUser } from '@/lib/domain/user';

const getUsers = async () => (await callApi('GET /user')).map(toUser);

export const usersQueryKey = ['users'] as const;

const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
