import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '@shop/shared/company';
import { call } from './helpers/call';
import { clientSecretFor, GOOD_CARD, markPaid, placeOrder } from './helpers/payments';
import { openShop, type Shop, type SignedIn } from './helpers/test-app';

// docs/behaviour.md §5.16: a paid order's receipt, for its customer and admins only.

let ctx: Shop<'ann' | 'ben'>;

/** Places an order and pays it with the demo card, as the payment page does. */
async function paidOrder(
  customer: SignedIn,
  quantity: number,
): Promise<{ id: string; transactionId: string }> {
  const id = await placeOrder(ctx.app, customer, ctx.toolId, quantity);
  const clientSecret = await clientSecretFor(ctx.app, customer, id);
  const confirmed = await call(ctx.app, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card: GOOD_CARD, billingName: 'Ann', billingEmail: customer.email },
  });
  const { transactionId } = confirmed.body;
  const paid = await markPaid(ctx.app, customer, id, { tools: id, transactionId });
  expect(paid.status, paid.text).toBe(200);
  return { id, transactionId };
}

const receipt = (id: string, caller: SignedIn | null) =>
  call(ctx.app, 'GET /order/:id/receipt', { as: caller, params: { id } });

beforeAll(async () => {
  ctx = await openShop({
    customers: ['ann', 'ben'],
    tool: { name: 'Flat Wall Brush', perPartsPrice: 12, orderQuantity: 10, availableQuantity: 1000 },
  });
});
afterAll(() => ctx.close());

describe('a paid order has a receipt', () => {
  it('names the shop, the order, the customer, the items, shipping, total and transaction', async () => {
    const { ann } = ctx.customers;
    const before = Date.now();
    const { id, transactionId } = await paidOrder(ann, 20);
    const response = await receipt(id, ann);
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      orderId: id,
      shop: { name: company.name, addressLines: [...company.addressLines], email: company.email },
      customer: {
        name: 'Customer ann',
        email: ann.email,
        phoneNumber: '01711000000',
        address: '1 Easel Street',
      },
      items: [{ tool: 'Flat Wall Brush', quantity: 20, unitPrice: 12, amount: 240 }],
      itemsTotal: 240,
      shipping: 25,
      total: 265,
      transactionId,
    });
    expect(Date.parse(body.paidAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.paidAt!)).toBeGreaterThanOrEqual(Date.parse(body.placedAt));
  });

  it('an admin opens any receipt; another customer hears 404, as for an unknown order', async () => {
    const { ann, ben } = ctx.customers;
    const { id } = await paidOrder(ann, 10);
    expect((await receipt(id, ctx.admin)).status).toBe(200);
    const foreign = await receipt(id, ben);
    const unknown = await receipt(randomUUID(), ben);
    expect(foreign.status).toBe(404);
    expect(foreign.error).toEqual(unknown.error);
    expect((await receipt('not-a-uuid', ben)).status).toBe(404);
    expect((await receipt(id, null)).status).toBe(401);
  });

  it('an unpaid order has none yet: 409 with a message for its customer', async () => {
    const { ann, ben } = ctx.customers;
    const id = await placeOrder(ctx.app, ann, ctx.toolId, 10);
    const response = await receipt(id, ann);
    expect(response.status).toBe(409);
    expect(response.error).toEqual({
      code: 'conflict',
      message: 'This order is not paid yet: its receipt comes with the payment',
    });
    // The owner's unpaid order stays unknown to anyone else.
    expect((await receipt(id, ben)).status).toBe(404);
  });
});
