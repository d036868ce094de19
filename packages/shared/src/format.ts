/**
 * '2252' → '2,252': the en-US grouping, written out rather than asked of Intl. The first Intl call
 * of a page loads ICU's locale data, which cost about 90 ms of the main thread while hydrating the
 * home page (measured in Chromium; README: Performance); the format tests check it agrees with
 * `toLocaleString('en-US')`.
 */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A count as a buyer reads it, the same on every screen: '2,252' (docs/behaviour.md §3.3,
 * §3.9). A fixed locale, so that the product card and the admin's table never disagree.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  return (count < 0 ? '-' : '') + groupDigits(String(Math.abs(count)));
}
