const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-09' → '9 Mar 2026': the UTC day as the API names it, never shifted to a local zone. */
export function formatDay(day: string, { withYear = true } = {}): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}${withYear ? ` ${year}` : ''}`;
}

/** The last day of a period whose `to` is the midnight after it. */
export const lastDayOf = (to: string) => new Date(Date.parse(to) - 86_400_000).toISOString().slice(0, 10);

/** 0.5 → '50%', 2/3 → '66.7%'. */
export const formatShare = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** '1 order', '3 orders'. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The top of a chart's scale: the smallest of 1, 2 or 5 times a power of ten at or above the
 * highest value, so the scale's labels read as round figures.
 */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power;
}
