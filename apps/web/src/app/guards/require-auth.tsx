import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useIsAdmin } from '@/lib/auth/use-is-admin';
import { useTwoFactorStatus } from '@/lib/auth/use-two-factor-status';

/** Where the login page sends the user back to (router location state). */
interface ReturnTo {
  from?: { pathname: string; search?: string; hash?: string };
}

/** My Profile's Security part, told why the user was sent there (docs/behaviour.md §4.14). */
export interface TwoFactorSetupState {
  twoFactorRequired: true;
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

/**
 * Admin pages also wait for the admin check; anyone else is sent to /login (docs/behaviour.md §2.2).
 * An admin who must have two-factor sign-in and has not is sent to its setup (§4.14).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { isAdmin, isLoading } = useIsAdmin();
  const twoFactor = useTwoFactorStatus(isAdmin);
  const location = useLocation();
  if (status === 'loading' || isLoading) return <Spinner label="Checking your access" />;
  if (!isAdmin) return <Navigate to={paths.login} replace state={{ from: location } satisfies ReturnTo} />;
  if (twoFactor.isPending) return <Spinner label="Checking your access" />;
  // ADMIN_REQUIRE_2FA: the admin sets two-factor sign-in up first (the API refuses them anyway).
  if (twoFactor.data?.required && !twoFactor.data.enabled) {
    const state: TwoFactorSetupState = { twoFactorRequired: true };
    return <Navigate to={`${paths.myProfile}#security`} replace state={state} />;
  }
  return children;
}
