import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_METRIC_PERIOD,
  METRIC_PERIODS,
  type MetricPeriod,
  type ShopMetrics,
} from '@shop/shared/contracts/shop-metrics';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useShopMetrics } from '../api/get-shop-metrics';
import { FailedMailNotice } from './failed-mail-notice';
import { countOf, formatDay, formatShare, lastDayOf } from './metric-format';
import { RevenueChart } from './revenue-chart';

const stateLabels: Record<ShopMetrics['ordersByState'][number]['state'], string> = {
  unpaid: 'Unpaid',
  paid: 'Paid, to ship',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunding: 'Refund pending',
  refunded: 'Refunded',
};

const periodOptions = METRIC_PERIODS.map((period) => ({ value: period, label: `${period} days` }));

/** The period in the address (?days=30), so a reload or a shared link keeps it. */
function usePeriod(): [MetricPeriod, (days: MetricPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = METRIC_PERIODS.find((period) => period === asked) ?? DEFAULT_METRIC_PERIOD;
  return [days, (next) => setParams(next === DEFAULT_METRIC_PERIOD ? {} : { days: String(next) })];
}

/**
 * /dashboard for an admin: the shop's figures for the last 7, 30 or 90 whole UTC days
 * (docs/behaviour.md §8.3).
 */
export function AdminDashboard() {
  usePageTitle('Dashboard');
  const [days, setDays] = usePeriod();
  const metrics = useShopMetrics(days);

  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="overview-heading" className="text-xl font-semibold">
          Shop overview
        </h2>
        <ToggleGroup label="Period" options={periodOptions} value={days} onChange={setDays} />
      </div>
      <FailedMailNotice />
      {metrics.isPending ? (
        <Spinner label="Loading the figures" />
      ) : metrics.isError ? (
        <QueryErrorState query={metrics} />
      ) : (
        <Figures metrics={metrics.data} />
      )}
    </section>
  );
}

function Figures({ metrics }: { metrics: ShopMetrics }) {
  const { period, sales, waitingUnpaid } = metrics;
  return (
    <>
      <p className="text-sm" aria-live="polite">
        {formatDay(period.from.slice(0, 10))} to {formatDay(lastDayOf(period.to))}: {period.days} whole days
        in UTC (midnight to midnight), today so far included.
      </p>
      <dl className="stats stats-vertical sm:stats-horizontal bg-base-100 w-full shadow">
        <Figure label="Revenue" value={formatDollars(sales.revenue)}>
          {countOf(sales.paidOrders, 'paid order')}
        </Figure>
        <Figure
          label="Average order"
          value={sales.averageOrderValue === null ? '—' : formatDollars(sales.averageOrderValue)}
        >
          per paid order
        </Figure>
        <Figure label="Waiting unpaid" value={formatDollars(waitingUnpaid.value)}>
          {countOf(waitingUnpaid.orders, 'unpaid order')}
        </Figure>
        <Figure
          label="Above the minimum"
          value={sales.aboveMinimumShare === null ? '—' : formatShare(sales.aboveMinimumShare)}
        >
          {sales.aboveMinimum} of {countOf(sales.paidOrders, 'paid order')}
        </Figure>
      </dl>
      <Panel title="Revenue per day">
        <RevenueChart days={metrics.revenueByDay} />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Orders placed in the period">
          <dl className="grid grid-cols-3 gap-2 text-center">
            {metrics.ordersByState.map(({ state, count }) => (
              <div key={state} className="bg-base-200 rounded-box p-3">
                <dt className="text-sm">{stateLabels[state]}</dt>
                <dd className="text-2xl font-semibold">{formatCount(count)}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Best sellers">
          {metrics.topTools.length === 0 ? (
            <p>No tool was sold in this period.</p>
          ) : (
            <SimpleTable
              label="Best sellers"
              headers={['Tool', 'Units sold']}
              rows={metrics.topTools.map((tool) => [tool.toolName, formatCount(tool.units)])}
            />
          )}
        </Panel>
      </div>
      <LowStock lowStock={metrics.lowStock} />
    </>
  );
}

function LowStock({ lowStock }: { lowStock: ShopMetrics['lowStock'] }) {
  return (
    <Panel title="Low stock now">
      {lowStock.count === 0 ? (
        <p>Every tool is above its low-stock line.</p>
      ) : (
        <>
          <p className="mb-2">
            {countOf(lowStock.count, 'tool')} at or under the low-stock line, {lowStock.outOfStock} out of
            stock.
            {lowStock.count > lowStock.tools.length && ` The ${lowStock.tools.length} emptiest:`}
          </p>
          <SimpleTable
            label="Low stock"
            headers={['Tool', 'In stock', 'Low-stock line']}
            rows={lowStock.tools.map((tool) => [
              tool.name,
              formatCount(tool.availableQuantity),
              formatCount(tool.lowStockLine),
            ])}
          />
          <Link to={paths.manageProducts} className="link mt-2 inline-block">
            Restock on Manage Products
          </Link>
        </>
      )}
    </Panel>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <div className="stat">
      <dt className="stat-title text-base-content">{label}</dt>
      <dd className="stat-value text-2xl sm:text-3xl">{value}</dd>
      <dd className="stat-desc text-base-content">{children}</dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 shadow" aria-label={title}>
      <div className="card-body">
        <h3 className="card-title text-lg">{title}</h3>
        {children}
      </div>
    </section>
  );
}

function SimpleTable({ label, headers, rows }: { label: string; headers: string[]; rows: string[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="table-sm table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={index > 0 ? 'text-right' : ''}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...values], index) => (
            <tr key={`${index}-${name}`}>
              <th scope="row" className="font-normal">
                {name}
              </th>
              {values.map((value, column) => (
                <td key={column} className="text-right tabular-nums">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
