import { Link, useParams } from 'react-router';
import type { StockMovement, StockMovementKind } from '@shop/shared/contracts/stock';
import { formatCount } from '@shop/shared/format';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryErrorState } from '@/components/ui/error-state';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useStockMovements } from '../api/stock';

const kindLabels: Record<StockMovementKind, string> = {
  initial: 'Added',
  restock: 'Restock',
  adjustment: 'Adjustment',
  'order-reservation': 'Order',
  'cancellation-release': 'Order cancelled',
};

const signed = (delta: number) => (delta > 0 ? `+${formatCount(delta)}` : `−${formatCount(-delta)}`);
const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: Column<StockMovement>[] = [
  { header: 'When', cell: (movement) => timeOf(movement.createdAt), card: 'title' },
  { header: 'Kind', cell: (movement) => kindLabels[movement.kind] },
  { header: 'Change', cell: (movement) => signed(movement.delta) },
  { header: 'Stock after', cell: (movement) => formatCount(movement.stockAfter) },
  { header: 'Note', cell: (movement) => movement.note ?? '' },
  { header: 'By', cell: (movement) => movement.actorEmail ?? '' },
];

/** /dashboard/stock-history/:id (admin): one tool's stock ledger, newest first (docs/behaviour.md §3.11). */
export function StockHistoryPage() {
  const { id = '' } = useParams();
  const history = useStockMovements(id);
  // The tool's name and stock come with every page; the first page's are the ones shown.
  const tool = history.data?.pages[0]?.tool;
  usePageTitle(tool ? `Stock history: ${tool.toolName}` : 'Stock history');
  if (history.isPending) return <Spinner label="Loading the stock history" />;
  if (!tool) return <QueryErrorState query={history} />;
  return (
    <section aria-labelledby="stock-history-heading">
      <h2 id="stock-history-heading" className="mb-2 text-xl font-semibold">
        Stock history: {tool.toolName}
      </h2>
      <p className="mb-4">
        In stock now: <strong>{formatCount(tool.availableQuantity)}</strong>, the sum of every change in its
        history.{' '}
        <Link className="link" to={paths.manageProducts}>
          Back to Manage Products
        </Link>
      </p>
      <PagedList
        query={history}
        loadingLabel="Loading the stock history"
        empty={<p>No stock changes yet.</p>}
      >
        {(movements) => (
          <DataTable
            label="Stock changes"
            columns={columns}
            rows={movements}
            rowKey={(movement) => movement._id}
          />
        )}
      </PagedList>
    </section>
  );
}
