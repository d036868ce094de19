import { NavLink } from 'react-router';
import { paths } from '@/config/paths';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-semibold underline underline-offset-4' : '';

/**
 * The bar's links as list items (docs/behaviour.md §2.5): in the bar on large screens, behind
 * the site menu on small ones, and in the dashboard drawer on small dashboard pages.
 */
export function SiteLinks({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <>
      <li>
        <NavLink to={paths.home} end className={linkClass}>
          Home
        </NavLink>
      </li>
      {isSignedIn && (
        <>
          <li>
            <NavLink to={paths.dashboard} className={linkClass}>
              Dashboard
            </NavLink>
          </li>
          {/* The trade buyer's fast path: order by SKU (docs/behaviour.md §5.19). */}
          <li>
            <NavLink to={paths.quickOrder} className={linkClass}>
              Quick order
            </NavLink>
          </li>
        </>
      )}
      <li>
        <NavLink to={paths.blogs} className={linkClass}>
          Blogs
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.contact} className={linkClass}>
          Contact
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.products} className={linkClass}>
          Products
        </NavLink>
      </li>
    </>
  );
}
