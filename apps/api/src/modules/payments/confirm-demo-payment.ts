import type { DemoConfirmBody, DemoConfirmResponse } from '@shop/shared/contracts/payments';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import type { DemoProvider } from './demo-provider';
import { findOrderFor, assertPayable } from '../ordering';

/**
 * The demo processor's card form posts here, as Stripe.js posts to Stripe. Only the order's
 * owner may pay for an order; an invoice's intent is paid by whoever holds its client secret,
 * which only the company's admins are given (POST /invoice/{id}/card-intent), as at Stripe. It
 * charges the intent and nothing else: the order or invoice is paid only through the call that
 * asks the processor first (PATCH /order/{id}, POST /invoice/{id}/card-payment).
 */
export async function confirmDemoPayment(
  db: Database,
  demo: DemoProvider,
  actor: Actor,
  { clientSecret, card }: DemoConfirmBody,
): Promise<DemoConfirmResponse> {
  const intent = await demo.findByClientSecret(clientSecret);
  if (!intent?.orderId) throw notFound('Payment');
  if (!intent.invoiceId) {
    const order = await findOrderFor(db, actor, intent.orderId, { admins: false });
    if (order.paid && order.transactionId !== intent.id) throw conflict('This order has already been paid');
    // A closed order's intent was cancelled with it; the charge is refused before the card is read.
    if (!order.paid) assertPayable(order);
  }
  const confirmed = await demo.confirm(clientSecret, card);
  return { status: 'succeeded', transactionId: confirmed.id };
}
