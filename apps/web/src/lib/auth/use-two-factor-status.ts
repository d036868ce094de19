import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { queryKeys } from '../queries/query-keys';

/** Whether two-factor sign-in is on, and whether this account must have it (an admin under ADMIN_REQUIRE_2FA). */
export const twoFactorStatusQuery = queryOptions({
  queryKey: queryKeys.answer('GET /account/two-factor'),
  queryFn: () => callApi('GET /account/two-factor'),
});

export const useTwoFactorStatus = (enabled = true) => useQuery({ ...twoFactorStatusQuery, enabled });
