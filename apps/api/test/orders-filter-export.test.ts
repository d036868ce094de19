import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { exportOrdersCsv } from '../src/modules/ordering/orders/export-orders';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { call, nextPageQuery, type Answer } from './helpers/call';
import { placeOrder } from './helpers/payments';
import { readSpreadsheetCsv } from './helpers/spreadsheet-csv';
import { openShop, signUp, type Shop, type SignedIn } from './helpers/test-app';

// docs/behaviour.md §5.15 and §5.17: Total Orders by state, searched and paged; its CSV export.

let ctx: Shop<'ann' | 'ben'>;
/** A customer whose name and e-mail a spreadsheet would run as formulas. */
let mallory: SignedIn;
const ids: Record<'unpaid' | 'paid' | 'shipped' | 'mallory', string[]> = {
  unpaid: [],
  paid: [],
  shipped: [],
  mallory: [],
};

async function setPaid(id: string, shipped = false) {
  await ctx.database.db
    .update(orders)
    .set({
      paid: true,
      state: shipped ? 'shipped' : 'paid',
      transactionId: `pi_test_${id}`,
      paidAt: new Date(),
      ship: shipped,
    })
    .where(eq(orders.id, id));
}

/** The CSV's rows as a spreadsheet reads them, byte order mark dropped, header row first. */
const csvRows = (body: string): string[][] => parse(body, { bom: true, relax_column_count: false });

beforeAll(async () => {
  ctx = await openShop({ customers: ['ann', 'ben'], tool: { availableQuantity: 100_000 } });
  mallory = await signUp(ctx.app, '=HYPERLINK("http://evil.test","Click")', '+mallory@evil.test');
  const { ann, ben } = ctx.customers;
  for (const customer of [ann, ann, ben]) ids.unpaid.push(await placeOrder(ctx.app, customer, ctx.toolId));
  for (const customer of [ann, ben]) {
    const id = await placeOrder(ctx.app, customer, ctx.toolId);
    await setPaid(id);
    ids.paid.push(id);
  }
  for (const customer of [ben, ben]) {
    const id = await placeOrder(ctx.app, customer, ctx.toolId);
    await setPaid(id, true);
    ids.shipped.push(id);
  }
  const id = await placeOrder(ctx.app, mallory, ctx.toolId);
  ids.mallory.push(id);
  ids.unpaid.push(id);
});
afterAll(() => ctx.close());

const idsOf = (response: Answer<'GET /order'>) => response.body.map((order) => order._id).sort();

describe('Total Orders filtered by state (GET /order?state=)', () => {
  it('unpaid, paid (not shipped) and shipped each list exactly their orders', async () => {
    for (const state of ['unpaid', 'paid', 'shipped'] as const) {
      const response = await call(ctx.app, 'GET /order', { as: ctx.admin, query: { state } });
      expect(response.status, response.text).toBe(200);
      expect(idsOf(response), state).toEqual([...ids[state]].sort());
    }
  });

  it("finds a cancelled order, which keeps its row (§5.5), under 'cancelled' only", async () => {
    const cancelled = await placeOrder(ctx.app, ctx.customers.ann, ctx.toolId);
    await call(ctx.app, 'DELETE /order/:id', { as: ctx.customers.ann, params: { id: cancelled } });
    const response = await call(ctx.app, 'GET /order', { as: ctx.admin, query: { state: 'cancelled' } });
    expect(response.status).toBe(200);
    expect(idsOf(response)).toEqual([cancelled]);
    expect(
      idsOf(await call(ctx.app, 'GET /order', { as: ctx.admin, query: { state: 'unpaid', limit: '100' } })),
    ).not.toContain(cancelled);
    const exported = csvRows(
      (await call(ctx.app, 'GET /order-export', { as: ctx.admin, query: { state: 'cancelled' } })).text,
    ).slice(1);
    expect(exported.map((row) => row[0])).toEqual([cancelled]);
  });

  it('combines with the search and pages by cursor, each order once', async () => {
    const ben = ctx.customers.ben;
    expect(
      idsOf(await call(ctx.app, 'GET /order', { as: ctx.admin, query: { state: 'shipped', q: ben.email } })),
    ).toEqual([...ids.shipped].sort());
    expect(
      (await call(ctx.app, 'GET /order', { as: ctx.admin, query: { state: 'paid', q: 'nobody-at-all' } }))
        .body,
    ).toEqual([]);
    const first = await call(ctx.app, 'GET /order', {
      as: ctx.admin,
      query: { state: 'unpaid', limit: '3' },
    });
    const next = nextPageQuery(first);
    expect(next).toMatchObject({ state: 'unpaid' });
    const second = await call(ctx.app, 'GET /order', { as: ctx.admin, query: next });
    expect(second.headers.link).toBeUndefined();
    const paged = [...first.body, ...second.body].map((order) => order._id);
    expect(paged.sort()).toEqual([...ids.unpaid].sort());
  });

  it('refuses a state it does not know, naming the ones it does', async () => {
    const response = await call(ctx.app, 'GET /order', { as: ctx.admin, unsafeQuery: { state: 'lost' } });
    expect(response.status).toBe(400);
    expect(response.error.message).toContain('state must be one of: unpaid, paid, shipped, cancelled');
  });
});

