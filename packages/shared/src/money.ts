import { groupDigits } from './format';

/** Money is integer cents inside the system; the API and screens speak dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$1,250" for whole dollars, "$3.50" when there are cents. */
export function formatDollars(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = groupDigits(String(Math.floor(cents / 100)));
  const fraction = Number.isInteger(dollars) ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  // The same text toLocaleString('en-US') gave, sign included ('$-3.50'), without Intl
  // (format.ts says why).
  return `$${dollars < 0 ? '-' : ''}${whole}${fraction}`;
}

/** A unit price always shows its cents: '$8.10', '$1,250.00' (docs/behaviour.md §3.7). */
export function formatUnitPrice(cents: number): string {
  const whole = groupDigits(String(Math.floor(Math.abs(cents) / 100)));
  return `$${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}
