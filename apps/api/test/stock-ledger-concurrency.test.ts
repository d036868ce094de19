import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { lowestStockAfter, stockAndLedger } from './helpers/stock-ledger';
import { addTool, onPostgres, openShop, type Shop, type SignedIn } from './helpers/test-app';

/**
 * docs/behaviour.md §3.11 under load: orders, cancellations, restocks and adjustments all at
 * once. On PostgreSQL only (TEST_DATABASE_URL), where they truly run in parallel on a pool of
 * connections; on PGlite they cannot (onPostgres).
 */
const LABELS = ['ann', 'ben', 'cas', 'dee', 'eve', 'fay'] as const;
let ctx: Shop<(typeof LABELS)[number]>;

const orderBody = (toolsId: string, quantity: number) => ({
  toolsId,
  phoneNumber: '01711000000',
  address: '1 Easel Street',
  quantity,
});

describe.skipIf(!onPostgres)('the stock ledger under concurrent writes', () => {
  beforeAll(async () => {
    ctx = await openShop({ customers: LABELS });
  });
  afterAll(() => ctx.close());

  it('stock = sum of movements and never below zero after concurrent orders, cancels, restocks and adjustments', async () => {
    const { app, admin } = ctx;
    const customers = LABELS.map((label) => ctx.customers[label]);
    const toolId = await addTool(app, admin, { availableQuantity: 60, orderQuantity: 1, perPartsPrice: 1 });

    // A first wave of orders, so that there are orders to cancel in the second.
    const first = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(app, 'POST /order', { as: customers[i % customers.length]!, body: orderBody(toolId, 3) }),
      ),
    );
    const placedFirst = first.flatMap((response, i) =>
      response.status === 201
        ? [
            {
              id: response.body.insertedId,
              owner: customers[i % customers.length]!,
            },
          ]
        : [],
    );
    expect(placedFirst).toHaveLength(20);

    // The second wave: more orders than stock, every first-wave order cancelled twice, restocks
    // and adjustments both ways, all at once.
    const cancels = [...placedFirst, ...placedFirst].map(({ id, owner }: { id: string; owner: SignedIn }) =>
      call(app, 'DELETE /order/:id', { as: owner, params: { id } }),
    );
    const orders = Array.from({ length: 60 }, (_, i) =>
      call(app, 'POST /order', { as: customers[i % customers.length]!, body: orderBody(toolId, 2) }),
    );
    const restocks = Array.from({ length: 10 }, () =>
      call(app, 'POST /tool/:id/restock', { as: admin, params: { id: toolId }, body: { quantity: 4 } }),
    );
    const adjustments = Array.from({ length: 20 }, (_, i) =>
      call(app, 'POST /tool/:id/stock-adjustment', {
        as: admin,
        params: { id: toolId },
        body: { delta: i % 2 === 0 ? -5 : 1, reason: 'Concurrent count' },
      }),
    );
    const [cancelled, placed, restocked, adjusted] = await Promise.all([
      Promise.all(cancels),
      Promise.all(orders),
      Promise.all(restocks),
      Promise.all(adjustments),
    ]);

    // Each order is cancelled exactly once; everything else either happened or was refused cleanly.
    expect(cancelled.filter((r) => r.status === 200)).toHaveLength(20);
    // The loser finds the order cancelled (it keeps its row, docs/behaviour.md §5.5).
    expect(cancelled.filter((r) => r.status === 409)).toHaveLength(20);
    for (const r of placed) expect([201, 409], r.text).toContain(r.status);
    for (const r of restocked) expect(r.status, r.text).toBe(201);
    for (const r of adjusted) expect([201, 409], r.text).toContain(r.status);

    const placedUnits = placed.filter((r) => r.status === 201).length * 2;
    const adjustedUnits = adjusted.reduce(
      (sum, r, i) => (r.status === 201 ? sum + (i % 2 === 0 ? -5 : 1) : sum),
      0,
    );
    const expected = 60 + 10 * 4 + adjustedUnits - placedUnits;

    const { stock, ledgerSum, movements } = await stockAndLedger(ctx.database.db, toolId);
    expect(stock).toBe(expected);
    expect(ledgerSum).toBe(stock);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(await lowestStockAfter(ctx.database.db, toolId)).toBeGreaterThanOrEqual(0);
    // initial + 20 first-wave reservations + 20 releases + the second wave's successes
    const successes = [...placed, ...restocked, ...adjusted].filter((r) => r.status === 201).length;
    expect(movements).toBe(1 + 20 + 20 + successes);
  });
});
