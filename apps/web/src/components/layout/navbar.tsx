import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { Cart } from '@shop/shared/contracts/cart';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { cartQueryOptions } from '@/lib/queries/get-cart';
import { SiteLinks } from './site-links';
import { useSignOutHome } from './use-sign-out-home';

export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';

/** A <details> menu closes on Escape, and focus goes back to its button. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  if (event.key !== 'Escape' || !event.currentTarget.open) return;
  event.currentTarget.open = false;
  event.currentTarget.querySelector('summary')?.focus();
}

/** The bar is light on home and red on every other page (docs/behaviour.md §2.5). */
export function Navbar() {
  const { user } = useAuth();
  const signOutHome = useSignOutHome();
  const location = useLocation();
  const isHome = location.pathname === paths.home;
  const isDashboard = location.pathname.startsWith(paths.dashboard);

  const links = <SiteLinks isSignedIn={user !== null} />;

  return (
    <header
      data-testid="navbar"
      // Ghost buttons (brand, Login, Profile, menus) take the bar's text colour, not daisyUI's
      // dark default: dark on the red bar was 2.6:1, below WCAG's 4.5:1.
      className={`navbar sticky top-0 z-30 px-2 print:hidden [--btn-rest-fg:currentColor] sm:px-6 ${
        isHome ? 'bg-base-100 text-base-content shadow-sm' : 'bg-primary text-primary-content'
      }`}
    >
      <div className="navbar-start gap-1">
        {isDashboard && (
          // Its name as text, not aria-label: ARIA forbids aria-label on a <label> (axe, serious).
          // On a small dashboard page this is the only menu button: the drawer holds the site's
          // links too, so two look-alike buttons never sit side by side (docs/behaviour.md §2.5).
          <label htmlFor={DASHBOARD_DRAWER_ID} className="btn btn-ghost btn-sm gap-1 px-2 lg:hidden">
            <SidebarIcon />
            <span>
              <span className="sr-only">Open dashboard </span>Menu
            </span>
          </label>
        )}
        <details className={`dropdown ${isDashboard ? 'hidden' : 'lg:hidden'}`} onKeyDown={closeOnEscape}>
          <summary className="btn btn-ghost btn-square" aria-label="Open navigation">
            <MenuIcon />
          </summary>
          <ul className="menu dropdown-content rounded-box bg-base-100 text-base-content z-40 mt-3 w-52 p-2 shadow">
            {links}
          </ul>
        </details>
        <Link to={paths.home} className="btn btn-ghost text-xl font-bold tracking-tight">
          Brushworks
        </Link>
      </div>
      <nav aria-label="Main" className="navbar-center hidden lg:flex">
        <ul className="menu menu-horizontal gap-1 px-1">{links}</ul>
      </nav>
      <div className="navbar-end">
        {user && <CartLink />}
        {user ? (
          <details className="dropdown dropdown-end" onKeyDown={closeOnEscape}>
            <summary className="btn btn-ghost normal-case">Profile</summary>
            <ul className="menu dropdown-content rounded-box bg-base-100 text-base-content z-40 mt-3 w-56 p-2 shadow">
              <li>
                <Link to={paths.myProfile}>{user.name}</Link>
              </li>
              <li>
                <button type="button" onClick={signOutHome}>
                  Sign Out
                </button>
              </li>
            </ul>
          </details>
        ) : (
          <Link to={paths.login} className="btn btn-ghost">
            Login
          </Link>
        )}
      </div>
    </header>
  );
}

const lineCountOf = (cart: Cart) => cart.lines.length;

/**
 * The signed-in buyer's cart, with how many tools it holds. Part of the first load: it reads the
 * one cart query and nothing else; the cart page itself is loaded when opened.
 */
function CartLink() {
  const lineCount = useQuery({ ...cartQueryOptions(), select: lineCountOf }).data ?? 0;
  return (
    <Link
      to={paths.cart}
      className="btn btn-ghost gap-1 px-2"
      // The name starts with what it shows ('Cart 2'), as WCAG 2.5.3 asks.
      aria-label={lineCount > 0 ? `Cart ${lineCount} ${lineCount === 1 ? 'tool' : 'tools'}` : undefined}
    >
      {/* The space keeps 'Cart 2' two words for assistive technology; the flex gap draws it. */}
      Cart {lineCount > 0 && <span className="badge badge-sm">{lineCount}</span>}
    </Link>
  );
}

function MenuIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className="h-5 w-5"
      fill="none"
      viewBox="0 0 24 24"
      stroke="currentColor"
      aria-hidden="true"
    >
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

function SidebarIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className="h-5 w-5"
      fill="none"
      viewBox="0 0 24 24"
      stroke="currentColor"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="2" />
      <path strokeLinecap="round" strokeWidth="2" d="M9 4v16M5.5 8h1.5M5.5 11h1.5M5.5 14h1.5" />
    </svg>
  );
}