describe('the CSV export (GET /order-export)', () => {
  it('is for admins only', async () => {
    expect((await call(ctx.app, 'GET /order-export')).status).toBe(401);
    expect((await call(ctx.app, 'GET /order-export', { as: ctx.customers.ann })).status).toBe(403);
  });

  it('is a CSV download: a header row, then every order of the filter, newest first', async () => {
    const response = await call(ctx.app, 'GET /order-export', { as: ctx.admin });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvRows(response.text);
    expect(header).toEqual([
      'Order number',
      'Placed at',
      'Customer',
      'Email',
      'Phone',
      'Address',
      'PO number',
      'Note',
      'Line',
      'SKU',
      'Tool',
      'Quantity',
      'Unit price',
      'Line total',
      'Items',
      'Shipping',
      'Tax',
      'Total',
      'State',
      'Paid at',
      'Transaction id',
      'Shipped at',
    ]);
    const list = (await call(ctx.app, 'GET /order', { as: ctx.admin })).body;
    expect(rows.map((row) => row[0])).toEqual(list.map((order) => order._id));
    const shipped = rows.find((row) => row[0] === ids.shipped[0])!;
    const order = list.find((o) => o._id === ids.shipped[0])!;
    expect(shipped.slice(2, 4)).toEqual([order.name, order.email]);
    // A one-tool order is one row: its one line, then the order's amounts.
    // The tool was added without a SKU: it has the one the shop made up for it.
    expect(shipped[9]).toMatch(/^BW-[0-9A-F]{10}$/);
    expect([shipped[8], ...shipped.slice(10, 19)]).toEqual([
      '1',
      order.toolsName,
      String(order.quantity),
      order.unitPrice!.toFixed(2),
      order.itemsTotal.toFixed(2),
      order.itemsTotal.toFixed(2),
      order.shipping.toFixed(2),
      order.tax.toFixed(2),
      order.total.toFixed(2),
      'shipped',
    ]);
    expect(shipped[20]).toBe(`pi_test_${ids.shipped[0]}`);
  });

  it('exports the filter of the screen: state and search', async () => {
    const { ben } = ctx.customers;
    const response = await call(ctx.app, 'GET /order-export', {
      as: ctx.admin,
      query: { state: 'shipped', q: ben.name },
    });
    const rows = csvRows(response.text).slice(1);
    expect(rows.map((row) => row[0]).sort()).toEqual([...ids.shipped].sort());
    expect(
      csvRows(
        (await call(ctx.app, 'GET /order-export', { as: ctx.admin, query: { state: 'refunded' } })).text,
      ),
    ).toHaveLength(1);
    const refused = await call(ctx.app, 'GET /order-export', {
      as: ctx.admin,
      unsafeQuery: { state: 'lost', limit: '5' },
    });
    expect(refused.status).toBe(400);
  });

  it('cells a spreadsheet would run as formulas get a leading apostrophe; quotes are doubled', async () => {
    const body = (await call(ctx.app, 'GET /order-export', { as: ctx.admin, query: { q: 'evil.test' } }))
      .text;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    const [row] = csvRows(body).slice(1);
    expect(row![2]).toBe(`'=HYPERLINK("http://evil.test","Click")`);
    expect(row![3]).toBe(`'+mallory@evil.test`);
  });

  it('an address of several lines stays one cell of one row, each of its lines defused', async () => {
    const address = '1 Evil Road\n=HYPERLINK("http://evil.test","Click")\r\n+1\r@SUM(A1)';
    const placed = await call(ctx.app, 'POST /order', {
      as: mallory,
      body: { toolsId: ctx.toolId, phoneNumber: '01711000000', address, quantity: 10 },
    });
    expect(placed.status, placed.text).toBe(201);
    const { insertedId } = placed.body;
    const body = (await call(ctx.app, 'GET /order-export', { as: ctx.admin, query: { q: 'evil.test' } }))
      .text;
    // As a spreadsheet reads it: a bare line break outside quotes would start a row of its own.
    const rows = readSpreadsheetCsv(body).slice(1);
    expect(rows.map((row) => row[0]).sort()).toEqual([...ids.mallory, insertedId].sort());
    const row = rows.find((cells) => cells[0] === insertedId)!;
    expect(row[5]).toBe(`1 Evil Road\n'=HYPERLINK("http://evil.test","Click")\r\n'+1\r'@SUM(A1)`);
  });
});

