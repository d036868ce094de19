import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** Whether two-factor sign-in is on, and whether this account must have it (an admin under ADMIN_REQUIRE_2FA). */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor-status'],
  queryFn: () => callApi('GET /account/two-factor'),
});

export const useTwoFactorStatus = (enabled = true) => useQuery({ ...twoFactorStatusQuery, enabled });
