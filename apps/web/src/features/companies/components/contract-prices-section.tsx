import type { ContractPrice } from '@shop/shared/contracts/companies';
import { formatContractPrice, summarisePriceBreaks } from '@/lib/domain/company';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { useContractPrices } from '@/lib/queries/companies';

const columns: Column<ContractPrice>[] = [
  { header: 'Tool', cell: (price) => price.toolName, card: 'title' },
  { header: 'SKU', cell: (price) => price.sku, className: 'font-mono' },
  { header: 'List price', cell: (price) => formatContractPrice(price.listPrice) },
  { header: 'Your price', cell: (price) => formatContractPrice(price.unitPrice) },
  { header: 'Price breaks', cell: (price) => summarisePriceBreaks(price.priceBreaks) },
];

/** The prices agreed with the company (docs/behaviour.md §3.15): what its members see and pay. */
export function ContractPricesSection({ companyId }: { companyId: string }) {
  const prices = useContractPrices(companyId);
  return (
    <section aria-labelledby="contract-prices-heading" className="flex flex-col gap-3">
      <h3 id="contract-prices-heading" className="text-lg font-semibold">
        Contract prices
      </h3>
      <QueryList
        query={prices}
        loadingLabel="Loading your contract prices"
        empty={<p>No contract prices yet: you pay list prices.</p>}
      >
        {(items) => (
          <DataTable
            label="Contract prices"
            columns={columns}
            rows={items}
            rowKey={(price) => price.toolId}
          />
        )}
      </QueryList>
    </section>
  );
}
