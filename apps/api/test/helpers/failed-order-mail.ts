import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { orderMailOutbox } from '../../src/modules/ordering/order-mail/order-mail-outbox.table';
import { pollUntil } from './poll';

/**
 * The order's 'placed' e-mail as if the mail server had refused it to the last retry: the row is
 * first left to the drain (sent), so that no drain in flight marks it sent afterwards. Answers
 * the outbox row's id, as GET /order-mail/failed names it.
 */
export async function failedPlacedMail(db: Database, orderId: string): Promise<string> {
  const placed = and(eq(orderMailOutbox.orderId, orderId), eq(orderMailOutbox.kind, 'placed'));
  let status: string | undefined;
  await pollUntil(
    async () => {
      const [row] = await db.select({ status: orderMailOutbox.status }).from(orderMailOutbox).where(placed);
      status = row?.status;
      return status === 'sent';
    },
    { what: () => `the placed mail of ${orderId} to be sent (${status})` },
  );
  const [failed] = await db
    .update(orderMailOutbox)
    .set({ status: 'failed', attempts: 3, sentAt: null, lastError: '550 Mailbox unavailable' })
    .where(placed)
    .returning({ id: orderMailOutbox.id });
  return String(failed!.id);
}
