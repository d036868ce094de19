/** Money is integer cents inside the system; the API and screens speak dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$1,250" for whole dollars, "$3.50" when there are cents. */
export function formatDollars(dollars: number): string {
  const hasCents = !Number.isInteger(dollars);
  return `$${dollars.toLocaleString('en-US', {
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}
