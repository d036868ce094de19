import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import type { Tool } from '@/lib/domain/tool';
import { UnitPrice } from '@/components/unit-price';

/** The tool being ordered (docs/behaviour.md §5.2). */
export function ToolDetails({ tool }: { tool: Tool }) {
  return (
    <article aria-labelledby="tool-name" className="card bg-base-100 border-base-300 border shadow-sm">
      <figure className="bg-base-200">
        <img
          src={tool.imageUrl}
          alt={tool.name}
          width={640}
          height={480}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </figure>
      <div className="card-body gap-4">
        <h1 id="tool-name" className="card-title text-2xl sm:text-3xl">
          {tool.name}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">SKU:</dt>
          <dd className="font-mono wrap-anywhere">{tool.sku}</dd>
          <dt className="font-semibold">Available quantity:</dt>
          <dd>{formatCount(tool.availableQuantity)}</dd>
          <dt className="font-semibold">Minimum order quantity:</dt>
          <dd>{formatCount(tool.minOrderQuantity)}</dd>
          <dt className="font-semibold">Unit price:</dt>
          <dd>
            <UnitPrice unitPrice={tool.unitPrice} listPrice={tool.listPrice} />
          </dd>
          {tool.packSize > 1 && (
            <>
              <dt className="font-semibold">Sold in packs of:</dt>
              <dd>{formatCount(tool.packSize)}</dd>
            </>
          )}
          <dt className="font-semibold">Ship price:</dt>
          <dd>{formatDollars(tool.shipPrice)} per order</dd>
        </dl>
        <p className="leading-relaxed whitespace-pre-line">{tool.description}</p>
      </div>
    </article>
  );
}
