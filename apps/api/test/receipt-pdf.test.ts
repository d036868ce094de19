import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { call, requestOf } from './helpers/call';
import { payOrder, placeOrder } from './helpers/payments';
import { addTool, openShop, signUp, type Shop, type SignedIn } from './helpers/test-app';

// docs/behaviour.md §5.16: a paid order's receipt as a PDF, with the shop's details from
// configuration, for the order's customer and admins only.

const SHOP = {
  SHOP_NAME: 'Pinceaux Zoë & Fils Ltd',
  SHOP_ADDRESS: '3 Rue de l’Atelier | 69002 Lyon | France',
  SHOP_EMAIL: 'ventes@pinceaux.example',
  SHOP_TAX_NUMBER: 'FR40123456789',
};

let shop: Shop<'ben'>;
/** A customer whose name and address need more than WinAnsi. */
let zoe: SignedIn;
let addressId: string;
let tools: { id: string; name: string; sku: string }[];

beforeAll(async () => {
  shop = await openShop({ customers: ['ben'], env: SHOP });
  zoe = await signUp(shop.app, 'Zoë O’Brien-Łódź', `zoe-${randomUUID().slice(0, 8)}@shop.test`);
  const address = await call(shop.app, 'POST /address', {
    as: zoe,
    body: {
      name: 'Zoë O’Brien',
      company: 'Łódź Décor 株式会社',
      line1: '12 Ulica Piotrkowska',
      city: 'Łódź',
      postalCode: 'LS1 4AB',
      country: 'GB',
      phone: '+44 113 496 0000',
    },
  });
  expect(address.status, address.text).toBe(201);
  addressId = address.body._id;
  tools = [];
  for (const [name, sku, price] of [
    ['Flat Wall Brush', 'FW-12', 12],
    ['Angled Sash Brush “Pro”', 'AS-50', 9],
    ['Crème Roller – 9″', 'CR-9', 4],
  ] as const) {
    const id = await addTool(shop.app, shop.admin, {
      name,
      sku,
      perPartsPrice: price,
      orderQuantity: 1,
      availableQuantity: 10_000,
    });
    tools.push({ id, name, sku });
  }
});
afterAll(() => shop.close());

/** Checks out a cart of these lines for Zoë, with a PO number, and answers the order's id. */
async function checkOut(
  lines: { toolId: string; quantity: number }[],
  poNumber = 'PO-2291',
): Promise<string> {
  const put = await call(shop.app, 'PUT /cart/lines', { as: zoe, body: { lines } });
  expect(put.status, put.text).toBe(200);
  const placed = await call(shop.app, 'POST /checkout', {
    as: zoe,
    headers: { 'idempotency-key': randomUUID() },
    body: { addressId, poNumber, note: 'Ring the bell – twice' },
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.body.order._id;
}

/** The PDF as the API answers it: the raw bytes, not text. */
async function receiptPdf(id: string, caller: SignedIn | null) {
  const response = await shop.app.inject(
    requestOf('GET /order/:id/receipt/pdf', { as: caller, params: { id } }),
  );
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: () => response.json(),
  };
}

/** Each page's text, as a reader's copy and paste would give it. */
async function pagesOf(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)));
  return text;
}

