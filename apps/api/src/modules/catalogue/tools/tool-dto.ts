import { eq, getTableColumns, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import type { Tool } from '@shop/shared/contracts/tools';
import type { PriceBreakWire } from '@shop/shared/contracts/trade-pricing';
import type { PriceBreak } from '@shop/shared/pricing';
import type { DbExecutor } from '../../../db/client';
import { imageWidthsOf, type StoredWidths } from '../uploads/image-widths';
import { UPLOADS_PATH } from '../uploads/upload-keys';
import { uploads } from '../uploads/uploads.table';
import { tools } from './tools.table';

/** The columns a tool is read with: all but the search document, which only searches use. */
const { searchVector: _searchDocument, ...readColumns } = getTableColumns(tools);
const toolColumns = readColumns;

type ToolRow = Omit<typeof tools.$inferSelect, 'searchVector'>;

/** A tool and, when its picture is one of our uploads, the widths it is stored in (docs/decisions/0024). */
export const toolSelection = {
  tool: toolColumns,
  picture: { width: uploads.width, copyWidths: uploads.copyWidths },
};

/** Joins a tool to its picture's upload record, for toolSelection's `picture`. */
export const pictureOfTool = eq(tools.imageUrl, sql`${UPLOADS_PATH} || ${uploads.key}`);

/** Every read of tools for the API starts here; callers add their where, order and limit. */
export function selectTools(db: DbExecutor) {
  return db.select(toolSelection).from(tools).leftJoin(uploads, pictureOfTool).$dynamic();
}

/** A row as the API shows it: prices in dollars, the spec's field names. */
export function toToolDto({ tool: row, picture }: { tool: ToolRow; picture: StoredWidths | null }): Tool {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    img: row.imageUrl,
    images: imageWidthsOf(row.imageUrl, picture),
    availableQuantity: row.availableQuantity,
    orderQuantity: row.minOrderQuantity,
    perPartsPrice: centsToDollars(row.unitPriceCents),
    description: row.description,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    lowStockThreshold: row.lowStockThreshold,
    packSize: row.packSize,
    maxOrderQuantity: row.maxOrderQuantity,
    shipPrice: centsToDollars(row.shipPriceCents),
    priceBreaks: priceBreaksInDollars(row.priceBreaks),
  };
}

/** A stored ladder (cents) as the wire carries it (dollars, like the unit price). */
export const priceBreaksInDollars = (rungs: readonly PriceBreak[]): PriceBreakWire[] =>
  rungs.map((rung) => ({ fromQuantity: rung.fromQuantity, unitPrice: centsToDollars(rung.unitPriceCents) }));

/** A ladder from a request (dollars) as it is stored (cents). */
export const priceBreaksInCents = (rungs: readonly PriceBreakWire[]): PriceBreak[] =>
  rungs.map((rung) => ({ fromQuantity: rung.fromQuantity, unitPriceCents: dollarsToCents(rung.unitPrice) }));
