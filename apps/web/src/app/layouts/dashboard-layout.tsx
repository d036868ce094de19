import { NavLink, Outlet } from 'react-router';
import { DASHBOARD_DRAWER_ID } from '@/components/layout/navbar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useIsAdmin } from '@/lib/auth/use-is-admin';

const customerMenu = [
  { to: paths.myProfile, label: 'My Profile' },
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.myReviews, label: 'Add Reviews' },
];

const adminMenu = [
  { to: paths.myProfile, label: 'My Profile' },
  { to: paths.addProduct, label: 'Add Products' },
  { to: paths.manageProducts, label: 'Manage Products' },
  { to: paths.allOrders, label: 'Total Orders' },
  { to: paths.allUsers, label: 'Make Admin' },
];

/** The dashboard: a side menu, as a drawer opened by the navbar's menu button on small screens. */
export function DashboardLayout() {
  const { isAdmin, isLoading } = useIsAdmin();
  const menu = isAdmin ? adminMenu : customerMenu;
  return (
    <div className="drawer lg:drawer-open">
      <input id={DASHBOARD_DRAWER_ID} type="checkbox" className="drawer-toggle" aria-label="Dashboard menu" />
      <div className="drawer-content min-h-[calc(100vh-4rem)] p-4 sm:p-8">
        <h1 className="text-primary mb-6 text-2xl font-bold sm:text-3xl">Dashboard</h1>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* Its name as text, not aria-label: ARIA forbids aria-label on a <label> (axe, serious). */}
        <label htmlFor={DASHBOARD_DRAWER_ID} className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <nav aria-label="Dashboard" className="bg-base-200 min-h-full w-64 p-4">
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
      </div>
    </div>
  );
}
