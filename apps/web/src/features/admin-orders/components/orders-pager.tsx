import { Link, useSearchParams } from 'react-router';

/** The address of the same view at another cursor (none: the first page). */
function viewAt(current: URLSearchParams, cursor: string | null): string {
  const next = new URLSearchParams(current);
  if (cursor) next.set('cursor', cursor);
  else next.delete('cursor');
  const search = next.toString();
  return search ? `?${search}` : '?';
}

/**
 * Pages of Total Orders by keyset cursor, kept in the URL (docs/behaviour.md §5.15): 'Next page'
 * while more follow, 'First page' once past it; Back returns to the page before.
 */
export function OrdersPager({ nextCursor }: { nextCursor: string | null }) {
  const [searchParams] = useSearchParams();
  const isFirstPage = !searchParams.get('cursor');
  if (isFirstPage && !nextCursor) return null;
  return (
    <nav aria-label="Pages of orders" className="mt-6 flex justify-center gap-3">
      {!isFirstPage && (
        <Link to={viewAt(searchParams, null)} className="btn btn-outline btn-sm">
          First page
        </Link>
      )}
      {nextCursor && (
        <Link to={viewAt(searchParams, nextCursor)} className="btn btn-outline btn-sm">
          Next page
        </Link>
      )}
    </nav>
  );
}
