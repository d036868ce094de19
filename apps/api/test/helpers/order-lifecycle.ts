import { asc, eq, and } from 'drizzle-orm';
import type { RouteInput } from '@shop/shared/api/routes';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { expireDueOrders } from '../../src/modules/ordering/orders/expire-orders';
import { orderEvents } from '../../src/modules/ordering/orders/order-events.table';
import { demoPaymentIntents } from '../../src/modules/payments/payments.table';
import { stockMovements } from '../../src/modules/catalogue/stock/stock-movements.table';
import { call } from './call';
import { clientSecretFor, GOOD_CARD, markPaid } from './payments';
import type { SignedIn } from './test-app';

/** The kinds of an order's stored events, oldest first. */
export async function eventKinds(db: Database, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ kind: orderEvents.kind })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt));
  return rows.map((row) => row.kind);
}

/** How many units went back to stock for this order (its release movements in the ledger). */
export async function releasesOf(db: Database, orderId: string): Promise<number> {
  const rows = await db
    .select({ delta: stockMovements.delta })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'cancellation-release')));
  return rows.length;
}

/** The browser's card form: the demo processor's confirm, with the good card, for `clientSecret`. */
export const confirmDemoCard = (app: App, customer: SignedIn, clientSecret: string) =>
  call(app, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card: GOOD_CARD, billingName: customer.name, billingEmail: customer.email },
  });

/** The demo processor's own status of the intent behind `clientSecret` ('canceled' once cancelled). */
export async function demoIntentStatus(db: Database, clientSecret: string): Promise<string | undefined> {
  const [intent] = await db
    .select({ status: demoPaymentIntents.status })
    .from(demoPaymentIntents)
    .where(eq(demoPaymentIntents.clientSecret, clientSecret));
  return intent?.status;
}

/** Starts the demo payment and charges the good card; the order is not marked paid yet. */
export async function chargeDemoCard(app: App, customer: SignedIn, orderId: string): Promise<string> {
  const response = await confirmDemoCard(app, customer, await clientSecretFor(app, customer, orderId));
  if (response.status !== 200) throw new Error(`demo confirm failed: ${response.text}`);
  return response.body.transactionId;
}

/** Pays the order through the demo processor as the browser does; the order is paid after. */
export async function payWithDemoCard(app: App, customer: SignedIn, orderId: string): Promise<string> {
  const transactionId = await chargeDemoCard(app, customer, orderId);
  const response = await markPaid(app, customer, orderId, { tools: orderId, transactionId });
  if (response.status !== 200) throw new Error(`mark paid failed: ${response.text}`);
  return transactionId;
}

export const adminCancel = (app: App, admin: SignedIn, orderId: string) =>
  call(app, 'POST /order/:id/cancel', { as: admin, params: { id: orderId } });

export const customerCancel = (app: App, customer: SignedIn, orderId: string) =>
  call(app, 'DELETE /order/:id', { as: customer, params: { id: orderId } });

export const ship = (
  app: App,
  admin: SignedIn,
  orderId: string,
  body?: RouteInput<'PATCH /shipping-order/:id'>['body'],
) => call(app, 'PATCH /shipping-order/:id', { as: admin, params: { id: orderId }, body });

export const timeline = (app: App, caller: SignedIn, orderId: string) =>
  call(app, 'GET /order/:id/timeline', { as: caller, params: { id: orderId } });

/**
 * The expiry job's run at `now`, with the shop's own card processor: answers the ids it expired.
 * A payment intent that could not be cancelled fails the call (the job only logs it).
 */
export const expireDue = (app: App, { now, ttlMs }: { now: Date; ttlMs: number }) =>
  expireDueOrders(
    {
      db: app.database.db,
      payments: app.paymentActions,
      tellChanged: app.tellChanged,
      onPaymentCancelError: (error) => {
        throw error;
      },
    },
    { now, ttlMs },
  );
