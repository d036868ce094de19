import type { App } from '../../src/app';
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
  const response = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: { toolsId, phoneNumber: '01711000000', address: '1 Easel Street', quantity },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

export const createIntent = (app: App, customer: SignedIn | null, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer?.headers ?? {},
    payload,
  });

/** The client secret for the customer's order (the request must succeed). */
export async function clientSecretFor(app: App, customer: SignedIn, orderId: string): Promise<string> {
  const response = await createIntent(app, customer, { orderId });
  if (response.statusCode !== 200) throw new Error(`create intent failed: ${response.body}`);
  return response.json<{ clientSecret: string }>().clientSecret;
}

export const markPaid = (
  app: App,
  customer: SignedIn | null,
  orderId: string,
  payload: Record<string, unknown>,
) =>
  app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: customer?.headers ?? {},
    payload,
  });

export async function readOrder(app: App, customer: SignedIn, orderId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/order/${orderId}`,
    headers: customer.headers,
  });
  return response.json<{ paid: boolean; transactionId: string | null; price: number }>();
}

/** Pays the customer's order through the real flow: intent, demo card, then PATCH /order/{id}. */
export async function payOrder(app: App, customer: SignedIn, orderId: string): Promise<void> {
  const clientSecret = await clientSecretFor(app, customer, orderId);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/demo/confirm',
    headers: customer.headers,
    payload: { clientSecret, card: GOOD_CARD, billingName: customer.name, billingEmail: customer.email },
  });
  if (confirmed.statusCode !== 200) throw new Error(`demo confirm failed: ${confirmed.body}`);
  const { transactionId } = confirmed.json<{ transactionId: string }>();
  const paid = await markPaid(app, customer, orderId, { tools: orderId, transactionId });
  if (paid.statusCode !== 200) throw new Error(`mark paid failed: ${paid.body}`);
}
