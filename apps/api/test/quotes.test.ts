import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../src/modules/quotes/quotes.table';
import { call } from './helpers/call';
import { mailboxOf, openCompany } from './helpers/companies';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Quotes (docs/behaviour.md §5.24): asked from the cart (which is kept), priced per line with an
 * expiry date by the shop's admin and mailed, accepted once before expiry, the order placed at
 * the quoted prices whatever the catalogue says by then.
 */
let shop: Shop<never>;
let brush: string; // $10 each, 10 at least, ships at $20
let roller: string; // $4 each, 1 at least, ships at $5
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  shop = await openShop();
  brush = await addTool(shop.app, shop.admin, {
    name: 'Angled Sash Brush',
    sku: 'QB-10',
    orderQuantity: 10,
    availableQuantity: 10_000,
    perPartsPrice: 10,
    shipPrice: 20,
  });
  roller = await addTool(shop.app, shop.admin, {
    name: 'Mini Roller',
    sku: 'QR-4',
    orderQuantity: 1,
    availableQuantity: 10_000,
    perPartsPrice: 4,
    shipPrice: 5,
  });
});
afterAll(() => shop.close());

async function askForQuote(buyer: SignedIn, note = 'Repaint of the Quay Hotel: 40 rooms') {
  const put = await call(shop.app, 'PUT /cart/lines', {
    as: buyer,
    body: {
      lines: [
        { toolId: brush, quantity: 100 },
        { toolId: roller, quantity: 50 },
      ],
    },
  });
  expect(put.status, put.text).toBe(200);
  const asked = await call(shop.app, 'POST /quote', { as: buyer, body: { note } });
  expect(asked.status, asked.text).toBe(201);
  return asked.body;
}

const priceIt = (id: string, expiresOn = daysFromToday(14)) =>
  call(shop.app, 'PUT /quote/:id/prices', {
    as: shop.admin,
    params: { id },
    body: {
      lines: [
        { toolId: brush, unitPrice: 8.5 },
        { toolId: roller, unitPrice: 3.25 },
      ],
      expiresOn,
      message: 'Delivery in two drops if you like.',
    },
  });

async function addressOf(buyer: SignedIn): Promise<string> {
  const response = await call(shop.app, 'POST /address', {
    as: buyer,
    body: {
      name: 'Quay Hotel',
      line1: '1 Quay',
      city: 'Hull',
      postalCode: 'HU1 1AA',
      country: 'GB',
      phone: '01482 000002',
    },
  });
  return response.body._id;
}

const accept = async (
  buyer: SignedIn,
  id: string,
  key = randomUUID(),
  paymentMethod: 'card' | 'invoice' = 'card',
) =>
  call(shop.app, 'POST /quote/:id/accept', {
    as: buyer,
    params: { id },
    headers: { 'idempotency-key': key },
    body: { addressId: await addressOf(buyer), poNumber: 'PO-Q-1', paymentMethod },
  });