describe("a paid order's receipt as a PDF", () => {
  it('holds the configured shop, the order, the customer, every line, the totals and the PO number', async () => {
    const id = await checkOut(tools.map((tool, index) => ({ toolId: tool.id, quantity: 10 * (index + 1) })));
    await payOrder(shop.app, zoe, id);

    const response = await receiptPdf(id, zoe);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${id.slice(0, 8)}.pdf"`,
    );
    // Someone's document: no browser or proxy keeps it (docs/behaviour.md §9.1).
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await pagesOf(response.bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    // The seller comes from configuration, not from the built-in company.
    for (const part of [SHOP.SHOP_NAME, '3 Rue de l’Atelier', '69002 Lyon', 'France', SHOP.SHOP_EMAIL]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(`Tax number ${SHOP.SHOP_TAX_NUMBER}`);
    expect(text).not.toContain('Brushworks');
    expect(text).toContain('Receipt');

    // Everything else as the receipt's JSON has it, money in the screen's words.
    const receipt = (await call(shop.app, 'GET /order/:id/receipt', { as: zoe, params: { id } })).body;
    expect(receipt.items).toHaveLength(3);
    for (const part of [
      id,
      receipt.transactionId,
      'PO-2291',
      'Ring the bell – twice',
      'Zoë O’Brien-Łódź',
      zoe.email,
      'Łódź',
    ]) {
      expect(text).toContain(part);
    }
    for (const item of receipt.items) {
      expect(text).toContain(item.tool);
      expect(text).toContain(`SKU ${item.sku}`);
      expect(text).toContain(formatCount(item.quantity));
      expect(text).toContain(formatDollars(item.unitPrice));
      expect(text).toContain(formatDollars(item.amount));
    }
    expect(receipt.items.map((item) => item.tool)).toEqual(tools.map((tool) => tool.name));
    expect(text).toMatch(new RegExp(`Items\\s+${escape(formatDollars(receipt.itemsTotal))}`));
    expect(text).toMatch(new RegExp(`Shipping\\s+${escape(formatDollars(receipt.shipping))}`));
    expect(text).toMatch(new RegExp(`Total paid\\s+${escape(formatDollars(receipt.total))}`));
    // The tax as the order froze it, a row per tax line (docs/behaviour.md §5.22).
    for (const line of receipt.taxLines) {
      expect(text).toContain(line.label);
      expect(text).toContain(formatDollars(line.amount));
    }
    // A character the font lacks prints as U+FFFD, and the rest of the line stays.
    expect(text).toContain('Łódź Décor \uFFFD\uFFFD\uFFFD\uFFFD');
    expect(text).toContain('Page 1 of 1');
  });

  it('an admin gets any; another customer hears 404, as for an unknown order; a visitor 401', async () => {
    const { ben } = shop.customers;
    const id = await checkOut([{ toolId: tools[0]!.id, quantity: 5 }]);
    await payOrder(shop.app, zoe, id);
    expect((await receiptPdf(id, shop.admin)).status).toBe(200);
    const foreign = await receiptPdf(id, ben);
    const unknown = await receiptPdf(randomUUID(), ben);
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await receiptPdf('not-a-uuid', ben)).status).toBe(404);
    expect((await receiptPdf(id, null)).status).toBe(401);
  });

  it('an unpaid order has none yet: 409, and stays unknown to anyone else', async () => {
    const { ben } = shop.customers;
    const id = await placeOrder(shop.app, ben, tools[0]!.id, 5);
    const response = await receiptPdf(id, ben);
    expect(response.status).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message: 'This order is not paid yet: its receipt comes with the payment',
    });
    expect((await receiptPdf(id, zoe)).status).toBe(404);
  });

  it('an order of 60 lines runs over pages, each with the table header, every tool on one of them', async () => {
    const many: { id: string; name: string }[] = [];
    for (let n = 1; n <= 60; n++) {
      const name = `Detail Brush Nº ${String(n).padStart(2, '0')}`;
      const id = await addTool(shop.app, shop.admin, {
        name,
        sku: `DB-${n}`,
        perPartsPrice: 3,
        orderQuantity: 1,
        availableQuantity: 1000,
      });
      many.push({ id, name });
    }
    const id = await checkOut(many.map((tool) => ({ toolId: tool.id, quantity: 2 })));
    await payOrder(shop.app, zoe, id);

    const response = await receiptPdf(id, zoe);
    expect(response.status).toBe(200);
    const pages = await pagesOf(response.bytes);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (const tool of many) expect(all).toContain(tool.name);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain(SHOP.SHOP_NAME);
      // A page with lines on it starts them under the table's header.
      if (page.includes('Detail Brush')) expect(page).toMatch(/Tool\s+Quantity\s+Unit price\s+Amount/);
    });
    // No line is cut between two pages: each tool's name is whole on one page.
    const count = (name: string) => pages.filter((page) => page.includes(name)).length;
    expect(many.map((tool) => count(tool.name))).toEqual(many.map(() => 1));
    expect(pages.at(-1)).toContain('Total paid');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
