import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AddToCart } from '@/components/add-to-cart';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { QueryErrorState } from '@/components/ui/error-state';
import { PriceLadder } from '@/components/ui/price-ladder';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { imageSrcSet, type Tool } from '@/lib/domain/tool';
import { useProduct } from '@/lib/queries/get-tool';
import { UnitPrice } from '@/components/unit-price';

/**
 * The picture fills half of the page from 768 px (within 1152 px), the whole width below. A
 * phone is offered the 400 and 800 px widths only, so that even a 3x screen never fetches the
 * 1600 px picture (docs/behaviour.md §3.6); larger screens get all three.
 */
const PHONE_MEDIA = '(max-width: 767px)';
const PHONE_IMAGE_MAX_WIDTH = 800;
const PHONE_IMAGE_SIZES = 'calc(100vw - 32px)';
const PRODUCT_IMAGE_SIZES =
  '(min-width: 1152px) 544px, (min-width: 768px) calc((100vw - 64px) / 2), calc(100vw - 32px)';

/**
 * /tools/{id}: one tool for everyone, signed in or not (docs/behaviour.md §3.5). A tool that
 * does not exist shows `notFound` (the server answers that page with 404).
 */
export function ProductPage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.isPending) return <Spinner label="Loading the tool" />;
  if (product.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <QueryErrorState query={product} />
      </div>
    );
  }
  return product.data ? <ProductDetails tool={product.data} /> : notFound;
}

function ProductDetails({ tool }: { tool: Tool }) {
  usePageTitle(tool.name);
  return (
    <article
      aria-labelledby="product-name"
      className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-10 md:grid-cols-2"
    >
      <figure className="bg-base-200 overflow-hidden rounded-box">
        {/* The page's largest picture: fetched at once, with priority. */}
        <picture>
          {tool.images.length > 0 && (
            <source
              media={PHONE_MEDIA}
              srcSet={imageSrcSet(tool, PHONE_IMAGE_MAX_WIDTH)}
              sizes={PHONE_IMAGE_SIZES}
            />
          )}
          <img
            src={tool.imageUrl}
            srcSet={imageSrcSet(tool)}
            sizes={tool.images.length > 0 ? PRODUCT_IMAGE_SIZES : undefined}
            alt={tool.name}
            width={800}
            height={600}
            fetchPriority="high"
            decoding="async"
            className="aspect-[4/3] w-full object-cover"
          />
        </picture>
      </figure>
      <div className="flex flex-col gap-5">
        <h1 id="product-name" className="text-3xl font-bold sm:text-4xl">
          {tool.name}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-lg">
          <dt className="font-semibold">SKU:</dt>
          <dd className="font-mono wrap-anywhere">{tool.sku}</dd>
          <dt className="font-semibold">{copy.availableQuantityLabel}:</dt>
          <dd>{formatCount(tool.availableQuantity)}</dd>
          <dt className="font-semibold">Unit Price:</dt>
          <dd>
            <UnitPrice unitPrice={tool.unitPrice} listPrice={tool.listPrice} />
            {/* A trade member's price (§3.15): tax comes on top at checkout (§5.22). Here, not in
                UnitPrice: home's cards draw that, and home's JavaScript is at its budget. */}
            {tool.listPrice !== null && ' excl. tax'}
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
          {/* Per order, whatever the quantity (docs/behaviour.md §5.4): the tool's own, $25 unless it sets one. */}
          <dd>{formatDollars(tool.shipPrice)}</dd>
        </dl>
        <PriceLadder
          unitPrice={tool.unitPrice}
          minOrderQuantity={tool.minOrderQuantity}
          priceBreaks={tool.priceBreaks}
          caption={`Volume prices for ${tool.name}`}
        />
        <p className="leading-relaxed whitespace-pre-line">{tool.description}</p>
        <div className="card bg-base-200">
          <div className="card-body">
            <AddToCart tool={tool} />
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.purchase(tool.id)} className="btn btn-primary btn-lg">
            Place Order<span className="sr-only"> for {tool.name}</span>
          </Link>
          <Link to={paths.products} className="btn btn-ghost btn-lg">
            All painting tools
          </Link>
        </div>
        {/*
          Reviews name no tool today (docs/behaviour.md §7.1): the page shows a tool's reviews
          once a review can name its tool, and no section until then.
        */}
      </div>
    </article>
  );
}
