import { and } from 'drizzle-orm';
import { dollarsToCents } from '@shop/shared/money';
import type { CreateToolBody, Tool } from '@shop/shared/contracts/tools';
import type { TellChanged } from '../../../lib/change-topics';
import type { Database, DbExecutor } from '../../../db/client';
import { recordAudit, type AuditActor } from '../../audit';
import { recordMovement } from '../stock/stock.service';
import { linkUploadToTool } from '../uploads/link-upload';
import { listedTools } from './search-tools';
import { priceBreaksInCents, selectTools, toToolDto } from './tool-dto';
import { rethrowSkuInUse } from './tool-sku';
import { tools } from './tools.table';

/** Oldest first: home takes the first three, admin reverses the list (docs/behaviour.md §9.7). */
export async function listTools(db: Database): Promise<Tool[]> {
  const rows = await selectTools(db)
    .where(and(...listedTools()))
    .orderBy(tools.createdAt, tools.id);
  return rows.map(toToolDto);
}

/** Adds a tool; its picture, when it is one of our uploads, is kept from then on. */
export async function createTool(
  db: Database,
  input: CreateToolBody,
  actor: AuditActor,
  tellChanged: TellChanged,
): Promise<string> {
  const created = await db.transaction(async (tx) => {
    const { id, sku } = await insertTool(tx, input, { actorUserId: actor.id });
    const after = {
      name: input.name,
      sku,
      availableQuantity: input.availableQuantity,
      orderQuantity: input.orderQuantity,
      perPartsPrice: input.perPartsPrice,
      category: input.category ?? null,
      img: input.img,
    };
    await recordAudit(tx, {
      actor,
      kind: 'tool.create',
      target: { type: 'tool', id, label: input.name },
      after,
    });
    return id;
  });
  tellChanged('tools');
  return created;
}

/**
 * The tool's row, its opening stock in the ledger and its picture's link, inside the caller's
 * transaction. `createdAt` is for the demo catalogue, which places its tools in the past.
 * Without a SKU the tool gets the database's default (tools.table.ts).
 */
export async function insertTool(
  tx: DbExecutor,
  input: CreateToolBody,
  { createdAt, actorUserId = null }: { createdAt?: Date; actorUserId?: string | null } = {},
): Promise<{ id: string; sku: string }> {
  const [row] = await tx
    .insert(tools)
    .values({
      sku: input.sku,
      name: input.name,
      imageUrl: input.img,
      availableQuantity: input.availableQuantity,
      minOrderQuantity: input.orderQuantity,
      unitPriceCents: dollarsToCents(input.perPartsPrice),
      description: input.description,
      category: input.category ?? null,
      ...tradeColumns(input),
      createdAt,
    })
    .returning({ id: tools.id, sku: tools.sku })
    .catch(rethrowSkuInUse);
  await recordMovement(tx, {
    toolId: row!.id,
    delta: input.availableQuantity,
    stockAfter: input.availableQuantity,
    kind: 'initial',
    actorUserId,
  });
  await linkUploadToTool(tx, input.img, row!.id);
  return row!;
}

/** The trade-pricing columns of a tool from its request's dollars (docs/behaviour.md §3.7). */
function tradeColumns(input: CreateToolBody) {
  return {
    packSize: input.packSize,
    maxOrderQuantity: input.maxOrderQuantity,
    shipPriceCents: dollarsToCents(input.shipPrice),
    priceBreaks: priceBreaksInCents(input.priceBreaks),
  };
}

export async function hasAnyTool(db: Database): Promise<boolean> {
  const rows = await db.select({ id: tools.id }).from(tools).limit(1);
  return rows.length > 0;
}
