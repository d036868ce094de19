import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useIsAdmin } from '@/lib/auth/use-is-admin';

/** Where the login page sends the user back to (router location state). */
interface ReturnTo {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Signed-out users go to /login, which brings them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session" />;
  if (status === 'signed-out') {
    return <Navigate to={paths.login} replace state={{ from: location } satisfies ReturnTo} />;
  }
  return children;
}

/** Admin pages also wait for the admin check; anyone else is sent to /login (docs/behaviour.md §2.2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { isAdmin, isLoading } = useIsAdmin();
  const location = useLocation();
  if (status === 'loading' || isLoading) return <Spinner label="Checking your access" />;
  if (!isAdmin) return <Navigate to={paths.login} replace state={{ from: location } satisfies ReturnTo} />;
  return children;
}
