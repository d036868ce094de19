import type { RouteResponse } from '@shop/shared/api/routes';
import { DEFAULT_LOW_STOCK_ORDERS } from '@shop/shared/constants';

/** A tool as the API sends it (docs/behaviour.md §3.1). */
export type ToolWire = RouteResponse<'GET /tool/:id'>;

/**
 * A tool as the web app reads it. Each field takes its type from the wire field it is mapped
 * from, so a change of the shared response schema shows up here as a type error.
 */
export interface Tool {
  id: ToolWire['_id'];
  name: ToolWire['name'];
  /** The part number trade buyers order by; always text ('007' is not 7). */
  sku: ToolWire['sku'];
  imageUrl: ToolWire['img'];
  /** The widths the shop holds of the picture, narrowest first (docs/decisions/0024). */
  images: ToolWire['images'];
  availableQuantity: ToolWire['availableQuantity'];
  minOrderQuantity: ToolWire['orderQuantity'];
  /** In dollars. */
  unitPrice: ToolWire['perPartsPrice'];
  description: ToolWire['description'];
  category: ToolWire['category'];
  createdAt: ToolWire['createdAt'];
  /** The owner's own low-stock line, or null for the default (lowStockLineOf). */
  lowStockThreshold: ToolWire['lowStockThreshold'];
  /** Trade pricing (docs/behaviour.md §3.7): sold in packs of this many. */
  packSize: ToolWire['packSize'];
  maxOrderQuantity: ToolWire['maxOrderQuantity'];
  /** In dollars, once per order. */
  shipPrice: ToolWire['shipPrice'];
  /** Rungs by increasing quantity, unit prices in dollars. */
  priceBreaks: ToolWire['priceBreaks'];
  /**
   * The list unit price when unitPrice and priceBreaks are the caller's company's contract
   * (docs/behaviour.md §3.15); null otherwise.
   */
  listPrice: number | null;
}

export function toTool(wire: ToolWire): Tool {
  return {
    id: wire._id,
    name: wire.name,
    sku: wire.sku,
    imageUrl: wire.img,
    images: wire.images,
    availableQuantity: wire.availableQuantity,
    minOrderQuantity: wire.orderQuantity,
    unitPrice: wire.perPartsPrice,
    listPrice: wire.listPrice ?? null,
    description: wire.description,
    category: wire.category,
    createdAt: wire.createdAt,
    lowStockThreshold: wire.lowStockThreshold,
    packSize: wire.packSize,
    maxOrderQuantity: wire.maxOrderQuantity,
    shipPrice: wire.shipPrice,
    priceBreaks: wire.priceBreaks,
  };
}

/** How the admin screens name a tool with no category (docs/behaviour.md §3.2). */
export const UNCATEGORISED = 'Uncategorised';

/** The default low-stock line: stock for two minimum orders (docs/behaviour.md §3.13). */
export { DEFAULT_LOW_STOCK_ORDERS };

/** At or under this stock a tool is low (docs/behaviour.md §3.13). */
export const lowStockLineOf = (tool: Pick<Tool, 'lowStockThreshold' | 'minOrderQuantity'>): number =>
  tool.lowStockThreshold ?? DEFAULT_LOW_STOCK_ORDERS * tool.minOrderQuantity;

export const isLowStock = (
  tool: Pick<Tool, 'availableQuantity' | 'lowStockThreshold' | 'minOrderQuantity'>,
) => tool.availableQuantity <= lowStockLineOf(tool);
/**
 * The picture's `srcset` (docs/behaviour.md §3.6): each stored width up to `maxWidth` as a
 * candidate, so that a phone fetches a narrow copy; undefined when the shop holds no widths
 * (the `src` alone). The narrowest width is always offered.
 */
export function imageSrcSet(tool: Pick<Tool, 'images'>, maxWidth = Infinity): string | undefined {
  const offered = tool.images.filter(({ width }, index) => index === 0 || width <= maxWidth);
  return offered.length > 0 ? offered.map(({ url, width }) => `${url} ${width}w`).join(', ') : undefined;
}
