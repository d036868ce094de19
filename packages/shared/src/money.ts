/** Money is integer cents inside the system; the API and screens speak dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatDollars(dollars: number): string {
  return `$${dollars.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