describe('asking for a quote', () => {
  it('copies the cart’s lines with today’s prices, keeps the cart, and refuses an empty cart', async () => {
    const buyer = await signUpCustomer(shop.app, 'asker');
    const quote = await askForQuote(buyer);
    expect(quote).toMatchObject({
      state: 'requested',
      expired: false,
      note: 'Repaint of the Quay Hotel: 40 rooms',
      quotedTotal: null,
      expiresOn: null,
      customer: { id: buyer.id, email: buyer.email },
      companyName: null,
    });
    expect(quote.number).toMatch(/^Q-\d{4}-\d{5}$/);
    expect(quote.lines).toEqual([
      {
        toolId: brush,
        toolName: 'Angled Sash Brush',
        sku: 'QB-10',
        quantity: 100,
        listUnitPrice: 10,
        quotedUnitPrice: null,
      },
      {
        toolId: roller,
        toolName: 'Mini Roller',
        sku: 'QR-4',
        quantity: 50,
        listUnitPrice: 4,
        quotedUnitPrice: null,
      },
    ]);
    expect((await call(shop.app, 'GET /cart', { as: buyer })).body.lines).toHaveLength(2);
    expect((await call(shop.app, 'GET /my-quote', { as: buyer })).body.map((q) => q.id)).toEqual([quote.id]);
    const listed = await call(shop.app, 'GET /quote', { as: shop.admin, query: { state: 'requested' } });
    expect(listed.body.map((q) => q.id)).toContain(quote.id);

    const empty = await signUpCustomer(shop.app, 'empty');
    const refused = await call(shop.app, 'POST /quote', { as: empty, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe('Your cart is empty: add the tools to quote first');
    // Not priced yet: nothing to accept.
    const early = await accept(buyer, quote.id);
    expect(early.status).toBe(409);
    expect(early.error.message).toBe('This quote has no prices yet: we will e-mail you when it does');
  });
});

describe('pricing a quote', () => {
  it('needs a price for every line of its own and a date ahead; the buyer is mailed', async () => {
    const buyer = await signUpCustomer(shop.app, 'priced');
    const { id, number } = await askForQuote(buyer);
    const missing = await call(shop.app, 'PUT /quote/:id/prices', {
      as: shop.admin,
      params: { id },
      body: { lines: [{ toolId: brush, unitPrice: 8 }], expiresOn: daysFromToday(7) },
    });
    expect(missing.status).toBe(400);
    expect(missing.error.message).toBe('Price every line: Mini Roller has no price');
    const foreign = await call(shop.app, 'PUT /quote/:id/prices', {
      as: shop.admin,
      params: { id },
      body: {
        lines: [
          { toolId: brush, unitPrice: 8 },
          { toolId: roller, unitPrice: 3 },
          { toolId: randomUUID(), unitPrice: 3 },
        ],
        expiresOn: daysFromToday(7),
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.error.message).toBe('A price was sent for a tool this quote does not have');
    const past = await priceIt(id, daysFromToday(-1));
    expect(past.status).toBe(400);
    expect(past.error.message).toBe('The expiry date cannot be in the past');

    const sent = await priceIt(id);
    expect(sent.status, sent.text).toBe(200);
    // 100 × $8.50 + 50 × $3.25
    expect(sent.body).toMatchObject({ state: 'sent', quotedTotal: 1012.5, expiresOn: daysFromToday(14) });
    expect(sent.body.lines.map((line) => line.quotedUnitPrice)).toEqual([8.5, 3.25]);
    const mail = await mailboxOf(shop).nextMail(buyer.email, { subject: `Your quote ${number} is ready` });
    expect(mail.text).toContain('$1,012.50 for the tools you asked about');
    expect(mail.text).toContain('Delivery in two drops if you like.');
    expect(mail.text).toContain(`/dashboard/quotes/${id}`);
    // Someone else's quote is not there at all.
    const stranger = await signUpCustomer(shop.app, 'stranger');
    expect((await call(shop.app, 'GET /quote/:id', { as: stranger, params: { id } })).status).toBe(404);
  });
});

describe('accepting a quote', () => {
  it('places the order at the quoted prices, kept after a catalogue change', async () => {
    const buyer = await signUpCustomer(shop.app, 'accepter');
    const { id } = await askForQuote(buyer);
    await priceIt(id);
    // The catalogue changes after the quote was sent.
    const raised = await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id: brush },
      body: { perPartsPrice: 12 },
    });
    expect(raised.status, raised.text).toBe(200);

    const accepted = await accept(buyer, id);
    expect(accepted.status, accepted.text).toBe(201);
    const { order } = accepted.body;
    expect(order.lines.map((line) => [line.toolId, line.quantity, line.unitPrice])).toEqual([
      [brush, 100, 8.5],
      [roller, 50, 3.25],
    ]);
    expect(order).toMatchObject({ itemsTotal: 1012.5, state: 'unpaid', poNumber: 'PO-Q-1' });
    const quote = await call(shop.app, 'GET /quote/:id', { as: buyer, params: { id } });
    expect(quote.body).toMatchObject({ state: 'accepted', orderId: order._id });

    await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id: brush },
      body: { perPartsPrice: 10 },
    });
  });

  it('is once: of two clicks at once one places the order, the other hears 409; the same key finds it', async () => {
    const buyer = await signUpCustomer(shop.app, 'twice');
    const { id } = await askForQuote(buyer);
    await priceIt(id);
    const [first, second] = await Promise.all([accept(buyer, id), accept(buyer, id)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const winner = first.status === 201 ? first : second;
    const loser = first.status === 201 ? second : first;
    expect(loser.error.message).toBe('This quote was already accepted');
    const mine = await call(shop.app, 'GET /my-order', { as: buyer });
    expect(mine.body.filter((order) => order._id === winner.body.insertedId)).toHaveLength(1);
    expect(mine.body).toHaveLength(1);
  });

  it('a retry with the same key answers the same order', async () => {
    const buyer = await signUpCustomer(shop.app, 'retry');
    const { id } = await askForQuote(buyer);
    await priceIt(id);
    const key = randomUUID();
    const first = await accept(buyer, id, key);
    const again = await accept(buyer, id, key);
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.body.insertedId).toBe(first.body.insertedId);
  });

  it('is refused after its last day', async () => {
    const buyer = await signUpCustomer(shop.app, 'late');
    const { id } = await askForQuote(buyer);
    await priceIt(id, daysFromToday(3));
    await shop.database.db
      .update(quotes)
      .set({ expiresOn: daysFromToday(-1) })
      .where(eq(quotes.id, id));
    const quote = await call(shop.app, 'GET /quote/:id', { as: buyer, params: { id } });
    expect(quote.body).toMatchObject({ state: 'sent', expired: true });
    const late = await accept(buyer, id);
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(`This quote expired on ${daysFromToday(-1)}: ask for a new one`);
    expect((await call(shop.app, 'GET /my-order', { as: buyer })).body).toHaveLength(0);
    // Priced again by the shop, it may be accepted.
    await priceIt(id, daysFromToday(2));
    expect((await accept(buyer, id)).status).toBe(201);
  });

  it('on terms: the order is paid by invoice at the quoted prices', async () => {
    const companyAdmin = await signUpCustomer(shop.app, 'quote-terms');
    const companyId = await openCompany(shop.app, shop.admin, companyAdmin, 'Quay Hotels Ltd');
    await call(shop.app, 'PUT /company/:id/terms', {
      as: shop.admin,
      params: { id: companyId },
      body: { days: 30, creditLimit: 50_000, invoiceEmail: 'ap@quay.test' },
    });
    const { id, companyName } = await askForQuote(companyAdmin);
    expect(companyName).toBe('Quay Hotels Ltd');
    await priceIt(id);
    const accepted = await accept(companyAdmin, id, randomUUID(), 'invoice');
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.order).toMatchObject({ state: 'paid', itemsTotal: 1012.5 });
    expect(accepted.body.invoice).toMatchObject({ poNumber: 'PO-Q-1', total: accepted.body.order.total });
  });
});
