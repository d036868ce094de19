import { useState } from 'react';
import type { Company, ContractPrice } from '@shop/shared/contracts/companies';
import { formatContractPrice } from '@/lib/domain/company';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { toastFailure } from '@/lib/failure-toast';
import { useContractPrices, useDeleteContractPrice } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { summarisePriceBreaks } from '@/lib/domain/company';
import { ContractPriceForm } from './contract-price-form';

/**
 * An approved company's contract prices (docs/behaviour.md §3.15): what its members pay instead
 * of the list price, tool by tool; ending one brings the list price back. Orders placed keep theirs.
 */
export function ContractPricesSection({ company }: { company: Company }) {
  const prices = useContractPrices(company.id);
  const end = useDeleteContractPrice(company.id);
  const [ending, setEnding] = useState<ContractPrice | null>(null);

  const onEnd = async (price: ContractPrice) => {
    try {
      await end.mutateAsync(price.toolId);
      toast.success(`Contract price ended for ${price.toolName}`);
    } catch (error) {
      toastFailure(error);
    } finally {
      setEnding(null);
    }
  };

  const columns: Column<ContractPrice>[] = [
    { header: 'SKU', className: 'font-mono', cell: (price) => price.sku },
    { header: 'Tool', card: 'title', cell: (price) => <span className="break-words">{price.toolName}</span> },
    { header: 'List price', cell: (price) => formatContractPrice(price.listPrice) },
    { header: 'Contract price', cell: (price) => formatContractPrice(price.unitPrice) },
    { header: 'Price breaks', cell: (price) => summarisePriceBreaks(price.priceBreaks) },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (price) => (
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-label={`Remove contract price for ${price.toolName}`}
          onClick={() => setEnding(price)}
        >
          Remove
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="contract-prices-heading" className="mt-8">
      <h3 id="contract-prices-heading" className="mb-2 text-lg font-semibold">
        Contract prices
      </h3>
      <p className="mb-4 text-sm">
        {company.name}&apos;s members pay these instead of the list price, wherever a price shows. Other tools
        are at list price.
      </p>
      <QueryList
        query={prices}
        loadingLabel="Loading contract prices"
        empty={<p>No contract prices yet: the members pay list prices.</p>}
      >
        {(items) => (
          <DataTable
            label={`Contract prices of ${company.name}`}
            columns={columns}
            rows={items}
            rowKey={(price) => price.toolId}
          />
        )}
      </QueryList>
      <ContractPriceForm company={company} prices={prices.data ?? []} />
      <ConfirmDialog
        open={ending !== null}
        title={ending ? `End the contract price for ${ending.toolName}?` : ''}
        cancelLabel="Keep it"
        confirmLabel="End contract price"
        isBusy={end.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && void onEnd(ending)}
      >
        {ending && (
          <p className="py-2">
            {company.name}&apos;s members pay the list price, {formatContractPrice(ending.listPrice)}, again.
            Orders already placed keep their prices.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
