import { asc, eq } from 'drizzle-orm';
import type { TaxLine } from '@shop/shared/contracts/tax';
import { centsToDollars } from '@shop/shared/money';
import { ppmToPercent } from '@shop/shared/tax';
import type { DbExecutor } from '../../../db/client';
import { orderTaxLines } from './order-tax-lines.table';

/** An order's frozen tax lines (docs/behaviour.md §5.22), as the order, receipt and invoice show them. */
export async function taxLinesOf(db: DbExecutor, orderId: string): Promise<TaxLine[]> {
  const rows = await db
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.position));
  return rows.map(toTaxLine);
}

/** What a tax line shows of its row. */
export type TaxLineFields = Pick<
  typeof orderTaxLines.$inferSelect,
  'jurisdiction' | 'label' | 'reason' | 'ratePpm' | 'taxableCents' | 'taxCents' | 'reference' | 'reversedAt'
>;

export const toTaxLine = (row: TaxLineFields): TaxLine => ({
  jurisdiction: row.jurisdiction,
  label: row.label,
  reason: row.reason,
  rate: ppmToPercent(row.ratePpm),
  taxable: centsToDollars(row.taxableCents),
  amount: centsToDollars(row.taxCents),
  reference: row.reference,
  reversedAt: row.reversedAt?.toISOString() ?? null,
});
