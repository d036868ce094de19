import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/request-context';
import { findOrderFor, assertPayable, recordOrderEvent } from '../ordering';
import type { PaymentProvider } from './payment-provider';
import { orderPaymentIntents } from './payments.table';
import { PAYMENT_CURRENCY } from './settle-payment';

/**
 * The client secret for paying one's own unpaid order. The amount is the stored order's price,
 * whatever the request says. An order has one intent: a retry (or a second tab) gets the same.
 */
export async function createPaymentIntent(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  orderId: string,
): Promise<string> {
  const order = await findOrderFor(db, actor, orderId, { admins: false });
  assertPayable(order);

  const [existing] = await db
    .select()
    .from(orderPaymentIntents)
    .where(eq(orderPaymentIntents.orderId, order.id))
    .limit(1);
  if (existing?.provider === provider.name) {
    const intent = await provider.retrieve(existing.intentId);
    if (intent) return intent.clientSecret;
  }

  // Two requests racing here send the same idempotency key and get the same intent back.
  const created = await provider.createIntent({
    orderId: order.id,
    amountCents: order.priceCents,
    currency: PAYMENT_CURRENCY,
    idempotencyKey: `order-${order.id}`,
  });
  await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(orderPaymentIntents)
      .values({ orderId: order.id, provider: provider.name, intentId: created.intentId })
      .onConflictDoNothing({ target: orderPaymentIntents.orderId })
      .returning({ orderId: orderPaymentIntents.orderId });
    // The order's first intent starts its payment (docs/behaviour.md §5.6); a later one only
    // replaces an intent of another processor.
    if (first) {
      await recordOrderEvent(tx, { orderId: order.id, kind: 'payment-started', actorUserId: actor.id });
      return;
    }
    await tx
      .update(orderPaymentIntents)
      .set({ provider: provider.name, intentId: created.intentId })
      .where(eq(orderPaymentIntents.orderId, order.id));
  });
  return created.clientSecret;
}
