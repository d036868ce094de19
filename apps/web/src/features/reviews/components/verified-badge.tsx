/**
 * 'Verified buyer': the server found a paid order by the author (docs/behaviour.md §18.2). The
 * words are inline rather than from review-copy.ts, so the home page's bundle gains only them.
 */
export function VerifiedBadge() {
  return <span className="badge badge-success badge-sm">Verified buyer</span>;
}
