import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ArchivedTool } from '@shop/shared/contracts/tools';
import type { Database, Transaction } from '../../../db/client';
import type { TellChanged } from '../../../lib/change-topics';
import { isStillReferenced } from '../../../lib/database-errors';
import { isUuid } from '../../../lib/ids';
import { centsToDollars } from '@shop/shared/money';
import { recordAudit, type AuditActor } from '../../audit';
import { selectTools, toToolDto } from './tool-dto';
import { tools } from './tools.table';

/**
 * Deleting a tool (docs/behaviour.md §3.12). One that any order names is archived: out of the
 * shop and not orderable (`place_order` treats it as unknown), while its orders keep showing it.
 * One no order names is deleted, its ledger with it; its picture goes at the next sweep. Which
 * it is, the database says: an order's foreign key refuses to let its tool go (ON DELETE
 * RESTRICT), so the catalogue tries the delete and archives when it is refused, knowing nothing
 * of orders. The tool's row is locked first, so an order racing for it either comes before (and
 * the tool is archived) or after (and finds no tool). Answers 0 for an unknown or already
 * archived tool.
 */
export async function deleteOrArchiveTool(
  db: Database,
  id: string,
  actor: AuditActor,
  tellChanged: TellChanged,
): Promise<{ deletedCount: number; isArchived: boolean }> {
  if (!isUuid(id)) return { deletedCount: 0, isArchived: false };
  const outcome = await db.transaction(async (tx) => {
    const [tool] = await tx
      .select({
        id: tools.id,
        name: tools.name,
        availableQuantity: tools.availableQuantity,
        unitPriceCents: tools.unitPriceCents,
      })
      .from(tools)
      .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
      .for('update');
    if (!tool) return { deletedCount: 0, isArchived: false };
    const target = { type: 'tool', id, label: tool.name } as const;
    if (!(await deleteUnlessReferenced(tx, id))) {
      await tx
        .update(tools)
        .set({ archivedAt: sql`now()` })
        .where(eq(tools.id, id));
      await recordAudit(tx, {
        actor,
        kind: 'tool.archive',
        target,
        before: { archived: false },
        after: { archived: true },
      });
      return { deletedCount: 1, isArchived: true };
    }
    const before = {
      name: tool.name,
      availableQuantity: tool.availableQuantity,
      perPartsPrice: centsToDollars(tool.unitPriceCents),
    };
    await recordAudit(tx, { actor, kind: 'tool.delete', target, before });
    return { deletedCount: 1, isArchived: false };
  });
  if (outcome.deletedCount > 0) tellChanged('tools');
  return outcome;
}

/**
 * Deletes the tool in a savepoint, so that a refusal leaves the transaction usable: false when
 * a row that must keep its tool (an order) still names it (ON DELETE RESTRICT).
 */
async function deleteUnlessReferenced(tx: Transaction, id: string): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => savepoint.delete(tools).where(eq(tools.id, id)));
    return true;
  } catch (error) {
    if (isStillReferenced(error)) return false;
    throw error;
  }
}

/** Archived tools, the most recently archived first (admin). */
export async function listArchivedTools(db: Database): Promise<ArchivedTool[]> {
  const rows = await selectTools(db)
    .where(isNotNull(tools.archivedAt))
    .orderBy(desc(tools.archivedAt), desc(tools.id));
  return rows.map((row) => ({ ...toToolDto(row), archivedAt: row.tool.archivedAt!.toISOString() }));
}

/** Puts an archived tool back in the shop, with the stock it had; 0 when it was not archived. */
export async function restoreTool(
  db: Database,
  id: string,
  actor: AuditActor,
  tellChanged: TellChanged,
): Promise<number> {
  if (!isUuid(id)) return 0;
  const restoredCount = await db.transaction(async (tx) => {
    const [restored] = await tx
      .update(tools)
      .set({ archivedAt: null })
      .where(and(eq(tools.id, id), isNotNull(tools.archivedAt)))
      .returning({ id: tools.id, name: tools.name });
    if (!restored) return 0;
    const target = { type: 'tool', id, label: restored.name } as const;
    await recordAudit(tx, {
      actor,
      kind: 'tool.restore',
      target,
      before: { archived: true },
      after: { archived: false },
    });
    return 1;
  });
  if (restoredCount > 0) tellChanged('tools');
  return restoredCount;
}
