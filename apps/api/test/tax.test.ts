import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../src/modules/catalogue';
import { resaleCertificates } from '../src/modules/tax/tax.table';
import { call, requestOf } from './helpers/call';
import { multipart } from './helpers/multipart';
import { mailboxOf, openCompany } from './helpers/companies';
import { adminCancel, payWithDemoCard } from './helpers/order-lifecycle';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Tax (docs/behaviour.md §5.22): the shop's registrations decide each order's tax from where it
 * ships, a company's verified resale certificate exempts it, an EU company buying from another
 * member state pays by reverse charge, an address where the shop is not registered pays none and
 * says why; the order freezes its tax line with its reason, a refund reverses it, and a provider
 * that cannot answer refuses the checkout. The shop here is established in Ireland (SHOP_COUNTRY).
 */
let shop: Shop<never>;
let brush: string; // $10 each, 10 at least; ships at $20

const ADDRESSES = {
  california: { city: 'Fresno', region: 'ca', postalCode: '93650', country: 'US' },
  newYork: { city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' },
  france: { city: 'Lyon', region: null, postalCode: '69001', country: 'FR' },
  germany: { city: 'Köln', region: null, postalCode: '50667', country: 'DE' },
} as const;
type Place = keyof typeof ADDRESSES;

beforeAll(async () => {
  shop = await openShop({ env: { SHOP_COUNTRY: 'IE' } });
  brush = await addTool(shop.app, shop.admin, {
    name: 'Angled Sash Brush',
    orderQuantity: 10,
    availableQuantity: 10_000,
    perPartsPrice: 10,
    shipPrice: 20,
  });
  for (const body of [
    { country: 'US', label: 'Sales tax', rate: 5, taxesShipping: false },
    { country: 'US', region: 'ca', label: 'Sales tax', rate: 7.25 },
    { country: 'IE', label: 'VAT', rate: 23 },
    { country: 'DE', label: 'VAT', rate: 19 },
  ]) {
    const created = await call(shop.app, 'POST /tax-registration', { as: shop.admin, body });
    expect(created.status, created.text).toBe(201);
  }
});
afterAll(() => shop.close());

async function addressAt(buyer: SignedIn, place: Place): Promise<string> {
  const response = await call(shop.app, 'POST /address', {
    as: buyer,
    body: { name: 'Site Office', line1: '1 Main Street', phone: '+1 555 0100', ...ADDRESSES[place] },
  });
  expect(response.status, response.text).toBe(201);
  return response.body._id;
}

/** Ten brushes in the buyer's cart ($100 of items, $20 shipping). */
async function fillCart(buyer: SignedIn) {
  const put = await call(shop.app, 'PUT /cart/lines', {
    as: buyer,
    body: { lines: [{ toolId: brush, quantity: 10 }] },
  });
  expect(put.status, put.text).toBe(200);
}

async function checkOutTo(buyer: SignedIn, place: Place) {
  await fillCart(buyer);
  const addressId = await addressAt(buyer, place);
  const estimate = await call(shop.app, 'GET /cart/tax', { as: buyer, query: { addressId } });
  expect(estimate.status, estimate.text).toBe(200);
  const key = randomUUID();
  const placed = await call(shop.app, 'POST /checkout', {
    as: buyer,
    headers: { 'idempotency-key': key },
    body: { addressId },
  });
  expect(placed.status, placed.text).toBe(201);
  return { estimate: estimate.body, order: placed.body.order, addressId, key };
}

describe('the shop’s registrations', () => {
  it('are listed by country, a region after its country, with rates as percent', async () => {
    const list = await call(shop.app, 'GET /tax-registration', { as: shop.admin });
    expect(
      list.body.map(({ country, region, rate, taxesShipping }) => [country, region, rate, taxesShipping]),
    ).toEqual([
      ['DE', null, 19, true],
      ['IE', null, 23, true],
      ['US', null, 5, false],
      ['US', 'CA', 7.25, true],
    ]);
  });

  it('refuses a second registration of a place, and rates out of range or too precise', async () => {
    const twice = await call(shop.app, 'POST /tax-registration', {
      as: shop.admin,
      body: { country: 'us', region: 'CA', label: 'Sales tax', rate: 8 },
    });
    expect(twice.status).toBe(409);
    expect(twice.error.message).toBe('The shop is already registered in US-CA');
    for (const [body, message] of [
      [{ country: 'US', region: 'TX', label: 'Sales tax', rate: 100.5 }, 'Rate must be at most 100 %'],
      [{ country: 'US', region: 'TX', label: 'Sales tax', rate: 6.12345 }, 'Rate has at most 4 decimals'],
      [{ country: 'XX', label: 'VAT', rate: 20 }, 'Choose a country from the list'],
      [{ country: 'US', region: 'TX', label: '', rate: 6 }, 'Name the tax, such as Sales tax or VAT'],
    ] as const) {
      const refused = await call(shop.app, 'POST /tax-registration', { as: shop.admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.text).toContain(message);
    }
  });
});

describe('an order’s tax', () => {
  it('is the region’s registration where it has one (shipping taxed), else its country’s', async () => {
    const buyer = await signUpCustomer(shop.app, 'regions');
    // 7.25 % of $120 (items and shipping) is $8.70.
    const california = await checkOutTo(buyer, 'california');
    const caLine = {
      jurisdiction: 'US-CA',
      label: 'Sales tax',
      reason: 'taxed',
      rate: 7.25,
      taxable: 120,
      amount: 8.7,
    };
    expect(california.estimate).toEqual({ lines: [expect.objectContaining(caLine)], tax: 8.7, total: 128.7 });
    expect(california.order).toMatchObject({
      itemsTotal: 100,
      shipping: 20,
      tax: 8.7,
      total: 128.7,
      price: 128.7,
    });
    expect(california.order.taxLines).toEqual([{ ...caLine, reference: null, reversedAt: null }]);
    const placedMail = await mailboxOf(shop).nextMail(buyer.email, { subject: 'We received your order' });
    expect(placedMail.text).toContain('Tax: $8.70');
    // 5 % of the items only: the country's registration does not tax shipping.
    const newYork = await checkOutTo(buyer, 'newYork');
    expect(newYork.order).toMatchObject({ tax: 5, total: 125 });
    expect(newYork.order.taxLines).toEqual([
      expect.objectContaining({ jurisdiction: 'US', reason: 'taxed', rate: 5, taxable: 100, amount: 5 }),
    ]);
  });

  it('is none where the shop is not registered, and says so', async () => {
    const buyer = await signUpCustomer(shop.app, 'abroad');
    const { estimate, order } = await checkOutTo(buyer, 'france');
    expect(estimate.tax).toBe(0);
    expect(order).toMatchObject({ tax: 0, total: 120 });
    expect(order.taxLines).toEqual([
      expect.objectContaining({ jurisdiction: 'FR', reason: 'not-registered', rate: 0, amount: 0 }),
    ]);
  });

  it('stays as it was placed when the rate changes later', async () => {
    const buyer = await signUpCustomer(shop.app, 'frozen');
    const { order } = await checkOutTo(buyer, 'california');
    const registrations = await call(shop.app, 'GET /tax-registration', { as: shop.admin });
    const california = registrations.body.find((row) => row.region === 'CA')!;
    const changed = await call(shop.app, 'PATCH /tax-registration/:id', {
      as: shop.admin,
      params: { id: california.id },
      body: { rate: 9.5 },
    });
    expect(changed.body.rate).toBe(9.5);
    const again = await call(shop.app, 'GET /order/:id', { as: buyer, params: { id: order._id } });
    expect(again.body).toMatchObject({ tax: 8.7, total: 128.7 });
    expect(again.body.taxLines[0]).toMatchObject({ rate: 7.25, amount: 8.7 });
    // New orders pay the new rate: 9.5 % of $120.
    const next = await checkOutTo(buyer, 'california');
    expect(next.order).toMatchObject({ tax: 11.4, total: 131.4 });
    await call(shop.app, 'PATCH /tax-registration/:id', {
      as: shop.admin,
      params: { id: california.id },
      body: { rate: 7.25 },
    });
  });

  it('of the spec’s order, with a typed address, is the shop’s own country’s', async () => {
    const buyer = await signUpCustomer(shop.app, 'spec');
    const placed = await call(shop.app, 'POST /order', {
      as: buyer,
      body: { toolsId: brush, quantity: 10, phoneNumber: '0871234567', address: '1 Quay Street, Galway' },
    });
    expect(placed.status, placed.text).toBe(201);
    const order = await call(shop.app, 'GET /order/:id', {
      as: buyer,
      params: { id: placed.body.insertedId },
    });
    // Irish VAT, 23 % of $120.
    expect(order.body).toMatchObject({ itemsTotal: 100, shipping: 20, tax: 27.6, price: 147.6 });
    expect(order.body.taxLines).toEqual([
      expect.objectContaining({ jurisdiction: 'IE', reason: 'taxed', amount: 27.6 }),
    ]);
  });

  it('is reversed by a refund', async () => {
    const buyer = await signUpCustomer(shop.app, 'refunded');
    const { order, addressId, key } = await checkOutTo(buyer, 'california');
    // The checkout answers the order as it is read afterwards (one statement, not three).
    const read = await call(shop.app, 'GET /order/:id', { as: buyer, params: { id: order._id } });
    expect(order).toEqual(read.body);
    await payWithDemoCard(shop.app, buyer, order._id);
    const paid = await call(shop.app, 'GET /order/:id/receipt', { as: buyer, params: { id: order._id } });
    expect(paid.body).toMatchObject({ tax: 8.7, total: 128.7 });
    expect(paid.body.taxLines).toEqual([
      expect.objectContaining({ reason: 'taxed', amount: 8.7, reversedAt: null }),
    ]);
    const refunded = await adminCancel(shop.app, shop.admin, order._id);
    expect(refunded.body).toMatchObject({ state: 'refunded' });
    const after = await call(shop.app, 'GET /order/:id', { as: buyer, params: { id: order._id } });
    expect(after.body.taxLines[0]!.reversedAt).toEqual(expect.any(String));
    // The checkout's key sent again answers the order as it is now, its tax reversed.
    const again = await call(shop.app, 'POST /checkout', {
      as: buyer,
      headers: { 'idempotency-key': key },
      body: { addressId },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.order).toEqual(after.body);
  });
});

describe('a company’s resale certificate', () => {
  let companyAdmin: SignedIn;
  let companyId: string;

  beforeAll(async () => {
    companyAdmin = await signUpCustomer(shop.app, 'reseller');
    companyId = await openCompany(shop.app, shop.admin, companyAdmin, 'Resale Painters Inc');
  });

  const send = (body: { region: string; number: string; expiresOn: string }, as = companyAdmin) =>
    call(shop.app, 'POST /company/:id/resale-certificate', {
      as,
      params: { id: companyId },
      body: { country: 'US', ...body },
    });

  it('exempts the company’s orders in its state once verified, and names itself on them', async () => {
    const sent = await send({ region: 'ca', number: 'SR-CA-1001', expiresOn: '2099-12-31' });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ region: 'CA', state: 'pending' });
    // Not verified yet: taxed.
    expect((await checkOutTo(companyAdmin, 'california')).order.tax).toBe(8.7);

    const verified = await call(shop.app, 'PATCH /company/:id/resale-certificate/:certificateId', {
      as: shop.admin,
      params: { id: companyId, certificateId: sent.body.id },
      body: { decision: 'verify' },
    });
    expect(verified.body.state).toBe('verified');
    const again = await call(shop.app, 'PATCH /company/:id/resale-certificate/:certificateId', {
      as: shop.admin,
      params: { id: companyId, certificateId: sent.body.id },
      body: { decision: 'reject', reason: 'Too late' },
    });
    expect(again.status).toBe(409);

    const exempt = await checkOutTo(companyAdmin, 'california');
    expect(exempt.estimate.tax).toBe(0);
    expect(exempt.order).toMatchObject({ tax: 0, total: 120 });
    expect(exempt.order.taxLines).toEqual([
      expect.objectContaining({
        jurisdiction: 'US-CA',
        reason: 'exempt',
        amount: 0,
        reference: 'SR-CA-1001',
      }),
    ]);
    // Only in its own state.
    expect((await checkOutTo(companyAdmin, 'newYork')).order.taxLines[0]).toMatchObject({
      reason: 'taxed',
      amount: 5,
    });

    // Once it has expired, the company is taxed again.
    await shop.database.db
      .update(resaleCertificates)
      .set({ expiresOn: '2020-01-31' })
      .where(eq(resaleCertificates.id, sent.body.id));
    expect((await checkOutTo(companyAdmin, 'california')).order.taxLines[0]).toMatchObject({
      reason: 'taxed',
    });
  });

  it('carries its PDF, kept private to the company and the shop, fixed once decided', async () => {
    const sent = await send({ region: 'WA', number: 'WA-RESALE-7', expiresOn: '2099-12-31' });
    const params = { id: companyId, certificateId: sent.body.id };
    const pdf = Buffer.from('%PDF-1.7\n% a resale certificate\n%%EOF\n');
    const attach = async (bytes: Buffer, as = companyAdmin) =>
      call(shop.app, 'PUT /company/:id/resale-certificate/:certificateId/file', {
        as,
        params,
        multipart: await multipart([
          { field: 'file', bytes, filename: 'certificate.pdf', type: 'application/pdf' },
        ]),
      });
    const notPdf = await attach(Buffer.from('GIF89a not a certificate'));
    expect(notPdf.status).toBe(400);
    expect(notPdf.error.message).toBe('Send the certificate as a PDF');
    const attached = await attach(pdf);
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body.hasFile).toBe(true);

    const read = async (as: SignedIn) =>
      shop.app.inject(requestOf('GET /company/:id/resale-certificate/:certificateId/file', { as, params }));
    const byAdmin = await read(shop.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('application/pdf');
    expect(byAdmin.headers['content-disposition']).toMatch(/^attachment; filename="resale-certificate-/);
    expect(byAdmin.rawPayload.equals(pdf)).toBe(true);
    expect((await read(await signUpCustomer(shop.app, 'nosy'))).statusCode).toBe(404);

    await call(shop.app, 'PATCH /company/:id/resale-certificate/:certificateId', {
      as: shop.admin,
      params,
      body: { decision: 'verify' },
    });
    const late = await attach(Buffer.from('%PDF-1.7\n% another\n'));
    expect(late.status).toBe(409);
    expect((await read(companyAdmin)).rawPayload.equals(pdf)).toBe(true);
  });

  it('is refused when already expired, and is sent by the company’s admins only', async () => {
    const expired = await send({ region: 'TX', number: 'TX-1', expiresOn: '2021-06-30' });
    expect(expired.status).toBe(400);
    expect(expired.error.message).toBe('This certificate expired on 2021-06-30: send one that is current');
    const outsider = await signUpCustomer(shop.app, 'outsider');
    expect((await send({ region: 'TX', number: 'TX-2', expiresOn: '2099-01-01' }, outsider)).status).toBe(
      404,
    );
  });
});

describe('reverse charge', () => {
  async function germanCompany(taxNumber: string) {
    const applicant = await signUpCustomer(shop.app, 'gmbh');
    const addressId = await addressAt(applicant, 'germany');
    const applied = await call(shop.app, 'POST /company', {
      as: applicant,
      body: {
        name: 'Malerbetrieb GmbH',
        taxNumber,
        addressId,
        phone: '+49 221 000000',
        monthlyVolume: '1000-5000',
      },
    });
    return { applicant, applied };
  }

  it('applies to an EU company with a VAT number buying from the shop in another member state', async () => {
    const { applicant, applied } = await germanCompany('DE 123 456 789');
    expect(applied.status, applied.text).toBe(201);
    await call(shop.app, 'PATCH /company/:id', {
      as: shop.admin,
      params: { id: applied.body.id },
      body: { decision: 'approve' },
    });
    const { estimate, order } = await checkOutTo(applicant, 'germany');
    expect(estimate.lines[0]).toMatchObject({ reason: 'reverse-charge', reference: 'DE123456789' });
    expect(order).toMatchObject({ tax: 0, total: 120 });
    expect(order.taxLines).toEqual([
      expect.objectContaining({
        jurisdiction: 'DE',
        label: 'VAT',
        reason: 'reverse-charge',
        amount: 0,
        reference: 'DE123456789',
      }),
    ]);
  });

  it('does not apply to a person, who pays the VAT of where the shop is registered', async () => {
    const person = await signUpCustomer(shop.app, 'privat');
    const { order } = await checkOutTo(person, 'germany');
    // 19 % of $120.
    expect(order).toMatchObject({ tax: 22.8, total: 142.8 });
  });

  it('needs a VAT number of the company’s own country: a mistyped one is refused when applying', async () => {
    const { applied } = await germanCompany('DE 12345');
    expect(applied.status).toBe(400);
    expect(applied.error.message).toBe(
      'DE 12345 is not a VAT number of Germany: check its letters and digits',
    );
  });
});

describe('a tax provider that cannot answer', () => {
  let failing: Shop<never>;

  beforeAll(async () => {
    failing = await openShop({
      taxProvider: {
        name: 'unreachable',
        estimate: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9')),
      },
    });
  });
  afterAll(() => failing.close());

  it('refuses the checkout with 503, the cart and the stock as they were: never a silent zero', async () => {
    const toolId = await addTool(failing.app, failing.admin, { orderQuantity: 10, availableQuantity: 100 });
    const buyer = await signUpCustomer(failing.app, 'stranded');
    await call(failing.app, 'PUT /cart/lines', { as: buyer, body: { lines: [{ toolId, quantity: 10 }] } });
    const address = await call(failing.app, 'POST /address', {
      as: buyer,
      body: { name: 'Site', line1: '1 Main Street', phone: '+1 555 0100', ...ADDRESSES.newYork },
    });
    const estimate = await call(failing.app, 'GET /cart/tax', {
      as: buyer,
      query: { addressId: address.body._id },
    });
    expect(estimate.status).toBe(503);
    const placed = await call(failing.app, 'POST /checkout', {
      as: buyer,
      headers: { 'idempotency-key': randomUUID() },
      body: { addressId: address.body._id },
    });
    expect(placed.status).toBe(503);
    expect(placed.error).toMatchObject({
      code: 'tax-unavailable',
      message: 'Tax could not be worked out just now, so nothing was ordered: try again in a minute',
    });
    const spec = await call(failing.app, 'POST /order', {
      as: buyer,
      body: { toolsId: toolId, quantity: 10, phoneNumber: '0871234567', address: '1 Quay Street' },
    });
    expect(spec.status).toBe(503);
    expect((await call(failing.app, 'GET /cart', { as: buyer })).body.lines).toHaveLength(1);
    expect((await call(failing.app, 'GET /my-order', { as: buyer })).body).toEqual([]);
    const [tool] = await failing.database.db.select().from(tools).where(eq(tools.id, toolId));
    expect(tool!.availableQuantity).toBe(100);
  });
});
