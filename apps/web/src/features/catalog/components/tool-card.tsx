import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { PriceLadder } from '@/components/ui/price-ladder';
import { paths } from '@/config/paths';
import { imageSrcSet, type Tool } from '@/lib/domain/tool';
import { descriptionPreview } from '../lib/description-preview';
import { UnitPrice } from '@/components/unit-price';

/**
 * How wide a card's picture is drawn (the grids of Products and Home: one column on a phone,
 * two from 640 px, three from 1024 px, within 1152 px): a 390 px phone takes the 400 px copy.
 * A card is never wider than 358 px, so the 800 px copy covers even a phone's 3x screen, and
 * the 1600 px picture is never offered.
 */
const CARD_IMAGE_MAX_WIDTH = 800;
const CARD_IMAGE_SIZES =
  '(min-width: 1152px) 358px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

interface ToolCardProps {
  tool: Tool;
  /** The card's heading sits one level below its section's heading. */
  headingLevel?: 2 | 3;
}

/**
 * A product card, on Products and Home (docs/behaviour.md §3.3); its name opens the product
 * page (§3.5).
 */
export function ToolCard({ tool, headingLevel = 3 }: ToolCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card bg-base-100 border-base-300 w-full border shadow-sm">
      <figure className="bg-base-200">
        <img
          src={tool.imageUrl}
          srcSet={imageSrcSet(tool, CARD_IMAGE_MAX_WIDTH)}
          sizes={tool.images.length > 0 ? CARD_IMAGE_SIZES : undefined}
          alt={tool.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <Heading className="card-title text-xl">
          <Link to={paths.product(tool.id)} className="link link-hover">
            {tool.name}
          </Link>
        </Heading>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">SKU:</dt>
          <dd className="font-mono wrap-anywhere">{tool.sku}</dd>
          <dt className="font-semibold">{copy.availableQuantityLabel}:</dt>
          <dd>{formatCount(tool.availableQuantity)}</dd>
          <dt className="font-semibold">Unit Price:</dt>
          <dd>
            <UnitPrice unitPrice={tool.unitPrice} listPrice={tool.listPrice} />
          </dd>
          <dt className="font-semibold">Min-Order Quantity:</dt>
          <dd>{formatCount(tool.minOrderQuantity)}</dd>
          {tool.packSize > 1 && (
            <>
              <dt className="font-semibold">Pack of:</dt>
              <dd>{formatCount(tool.packSize)}</dd>
            </>
          )}
          <dt className="font-semibold">Ship Price:</dt>
          {/* Per order, whatever the quantity (docs/behaviour.md §5.4); $25 unless the tool sets its own. */}
          <dd>{formatDollars(tool.shipPrice)}</dd>
        </dl>
        <PriceLadder
          unitPrice={tool.unitPrice}
          minOrderQuantity={tool.minOrderQuantity}
          priceBreaks={tool.priceBreaks}
          caption={`Volume prices for ${tool.name}`}
        />
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
