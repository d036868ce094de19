/**
 * A count as a buyer reads it, the same on every screen: '2,252' (docs/behaviour.md §3.6,
 * §3.17). A fixed locale, so that the product card and the admin's table never disagree.
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
