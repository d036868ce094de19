import { eq } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import { tradeToolProblems } from '@shop/shared/contracts/trade-pricing';
import type { Tool, UpdateToolBody } from '@shop/shared/contracts/tools';
import type { TellChanged } from '../../../lib/change-topics';
import type { Database } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { changedFields, recordAudit, type AuditActor } from '../../audit';
import { linkUploadToTool, unlinkUploadFromTool } from '../uploads/link-upload';
import { priceBreaksInCents, priceBreaksInDollars, selectTools, toToolDto } from './tool-dto';
import { rethrowSkuInUse } from './tool-sku';
import { tools } from './tools.table';

/**
 * Edits a tool in the shop (docs/behaviour.md §3.10): only the fields sent change; stock is not
 * one of them (§3.11). A new picture takes the link from the old one, which the next sweep of
 * unused uploads removes once no tool shows it. Orders placed before keep their own copy of the
 * name and unit price; orders placed after get the new ones. An archived tool is restored first.
 */
export async function updateTool(
  db: Database,
  id: string,
  body: UpdateToolBody,
  actor: AuditActor,
  tellChanged: TellChanged,
): Promise<{ tool: Tool; isPictureChanged: boolean }> {
  if (!isUuid(id)) throw notFound('Tool');
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(tools).where(eq(tools.id, id)).for('update');
    if (!before || before.archivedAt) throw notFound('Tool');
    // The tool as it would be must keep the rules across fields (§3.7): a new minimum or base
    // price against the packs and price breaks kept, or new ones against the rest. Checked here
    // with the form's messages rather than left to the database's checks (a 500).
    const priceBreaks = body.priceBreaks ?? priceBreaksInDollars(before.priceBreaks);
    const problems = tradeToolProblems({
      orderQuantity: body.orderQuantity ?? before.minOrderQuantity,
      perPartsPrice: body.perPartsPrice ?? centsToDollars(before.unitPriceCents),
      packSize: body.packSize ?? before.packSize,
      maxOrderQuantity: body.maxOrderQuantity === undefined ? before.maxOrderQuantity : body.maxOrderQuantity,
      priceBreaks,
    });
    if (problems.length > 0) {
      const issues = problems.map(({ path, message }) => ({ field: path.join('.'), message }));
      throw new AppError('invalid-input', issues[0]!.message, issues);
    }
    const [after] = await tx
      .update(tools)
      .set({
        name: body.name,
        sku: body.sku,
        description: body.description,
        category: body.category,
        imageUrl: body.img,
        minOrderQuantity: body.orderQuantity,
        unitPriceCents: body.perPartsPrice === undefined ? undefined : dollarsToCents(body.perPartsPrice),
        lowStockThreshold: body.lowStockThreshold,
        packSize: body.packSize,
        maxOrderQuantity: body.maxOrderQuantity,
        shipPriceCents: body.shipPrice === undefined ? undefined : dollarsToCents(body.shipPrice),
        priceBreaks: body.priceBreaks && priceBreaksInCents(body.priceBreaks),
      })
      .where(eq(tools.id, id))
      .returning()
      .catch(rethrowSkuInUse);
    const isPictureChanged = body.img !== undefined && body.img !== before.imageUrl;
    if (isPictureChanged) {
      await unlinkUploadFromTool(tx, before.imageUrl, id);
      await linkUploadToTool(tx, after!.imageUrl, id);
    }
    const [saved] = await selectTools(tx).where(eq(tools.id, after!.id));
    await recordAudit(tx, {
      actor,
      kind: 'tool.edit',
      target: { type: 'tool', id, label: after!.name },
      ...changedFields(editableFields(before), editableFields(after!)),
    });
    return { tool: toToolDto(saved!), isPictureChanged };
  });
  tellChanged('tools');
  return updated;
}

/** The fields an edit may change, as the API names them (the audit trail's before and after). */
function editableFields(row: typeof tools.$inferSelect) {
  return {
    name: row.name,
    sku: row.sku,
    description: row.description,
    category: row.category,
    img: row.imageUrl,
    orderQuantity: row.minOrderQuantity,
    perPartsPrice: centsToDollars(row.unitPriceCents),
    lowStockThreshold: row.lowStockThreshold,
  };
}
