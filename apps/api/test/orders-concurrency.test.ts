import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { call } from './helpers/call';
import {
  addTool,
  createTestApp,
  onPostgres,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

let ctx: TestContext;
let admin: SignedIn;
let customers: SignedIn[];

const orderBody = (toolsId: string, quantity: number) => ({
  toolsId,
  phoneNumber: '01711000000',
  address: '1 Easel Street',
  quantity,
});

async function stockOf(toolId: string): Promise<number> {
  const response = await call(ctx.app, 'GET /tool/:id', { params: { id: toolId } });
  return response.body.availableQuantity;
}

async function orderedQuantity(toolId: string): Promise<number> {
  const rows = await ctx.database.db
    .select({ quantity: orders.quantity })
    .from(orders)
    // Orders still holding their units: a cancelled one keeps its row, its stock released (§5.5).
    .where(and(eq(orders.toolId, toolId), isNull(orders.stockReleasedAt)));
  return rows.reduce((sum, row) => sum + row.quantity, 0);
}

// Races: on PostgreSQL only, where requests run at once on a pool of connections (onPostgres).
describe.skipIf(!onPostgres)('stock under concurrent orders', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUpAdmin(ctx.app);
    customers = [];
    for (const label of ['ann', 'ben', 'cas', 'dee', 'eve']) {
      customers.push(await signUpCustomer(ctx.app, label));
    }
  });
  afterAll(() => ctx.close());

  it('100 simultaneous orders for a stock of 50: exactly 50 succeed and the stock is never oversold', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 50, orderQuantity: 1 });
    const owners = Array.from({ length: 100 }, (_, i) => customers[i % customers.length]!);

    const responses = await Promise.all(
      owners.map((customer) => call(ctx.app, 'POST /order', { as: customer, body: orderBody(toolId, 1) })),
    );

    const placed = responses.flatMap((response, i) =>
      response.status === 201 ? [{ id: response.body.insertedId, owner: owners[i]! }] : [],
    );
    const refused = responses.filter((response) => response.status === 409);
    expect(placed).toHaveLength(50);
    expect(refused).toHaveLength(50);
    for (const response of refused) expect(response.error).toMatchObject({ code: 'insufficient-stock' });
    expect(await stockOf(toolId)).toBe(0);
    expect(await orderedQuantity(toolId)).toBe(50);

    // Ten orders cancelled twice each, all at once: each gives its stock back exactly once.
    const toCancel = placed.slice(0, 10);
    const cancels = await Promise.all(
      [...toCancel, ...toCancel].map(({ id, owner }) =>
        call(ctx.app, 'DELETE /order/:id', { as: owner, params: { id } }),
      ),
    );
    const statuses = cancels.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(await stockOf(toolId)).toBe(10);
    expect(await orderedQuantity(toolId)).toBe(40);
  });

  it('mixed quantities and cancels at once keep stock + ordered quantity equal to the starting stock', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 100, orderQuantity: 1 });
    // A few orders to cancel while new ones arrive.
    const earlier: { id: string; owner: SignedIn }[] = [];
    for (const owner of customers) {
      const response = await call(ctx.app, 'POST /order', { as: owner, body: orderBody(toolId, 4) });
      earlier.push({ id: response.body.insertedId, owner });
    }
    expect(await stockOf(toolId)).toBe(80);

    const requests = [
      ...Array.from({ length: 60 }, (_, i) => {
        const owner = customers[i % customers.length]!;
        const payload = orderBody(toolId, (i % 5) + 1);
        return call(ctx.app, 'POST /order', { as: owner, body: payload });
      }),
      ...earlier.map(({ id, owner }) => call(ctx.app, 'DELETE /order/:id', { as: owner, params: { id } })),
    ];
    const responses = await Promise.all(requests);
    for (const response of responses) expect([200, 201, 409]).toContain(response.status);

    const stock = await stockOf(toolId);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + (await orderedQuantity(toolId))).toBe(100);
  });
});
