import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSearch, useListSearch } from '@/components/ui/list-search';
import { PagedList } from '@/components/ui/paged-list';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { toolCategoryLabels } from '@shop/shared/categories';
import { isLowStock, UNCATEGORISED, type Tool } from '@/lib/domain/tool';
import { toastFailure } from '@/lib/failure-toast';
import { useDeleteTool } from '../api/delete-tool';
import { useManageTools } from '../api/get-tools';
import { StockDialog } from './stock-dialog';
import { toolIdentityColumns } from './tool-columns';

/**
 * /dashboard/manage-products (admin): every tool, newest first, each with a delete button; around
 * the spec's columns, a low-stock badge and Edit, Restock and History (docs/behaviour.md §3.13).
 */
export function ManageProductsPage() {
  usePageTitle('Manage Products');
  const q = useListSearch();
  const tools = useManageTools(q);
  const remove = useDeleteTool();
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  const [toRestock, setToRestock] = useState<Tool | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id: toolId, name } = toDelete;
    remove.mutate(toolId, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount) toast.success(copy.deletedSuccessfully(name));
        setToDelete(null);
      },
      onError: (error) => toastFailure(error),
    });
  };

  const columns: Column<Tool>[] = [
    ...toolIdentityColumns(),
    {
      header: 'Quantity',
      cell: (tool) => (
        <span className="flex flex-wrap items-center gap-2">
          {formatCount(tool.availableQuantity)}
          {isLowStock(tool) && <span className="badge badge-warning badge-sm">Low stock</span>}
        </span>
      ),
    },
    {
      header: 'Category',
      cell: (tool) =>
        tool.category ? (
          toolCategoryLabels[tool.category]
        ) : (
          // Added without one, as a client written to the spec adds tools (docs/behaviour.md §3.2).
          <span className="flex flex-wrap items-center gap-2">
            <span className="badge badge-warning badge-sm">{UNCATEGORISED}</span>
            <Link
              className="link"
              to={paths.editProduct(tool.id)}
              aria-label={`Choose a category for ${tool.name}`}
            >
              Choose a category
            </Link>
          </span>
        ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (tool) => (
        <span className="flex flex-wrap gap-2">
          <Link className="btn btn-sm" to={paths.editProduct(tool.id)} aria-label={`Edit ${tool.name}`}>
            Edit
          </Link>
          <button
            type="button"
            className="btn btn-sm"
            aria-label={`Restock ${tool.name}`}
            onClick={() => setToRestock(tool)}
          >
            Restock
          </button>
          <Link
            className="btn btn-sm"
            to={paths.stockHistory(tool.id)}
            aria-label={`Stock history of ${tool.name}`}
          >
            History
          </Link>
          <button
            type="button"
            className="btn btn-error btn-sm"
            aria-label={`Delete ${tool.name}`}
            onClick={() => setToDelete(tool)}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="manage-products-heading">
      <h2 id="manage-products-heading" className="mb-4 text-xl font-semibold">
        Manage Products
      </h2>
      <p className="mb-4">
        <Link className="link" to={paths.archivedProducts}>
          Archived products
        </Link>
      </p>
      <ListSearch id="products-search" label="Search products" />
      <PagedList
        query={tools}
        loadingLabel="Loading products"
        empty={<p>{q ? 'No products match this search.' : 'No products yet.'}</p>}
      >
        {(items) => <DataTable label="Products" columns={columns} rows={items} rowKey={(tool) => tool.id} />}
      </PagedList>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? copy.deleteToolQuestion(toDelete.name) : ''}
        cancelLabel="Close Action"
        confirmLabel="Delete Tools"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <StockDialog tool={toRestock} onClose={() => setToRestock(null)} />
    </section>
  );
}
