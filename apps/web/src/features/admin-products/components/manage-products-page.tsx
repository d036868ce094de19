import { useState } from 'react';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryList } from '@/components/ui/query-list';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePageTitle } from '@/components/ui/use-page-title';
import type { Tool } from '@/lib/domain/tool';
import { toastFailure } from '@/lib/failure-toast';
import { useDeleteTool } from '../api/delete-tool';
import { useManageTools } from '../api/get-tools';

/** /dashboard/manage-products (admin): every tool, newest first, each with a delete button. */
export function ManageProductsPage() {
  usePageTitle('Manage Products');
  const tools = useManageTools();
  const remove = useDeleteTool();
  const [toDelete, setToDelete] = useState<Tool | null>(null);

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
    {
      header: 'Image',
      card: 'media',
      cell: (tool) => (
        <img
          src={tool.imageUrl}
          // The name is in the next cell; repeating it here would only be heard twice.
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-12 w-12 shrink-0 rounded object-cover"
        />
      ),
    },
    { header: 'Name', cell: (tool) => tool.name, card: 'title' },
    { header: 'Quantity', cell: (tool) => formatCount(tool.availableQuantity) },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (tool) => (
        <button
          type="button"
          className="btn btn-error btn-sm"
          aria-label={`Delete ${tool.name}`}
          onClick={() => setToDelete(tool)}
        >
          Delete
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="manage-products-heading">
      <h2 id="manage-products-heading" className="mb-4 text-xl font-semibold">
        Manage Products
      </h2>
      <QueryList query={tools} loadingLabel="Loading products" empty={<p>No products yet.</p>}>
        {(items) => <DataTable label="Products" columns={columns} rows={items} rowKey={(tool) => tool.id} />}
      </QueryList>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? copy.deleteToolQuestion(toDelete.name) : ''}
        cancelLabel="Close Action"
        confirmLabel="Delete Tools"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
