import { Link } from 'react-router';
import { SHIP_PRICE_DOLLARS } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { paths } from '@/config/paths';
import type { Tool } from '@/lib/domain/tool';
import { descriptionPreview } from '../lib/description-preview';

interface ToolCardProps {
  tool: Tool;
  /** The card's heading sits one level below its section's heading. */
  headingLevel?: 2 | 3;
}

/** A product card, on Products and Home (docs/behaviour.md §3.6). */
export function ToolCard({ tool, headingLevel = 3 }: ToolCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card bg-base-100 border-base-300 w-full border shadow-sm">
      <figure className="bg-base-200">
        <img
          src={tool.imageUrl}
          alt={tool.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <Heading className="card-title text-xl">{tool.name}</Heading>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">{copy.availableQuantityLabel}:</dt>
          <dd>{formatCount(tool.availableQuantity)}</dd>
          <dt className="font-semibold">Unit Price:</dt>
          <dd>{formatDollars(tool.unitPrice)}</dd>
          <dt className="font-semibold">Min-Order Quantity:</dt>
          <dd>{formatCount(tool.minOrderQuantity)}</dd>
          <dt className="font-semibold">Ship Price:</dt>
          <dd>{formatDollars(SHIP_PRICE_DOLLARS)}</dd>
        </dl>
        <p className="text-base-content">{descriptionPreview(tool.description)}</p>
        <div className="card-actions mt-auto">
          <Link to={paths.purchase(tool.id)} className="btn btn-primary w-full">
            Place Order<span className="sr-only"> for {tool.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
