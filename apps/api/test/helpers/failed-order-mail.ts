import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { orderMailOutbox } from '../../src/modules/ordering/order-mail/order-mail-outbox.table';

/**
 * The order's 'placed' e-mail as if the mail server had refused it to the last retry: the row is
 * first left to the drain (sent), so that no drain in flight marks it sent afterwards. Answers
 * the outbox row's id, as GET /order-mail/failed names it.
 */
export async function failedPlacedMail(db: Database, orderId: string): Promise<string> {
  const placed = and(eq(orderMailOutbox.orderId, orderId), eq(orderMailOutbox.kind, 'placed'));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await db.select({ status: orderMailOutbox.status }).from(orderMailOutbox).where(placed);
    if (row?.status === 'sent') break;
    if (Date.now() > deadline) throw new Error(`the placed mail of ${orderId} was not sent (${row?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [failed] = await db
    .update(orderMailOutbox)
    .set({ status: 'failed', attempts: 3, sentAt: null, lastError: '550 Mailbox unavailable' })
    .where(placed)
    .returning({ id: orderMailOutbox.id });
  return String(failed!.id);
}
