const DAY_MS = 86_400_000;

/** A UTC day as 'YYYY-MM-DD'. */
export const dayKey = (date: Date): string => date.toISOString().slice(0, 10);

export interface MetricPeriodRange {
  days: number;
  /** Midnight UTC of the first day. */
  from: Date;
  /** Midnight UTC after today: the period ends before it. */
  to: Date;
}

/**
 * The last `days` whole days in UTC, today included (docs/behaviour.md §8.1): whoever opens the
 * dashboard, wherever they are, a day is the same 24 hours, and a figure never depends on the
 * server's time zone.
 */
export function metricPeriod(days: number, now: Date): MetricPeriodRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { days, from: new Date(today - (days - 1) * DAY_MS), to: new Date(today + DAY_MS) };
}

/** Each day of the period as 'YYYY-MM-DD', oldest first. */
export function daysOf({ days, from }: MetricPeriodRange): string[] {
  return Array.from({ length: days }, (_, index) => dayKey(new Date(from.getTime() + index * DAY_MS)));
}
