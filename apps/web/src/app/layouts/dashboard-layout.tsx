import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { DASHBOARD_DRAWER_ID } from '@/components/layout/navbar';
import { SiteLinks } from '@/components/layout/site-links';
import { PageBoundary } from '@/components/ui/page-boundary';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { VerifyEmailBanner } from '@/features/account-recovery/components/verify-email-banner';
import { useIsAdmin } from '@/lib/auth/use-is-admin';

const customerMenu = [
  { to: paths.myProfile, label: 'My Profile' },
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.myQuotes, label: 'My quotes' },
  { to: paths.savedLists, label: 'Saved lists' },
  { to: paths.myReviews, label: 'Add Reviews' },
  { to: paths.company, label: 'Company' },
];

const adminMenu = [
  { to: paths.myProfile, label: 'My Profile' },
  { to: paths.addProduct, label: 'Add Products' },
  { to: paths.manageProducts, label: 'Manage Products' },
  { to: paths.allOrders, label: 'Total Orders' },
  // The buyer's quotes' address: an admin sees every quote there, and prices it (quote-pages.tsx).
  { to: paths.myQuotes, label: 'Quotes' },
  { to: paths.allUsers, label: 'Make Admin' },
  { to: paths.companies, label: 'Companies' },
  { to: paths.tax, label: 'Tax' },
  { to: paths.inbox, label: 'Inbox' },
  { to: paths.reviewModeration, label: 'Reviews' },
  { to: paths.auditLog, label: 'Audit Log' },
];

/**
 * The dashboard: a side menu, as a drawer opened by the navbar's menu button on small screens
 * (docs/behaviour.md §2.6). On large screens the menu's background runs the page's full height
 * and its entries stay in view while a long list scrolls.
 */
export function DashboardLayout() {
  const { isAdmin, isLoading } = useIsAdmin();
  const menu = isAdmin ? adminMenu : customerMenu;
  // A tapped entry opens its page: the drawer closes rather than cover it.
  const toggle = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [pathname]);
  return (
    <div className="drawer lg:drawer-open">
      <input
        ref={toggle}
        id={DASHBOARD_DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        aria-label="Dashboard menu"
      />
      <div className="drawer-content min-h-[calc(100vh-4rem)] p-4 sm:p-8 print:min-h-0 print:p-0">
        <h1 className="text-primary mb-6 text-2xl font-bold sm:text-3xl print:hidden">Dashboard</h1>
        <VerifyEmailBanner />
        {/* A dashboard page that fails leaves the menu usable. On paper only the page shows (a receipt). */}
        <PageBoundary resetKey={pathname}>
          <Outlet />
        </PageBoundary>
      </div>
      <div className="drawer-side z-40 lg:static lg:z-auto lg:h-auto lg:overflow-visible print:hidden">
        {/* Its name as text, not aria-label: ARIA forbids aria-label on a <label> (axe, serious). */}
        <label htmlFor={DASHBOARD_DRAWER_ID} className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <div className="bg-base-200 min-h-full w-64 p-4">
          <nav aria-label="Dashboard" className="lg:sticky lg:top-20">
            {isLoading ? (
              <Spinner label="Loading menu" />
            ) : (
              <ul className="menu w-full gap-1">
                {menu.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          {/* The site's links on a small dashboard page, where the bar keeps no menu of its own. */}
          <nav aria-label="Site" className="border-base-300 mt-4 border-t pt-4 lg:hidden">
            <ul className="menu w-full gap-1">
              <SiteLinks isSignedIn />
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
