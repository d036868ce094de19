import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCancel,
  chargeDemoCard,
  customerCancel,
  eventKinds,
  expireDue,
  payWithDemoCard,
  releasesOf,
} from './helpers/order-lifecycle';
import { markPaid, placeOrder, readOrder } from './helpers/payments';
import { stockAndLedger } from './helpers/stock-ledger';
import { addTool, onPostgres, openShop, type Shop, type SignedIn } from './helpers/test-app';

/**
 * docs/behaviour.md §5.5 under races. On PostgreSQL only (npm run test:postgres, and CI), where
 * the requests truly run at once on a pool of connections; on PGlite they cannot (onPostgres).
 * Each race has exactly one winner per order, and an order's stock comes back at most once.
 */
let ctx: Shop<'alice'>;
let alice: SignedIn;
const ORDERS = 8;
const QUANTITY = 10;
const START = 10_000;
const TTL = 3_600_000;
const due = () => ({ now: new Date(Date.now() + 2 * TTL), ttlMs: TTL });

async function freshTool(): Promise<string> {
  return addTool(ctx.app, ctx.admin, { availableQuantity: START, orderQuantity: QUANTITY, perPartsPrice: 7 });
}

async function placeMany(toolId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < ORDERS; i++) ids.push(await placeOrder(ctx.app, alice, toolId, QUANTITY));
  return ids;
}

async function stockIsLedger(toolId: string) {
  const { stock, ledgerSum } = await stockAndLedger(ctx.database.db, toolId);
  expect(stock).toBe(ledgerSum);
  return stock;
}

describe.skipIf(!onPostgres)('races on the order lifecycle', () => {
  beforeAll(async () => {
    ctx = await openShop({ customers: ['alice'] });
    alice = ctx.customers.alice;
  });
  afterAll(() => ctx.close());

  it('pay vs expire: each order is paid or expired-and-refunded, never both kept; stock released once', async () => {
    const toolId = await freshTool();
    const ids = await placeMany(toolId);
    const charged = await Promise.all(ids.map((id) => chargeDemoCard(ctx.app, alice, id)));
    await Promise.all([
      ...ids.map((id, i) => markPaid(ctx.app, alice, id, { tools: id, transactionId: charged[i]! })),
      expireDue(ctx.app, due()),
      expireDue(ctx.app, due()),
    ]);
    let kept = 0;
    for (const id of ids) {
      const { state } = (await readOrder(ctx.app, alice, id)) as unknown as { state: string };
      const kinds = await eventKinds(ctx.database.db, id);
      if (state === 'paid') {
        kept++;
        expect(kinds).toEqual(['placed', 'payment-started', 'paid']);
        expect(await releasesOf(ctx.database.db, id)).toBe(0);
      } else {
        expect(state).toBe('refunded');
        expect(kinds).toEqual(['placed', 'payment-started', 'expired', 'paid', 'refunded']);
        expect(await releasesOf(ctx.database.db, id)).toBe(1);
      }
    }
    expect(await stockIsLedger(toolId)).toBe(START - kept * QUANTITY);
  });

  it('cancel vs expire: each order is cancelled or expired, by one winner; stock released once', async () => {
    const toolId = await freshTool();
    const ids = await placeMany(toolId);
    await Promise.all([
      ...ids.map((id) => customerCancel(ctx.app, alice, id)),
      ...ids.map((id) => customerCancel(ctx.app, alice, id)),
      expireDue(ctx.app, due()),
      expireDue(ctx.app, due()),
    ]);
    for (const id of ids) {
      const kinds = await eventKinds(ctx.database.db, id);
      expect(kinds).toHaveLength(2);
      expect(['cancelled-by-customer', 'expired']).toContain(kinds[1]);
      expect(await releasesOf(ctx.database.db, id)).toBe(1);
    }
    expect(await stockIsLedger(toolId)).toBe(START);
  });

  it('three admins refunding the same paid orders at once: refunded once each, stock returned once', async () => {
    const toolId = await freshTool();
    const ids = await placeMany(toolId);
    for (const id of ids) await payWithDemoCard(ctx.app, alice, id);
    const answers = await Promise.all(
      ids.flatMap((id) => [1, 2, 3].map(() => adminCancel(ctx.app, ctx.admin, id))),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    for (const id of ids) {
      expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'refunded' });
      expect(await eventKinds(ctx.database.db, id)).toEqual([
        'placed',
        'payment-started',
        'paid',
        'cancelled-by-admin',
        'refunded',
      ]);
      expect(await releasesOf(ctx.database.db, id)).toBe(1);
    }
    expect(await stockIsLedger(toolId)).toBe(START);
  });
});
