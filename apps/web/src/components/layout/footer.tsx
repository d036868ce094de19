import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Company address, link lists, an about text and the copyright line (docs/behaviour.md §2.5). */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer sm:footer-horizontal mx-auto max-w-6xl p-10">
        <aside className="max-w-xs">
          <p className="text-lg font-bold">Brushworks</p>
          <p>
            We have made brushes, rollers and finishing tools for decorators, schools and workshops since
            1998, and we sell them straight from our own floor.
          </p>
          <address className="not-italic">
            14 Bristle Lane, Millbrook Industrial Park
            <br />
            Sheffield S9 2RT, United Kingdom
          </address>
        </aside>
        <nav aria-label="Shop">
          <h2 className="footer-title">Shop</h2>
          <Link className="link link-hover" to={paths.products}>
            All painting tools
          </Link>
          <Link className="link link-hover" to={paths.myOrders}>
            My orders
          </Link>
          <Link className="link link-hover" to={paths.myReviews}>
            Leave a review
          </Link>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link className="link link-hover" to={paths.blogs}>
            Blogs
          </Link>
          <Link className="link link-hover" to={paths.contact}>
            Contact
          </Link>
          <a className="link link-hover" href="/api/docs">
            API for partners
          </a>
        </nav>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm">
        Copyright © {new Date().getFullYear()} Brushworks Ltd. All rights reserved.
      </p>
    </footer>
  );
}
