import type { RouteInput } from '@shop/shared/api/routes';
import type { App } from '../../src/app';
import { call } from './call';
import type { SignedIn } from './test-app';

/** The demo test cards and a card that is fine in every other way. */
export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

/** Places an order of `quantity` for the tool and returns its id. */
export async function placeOrder(app: App, customer: SignedIn, toolsId: string, quantity = 10) {
  const response = await call(app, 'POST /order', {
    as: customer,
    body: { toolsId, phoneNumber: '01711000000', address: '1 Easel Street', quantity },
  });
  if (response.status !== 201) throw new Error(`order failed: ${response.text}`);
  return response.body.insertedId;
}

export const createIntent = (
  app: App,
  customer: SignedIn | null,
  payload: RouteInput<'POST /create-payment-intent'>['body'],
) => call(app, 'POST /create-payment-intent', { as: customer, body: payload });

/** The client secret for the customer's order (the request must succeed). */
export async function clientSecretFor(app: App, customer: SignedIn, orderId: string): Promise<string> {
  const response = await createIntent(app, customer, { orderId });
  if (response.status !== 200) throw new Error(`create intent failed: ${response.text}`);
  return response.body.clientSecret;
}

export const markPaid = (
  app: App,
  customer: SignedIn | null,
  orderId: string,
  payload: RouteInput<'PATCH /order/:id'>['body'],
) => call(app, 'PATCH /order/:id', { as: customer, params: { id: orderId }, body: payload });

export async function readOrder(app: App, customer: SignedIn, orderId: string) {
  const response = await call(app, 'GET /order/:id', { as: customer, params: { id: orderId } });
  return response.body;
}

/** Pays the customer's order through the real flow: intent, demo card, then PATCH /order/{id}. */
export async function payOrder(app: App, customer: SignedIn, orderId: string): Promise<void> {
  const clientSecret = await clientSecretFor(app, customer, orderId);
  const confirmed = await call(app, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card: GOOD_CARD, billingName: customer.name, billingEmail: customer.email },
  });
  if (confirmed.status !== 200) throw new Error(`demo confirm failed: ${confirmed.text}`);
  const { transactionId } = confirmed.body;
  const paid = await markPaid(app, customer, orderId, { tools: orderId, transactionId });
  if (paid.status !== 200) throw new Error(`mark paid failed: ${paid.text}`);
}
