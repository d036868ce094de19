/**
 * Days as the shop keeps them: YYYY-MM-DD in UTC (an invoice's due date, a quote's or a
 * certificate's last day), so that every instance, and the database, agree on what today is.
 */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
