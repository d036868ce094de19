import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { PageBoundary } from '@/components/ui/page-boundary';
import { paths } from '@/config/paths';
import { setAuthFailureHandler } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { tokenStorage } from '@/lib/token-storage';

export function RootLayout() {
  const { forgetSession, status } = useAuth();
  // The first session check clears a dead token itself: an ended session found by it (or by a
  // public call racing it) needs no trip home.
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // A 401/403 from the orders or all-tools calls: sign out, drop the token, go home (docs/behaviour.md §4.5).
  // The token goes at once; the signed-in state only once home is shown, because a guarded
  // page that saw "signed out" first would send the user to /login instead.
  const signOutOnArrival = useRef(false);
  useEffect(() => {
    setAuthFailureHandler((reason) => {
      if (reason === 'session-ended' && statusRef.current === 'loading') return;
      tokenStorage.clear();
      signOutOnArrival.current = true;
      navigate(paths.home, { replace: true });
    });
    return () => setAuthFailureHandler(() => {});
  }, [navigate]);
  useEffect(() => {
    if (pathname === paths.home && signOutOnArrival.current) {
      signOutOnArrival.current = false;
      forgetSession();
    }
  }, [pathname, forgetSession]);

  // A new page starts at the top; the page the browser loaded keeps the scroll it has. On a slow
  // phone a visitor scrolls before hydration is over, and a scroll to the top then moved the
  // page under their thumb (and a reload or Back lost the browser's restored position).
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  const isDashboard = pathname.startsWith(paths.dashboard);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        {/* A page that fails leaves the bar and the footer usable (docs/behaviour.md §2.7). */}
        <PageBoundary resetKey={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      {!isDashboard && <Footer />}
    </div>
  );
}
