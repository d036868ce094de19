import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * Sign Out ends the session and goes to `/` (docs/behaviour.md §2.5). Home comes first and the
 * session ends only once it shows: a guarded page that saw "signed out" first would send the
 * user to /login and remember itself, so the next sign-in would land back on it instead of
 * where §2.3 says.
 */
export function useSignOutHome(): () => void {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOutOnArrival = useRef(false);

  useEffect(() => {
    if (pathname === paths.home && signOutOnArrival.current) {
      signOutOnArrival.current = false;
      void signOut();
    }
  }, [pathname, signOut]);

  return () => {
    if (pathname === paths.home) {
      void signOut();
      return;
    }
    signOutOnArrival.current = true;
    navigate(paths.home);
  };
}
