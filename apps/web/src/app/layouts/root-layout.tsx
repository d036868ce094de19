import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { paths } from '@/config/paths';
import { setAuthFailureHandler } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';

export function RootLayout() {
  const { forgetSession } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // A 401/403 from the orders or all-tools calls: sign out, drop the token, go home (spec 4).
  useEffect(() => {
    setAuthFailureHandler(() => {
      // Leave the guarded page first: signed out while still on it, its guard would send the
      // user to /login instead of home.
      void Promise.resolve(navigate(paths.home, { replace: true })).finally(forgetSession);
    });
    return () => setAuthFailureHandler(() => {});
  }, [forgetSession, navigate]);

  useEffect(() => window.scrollTo(0, 0), [pathname]);

  const isDashboard = pathname.startsWith(paths.dashboard);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {!isDashboard && <Footer />}
    </div>
  );
}