describe('the export streams from the database a page at a time', () => {
  const BULK = 1_234;

  beforeAll(async () => {
    // Orders written straight into the table: placing 1,234 through the API would take minutes.
    await ctx.database.db.execute(sql`
      insert into orders (tool_name, user_id, customer_name, email, phone_number, address, quantity,
        unit_price_cents, items_total_cents, shipping_cents, price_cents, created_at)
      select 'Bulk Brush', ${ctx.customers.ann.id}, 'Bulk buyer ' || g, 'bulk' || g || '@shop.test',
        '01711000000', 'Bulk Street', 1, 100, 100, 0, 100, now() - interval '1 day' - g * interval '1 second'
      from generate_series(1, ${BULK}) g`);
    // Every order has its lines (docs/behaviour.md §5.1): each of these, its one.
    await ctx.database.db.execute(sql`
      insert into order_lines (order_id, position, tool_name, quantity, unit_price_cents, line_total_cents)
      select id, 1, tool_name, quantity, unit_price_cents, items_total_cents from orders where tool_name = 'Bulk Brush'`);
  });

  it('many orders come out each once, in order, across several pages', async () => {
    const rows = csvRows(
      (await call(ctx.app, 'GET /order-export', { as: ctx.admin, query: { q: 'bulk' } })).text,
    ).slice(1);
    expect(rows).toHaveLength(BULK);
    expect(rows.map((row) => row[2])).toEqual(Array.from({ length: BULK }, (_, i) => `Bulk buyer ${i + 1}`));
  });

  it('reads the next page only when the last is taken: an order changed meanwhile is written as it is then', async () => {
    const stream = exportOrdersCsv(
      ctx.database.db,
      { q: 'bulk' },
      {
        pageSize: 100,
        onError: (e) => {
          throw e;
        },
      },
    );
    const chunks: string[] = [];
    let changed = false;
    for await (const chunk of stream) {
      chunks.push(String(chunk));
      if (!changed) {
        // The 1,000th order is on page ten: not read yet while the first page is being written.
        // Renamed, it no longer matches the filter (orders are never deleted, decision 0046).
        const [row] = rowsOf<{ id: string }>(
          await ctx.database.db.execute(
            sql`update orders set customer_name = 'Renamed', email = 'renamed@shop.test'
                where customer_name = 'Bulk buyer 1000' returning id`,
          ),
        );
        expect(row).toBeDefined();
        changed = true;
      }
    }
    const names = csvRows(chunks.join(''))
      .slice(1)
      .map((row) => row[2]);
    expect(names).toHaveLength(BULK - 1);
    expect(names).toContain('Bulk buyer 999');
    expect(names).not.toContain('Bulk buyer 1000');
  });
});
