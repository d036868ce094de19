import { Link } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import type { Tool } from '@/lib/domain/tool';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useArchivedTools, useRestoreTool } from '../api/archived-tools';
import { toolIdentityColumns } from './tool-columns';

type ArchivedTool = Tool & { archivedAt: string };

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * /dashboard/archived-products (admin), docs/behaviour.md §3.12: tools deleted while orders named
 * them. They are out of the shop; Restore puts one back with its stock.
 */
export function ArchivedProductsPage() {
  usePageTitle('Archived Products');
  const tools = useArchivedTools();
  const restore = useRestoreTool();

  const restoreTool = (tool: ArchivedTool) =>
    restore.mutate(tool.id, {
      onSuccess: () => toast.success(`${tool.name} is back in the shop`),
      onError: (error) => toastFailure(error),
    });

  const columns: Column<ArchivedTool>[] = [
    ...toolIdentityColumns(),
    { header: 'Quantity', cell: (tool) => formatCount(tool.availableQuantity) },
    { header: 'Archived', cell: (tool) => dateOf(tool.archivedAt) },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (tool) => (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={`Restore ${tool.name}`}
          disabled={restore.isPending}
          onClick={() => restoreTool(tool)}
        >
          Restore
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="archived-products-heading">
      <h2 id="archived-products-heading" className="mb-2 text-xl font-semibold">
        Archived Products
      </h2>
      <p className="mb-4">
        Deleted tools that orders name stay here, out of the shop, so that their orders keep them.{' '}
        <Link className="link" to={paths.manageProducts}>
          Back to Manage Products
        </Link>
      </p>
      <QueryList query={tools} loadingLabel="Loading archived products" empty={<p>No archived products.</p>}>
        {(items) => (
          <DataTable label="Archived products" columns={columns} rows={items} rowKey={(tool) => tool.id} />
        )}
      </QueryList>
    </section>
  );
}
