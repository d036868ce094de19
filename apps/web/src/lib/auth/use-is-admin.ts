import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../queries/query-keys';
import { adminFlagRequest } from './auth-api';
import { useAuth } from './auth-context';

/** The admin check (GET /admin/{email}, docs/behaviour.md §2.2); `isLoading` while it runs. */
export function useIsAdmin(): { isAdmin: boolean; isLoading: boolean } {
  const { user, status } = useAuth();
  const email = user?.email;
  const query = useQuery({
    queryKey: queryKeys.answer('GET /admin/:email', { email }),
    queryFn: () => adminFlagRequest(email!),
    enabled: Boolean(email),
    staleTime: 60_000,
  });
  if (status === 'loading') return { isAdmin: false, isLoading: true };
  if (!email) return { isAdmin: false, isLoading: false };
  return { isAdmin: query.data ?? false, isLoading: query.isPending };
}
