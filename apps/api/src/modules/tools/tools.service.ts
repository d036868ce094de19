import { eq } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import type { CreateToolBody, Tool } from '@shop/shared/contracts/tools';
import type { Database, DbExecutor } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { detachOrdersFromTool } from '../orders/order-transitions';
import { linkUploadToTool } from '../uploads/link-upload';
import { tools } from './tools.table';

type ToolRow = typeof tools.$inferSelect;

function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.imageUrl,
    availableQuantity: row.availableQuantity,
    orderQuantity: row.minOrderQuantity,
    perPartsPrice: centsToDollars(row.unitPriceCents),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Oldest first: home takes the first three, admin reverses the list (docs/behaviour.md §7.3). */
export async function listTools(db: Database): Promise<Tool[]> {
  const rows = await db.select().from(tools).orderBy(tools.createdAt, tools.id);
  return rows.map(toToolDto);
}

/** Adds a tool; its picture, when it is one of our uploads, is kept from then on. */
export async function createTool(db: Database, input: CreateToolBody): Promise<string> {
  return db.transaction((tx) => insertTool(tx, input));
}

/**
 * The tool's row and its picture's link, inside the caller's transaction. `createdAt` is for
 * the demo catalogue, which places its tools in the past.
 */
export async function insertTool(
  tx: DbExecutor,
  input: CreateToolBody,
  { createdAt }: { createdAt?: Date } = {},
): Promise<string> {
  const [row] = await tx
    .insert(tools)
    .values({
      name: input.name,
      imageUrl: input.img,
      availableQuantity: input.availableQuantity,
      minOrderQuantity: input.orderQuantity,
      unitPriceCents: dollarsToCents(input.perPartsPrice),
      description: input.description,
      createdAt,
    })
    .returning({ id: tools.id });
  await linkUploadToTool(tx, input.img, row!.id);
  return row!.id;
}

/**
 * Orders naming the tool keep their own copy of its name and price (order-transitions.ts). The
 * tool's picture loses its link (uploads.table.ts) and goes at the next sweep of unused uploads.
 */
export async function deleteTool(db: Database, id: string): Promise<number> {
  if (!isUuid(id)) return 0;
  return db.transaction(async (tx) => {
    await detachOrdersFromTool(tx, id);
    const deleted = await tx.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id });
    return deleted.length;
  });
}

export async function hasAnyTool(db: Database): Promise<boolean> {
  const rows = await db.select({ id: tools.id }).from(tools).limit(1);
  return rows.length > 0;
}
