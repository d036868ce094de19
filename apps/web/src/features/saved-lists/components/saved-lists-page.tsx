import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { QueryList } from '@/components/ui/query-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { savedListsQueryOptions } from '@/lib/queries/saved-lists';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * /dashboard/lists: the buyer's saved lists, the last changed first (docs/behaviour.md §5.20).
 * A list is saved from the cart or from an order ('Save as list'); each opens its own page.
 */
export function SavedListsPage() {
  usePageTitle('Saved lists');
  const lists = useQuery(savedListsQueryOptions());
  return (
    <section aria-labelledby="saved-lists-heading" className="flex max-w-3xl flex-col gap-4">
      <h2 id="saved-lists-heading" className="text-xl font-semibold">
        Saved lists
      </h2>
      <p>
        The tools you order again and again, kept as lists: add a whole list to your cart in one go. Save one
        with Save as list on your cart or on an order.
      </p>
      <QueryList
        query={lists}
        loadingLabel="Loading your lists"
        empty={
          <div className="flex flex-col items-start gap-3">
            <p>You have no saved lists yet.</p>
            <div className="flex flex-wrap gap-2">
              <Link to={paths.cart} className="btn btn-primary">
                Go to the cart
              </Link>
              <Link to={paths.myOrders} className="btn">
                My Orders
              </Link>
            </div>
          </div>
        }
      >
        {(items) => (
          <ul aria-label="Your saved lists" className="flex flex-col gap-3">
            {items.map((list) => (
              <li key={list.id} className="card bg-base-100 border-base-300 border">
                <div className="card-body flex-row flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
                  <h3 className="text-lg font-semibold wrap-anywhere">
                    <Link to={paths.savedList(list.id)} className="link">
                      {list.name}
                    </Link>
                  </h3>
                  <p className="text-sm">
                    {formatCount(list.lineCount)} {list.lineCount === 1 ? 'tool' : 'tools'} · changed{' '}
                    {dayOf(list.updatedAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
