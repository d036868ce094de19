import { useId } from 'react';
import type { ShopMetrics } from '@shop/shared/contracts/shop-metrics';
import { formatDollars } from '@shop/shared/money';
import { countOf, formatDay, niceCeiling } from './metric-format';

type Day = ShopMetrics['revenueByDay'][number];

/** Each day's slot in the drawing's own units; the bar leaves a gap on either side. */
const SLOT = 10;
const HEIGHT = 100;

/**
 * Revenue per day as bars (docs/behaviour.md §8.3), drawn as SVG by hand: a chart library would
 * weigh more than the whole page. The SVG is one image to assistive technology (its title and a
 * description with the total and the best day); the same figures follow as a table that only
 * screen readers read. Labels are HTML beside the drawing, so they keep their size while the
 * bars stretch to the width.
 */
export function RevenueChart({ days }: { days: Day[] }) {
  const id = useId();
  const highest = days.reduce((best, day) => (day.revenue > best.revenue ? day : best), days[0]!);
  const top = niceCeiling(highest.revenue);
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const daysWithSales = days.filter((day) => day.revenue > 0).length;
  const first = formatDay(days[0]!.day);
  const last = formatDay(days[days.length - 1]!.day);
  const title = `Revenue per day, ${first} to ${last}`;
  const description =
    daysWithSales === 0
      ? 'No revenue on any day.'
      : `${formatDollars(total)} in all; the best day was ${formatDay(highest.day)} with ${formatDollars(highest.revenue)}; ${countOf(daysWithSales, 'day')} of ${days.length} had sales.`;

  return (
    // A <div>, not <figure>: daisyUI lays out a card's figure as a centred row (a picture's frame).
    <div className="w-full">
      <div className="flex gap-2">
        <div
          className="flex h-48 flex-col justify-between text-right text-xs tabular-nums"
          aria-hidden="true"
        >
          <span>{formatDollars(top)}</span>
          <span>{formatDollars(top / 2)}</span>
          <span>$0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="text-primary h-48 w-full min-w-0 flex-1"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line
              key={y}
              x1={0}
              x2={days.length * SLOT}
              y1={y}
              y2={y}
              className="stroke-base-300"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => {
            const height = (day.revenue / top) * HEIGHT;
            return (
              <rect
                key={day.day}
                data-day={day.day}
                x={index * SLOT + SLOT * 0.15}
                width={SLOT * 0.7}
                y={HEIGHT - height}
                height={height}
                fill="currentColor"
              />
            );
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-10 text-xs" aria-hidden="true">
        <span>{formatDay(days[0]!.day, { withYear: false })}</span>
        <span>{formatDay(days[days.length - 1]!.day, { withYear: false })}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Paid orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{formatDollars(day.revenue)}</td>
              <td>{day.paidOrders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
