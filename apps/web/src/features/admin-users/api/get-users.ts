import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { User } from '@shop/shared/contracts/users';
import { apiRequest } from '@/lib/api-client';

export const getUsers = () => apiRequest<User[]>(apiPaths.users);

export const usersQueryKey = ['users'] as const;

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
