import { asc, eq, and } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { expireDueOrders } from '../../src/modules/ordering/orders/expire-orders';
import { orderEvents } from '../../src/modules/ordering/orders/order-events.table';
import { demoPaymentIntents } from '../../src/modules/payments/payments.table';
import { stockMovements } from '../../src/modules/catalogue/stock/stock-movements.table';
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
  app.inject({
    method: 'POST',
    url: '/api/payments/demo/confirm',
    headers: customer.headers,
    payload: { clientSecret, card: GOOD_CARD, billingName: customer.name, billingEmail: customer.email },
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
  if (response.statusCode !== 200) throw new Error(`demo confirm failed: ${response.body}`);
  return response.json<{ transactionId: string }>().transactionId;
}

/** Pays the order through the demo processor as the browser does; the order is paid after. */
export async function payWithDemoCard(app: App, customer: SignedIn, orderId: string): Promise<string> {
  const transactionId = await chargeDemoCard(app, customer, orderId);
  const response = await markPaid(app, customer, orderId, { tools: orderId, transactionId });
  if (response.statusCode !== 200) throw new Error(`mark paid failed: ${response.body}`);
  return transactionId;
}

export const adminCancel = (app: App, admin: SignedIn, orderId: string) =>
  app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: admin.headers });

export const customerCancel = (app: App, customer: SignedIn, orderId: string) =>
  app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: customer.headers });

export const ship = (app: App, admin: SignedIn, orderId: string, payload?: Record<string, unknown>) =>
  app.inject({
    method: 'PATCH',
    url: `/api/shipping-order/${orderId}`,
    headers: admin.headers,
    ...(payload && { payload }),
  });

export const timeline = (app: App, caller: SignedIn, orderId: string) =>
  app.inject({ method: 'GET', url: `/api/order/${orderId}/timeline`, headers: caller.headers });

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
