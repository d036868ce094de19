import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared/constants';
import { decideOrder, type OrderLimits, type OrderRules } from '@shop/shared/order-decision';
import { priceOrder, type PriceBreak } from '@shop/shared/pricing';
import { rowsOf, type DatabaseHandle, type Transaction } from '../src/db/client';
import { users } from '../src/modules/accounts';
import { tools } from '../src/modules/catalogue';
import { orders } from '../src/modules/ordering';
import { openTestDatabase } from './helpers/test-app';

/**
 * One order decision (docs/behaviour.md §5.3), tied end to end: for generated tools, quantities,
 * order minimums, total caps and open orders, the database function place_order (run in a
 * transaction that is then rolled back) and the shared module the purchase page decides with
 * (packages/shared/src/order-decision.ts) give the same answer: the same refusal, in the same
 * order of rules, or the same order at the same price. On PGlite in `npm test`, on PostgreSQL
 * in the PostgreSQL pass.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const CUSTOMER = 'order-decision-customer';

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.insert(users).values({ id: CUSTOMER, name: 'Dee Cider', email: 'dee@shop.test' });
});
afterAll(async () => {
  await database.close();
  await drop();
});

interface GeneratedTool extends OrderRules {
  isArchived: boolean;
}

const ladder: fc.Arbitrary<PriceBreak[]> = fc
  .uniqueArray(fc.integer({ min: 2, max: 3000 }), { maxLength: 4 })
  .chain((froms) =>
    fc
      .tuple(...froms.map(() => fc.integer({ min: 1, max: 50_000 })))
      .map((cents) => froms.map((fromQuantity, index) => ({ fromQuantity, unitPriceCents: cents[index]! }))),
  );

/** A tool as the database accepts one: its minimum a whole number of packs, its maximum not below it. */
const tool: fc.Arbitrary<GeneratedTool> = fc
  .record({
    packSize: fc.integer({ min: 1, max: 24 }),
    minPacks: fc.integer({ min: 1, max: 20 }),
    extraPacks: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    availableQuantity: fc.integer({ min: 0, max: 3000 }),
    unitPriceCents: fc.integer({ min: 1, max: 100_000 }),
    priceBreaks: ladder,
    shipPriceCents: fc.integer({ min: 0, max: 10_000 }),
    isArchived: fc.integer({ min: 0, max: 9 }).map((roll) => roll === 0),
  })
  .map(({ packSize, minPacks, extraPacks, ...rest }) => ({
    ...rest,
    packSize,
    minOrderQuantity: packSize * minPacks,
    maxOrderQuantity: extraPacks === null ? null : packSize * (minPacks + extraPacks),
  }));

/** Quantities near the tool's edges as often as anywhere. */
const quantityFor = (generated: GeneratedTool) =>
  fc.oneof(
    fc.integer({ min: 1, max: 3500 }),
    fc.integer({ min: -2, max: 2 }).map((step) => Math.max(1, generated.minOrderQuantity + step)),
    fc.integer({ min: 1, max: 40 }).map((packs) => packs * generated.packSize),
  );

/** Limits, as often as not on the edge of this order's own amounts (one cent either side, or on it). */
const limitsFor = (generated: GeneratedTool, quantity: number): fc.Arbitrary<Required<OrderLimits>> => {
  const { itemsTotalCents, totalCents } = priceOrder(generated, quantity);
  const near = (cents: number) => fc.integer({ min: -1, max: 1 }).map((step) => Math.max(0, cents + step));
  return fc.record({
    orderMinimumCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 }), near(itemsTotalCents)),
    maxTotalCents: fc.oneof(
      fc.constant(MAX_ORDER_TOTAL_CENTS),
      fc.integer({ min: 1_000, max: 2_000_000 }),
      near(totalCents),
    ),
    openUnpaidOrders: fc.integer({ min: 0, max: 3 }),
    maxOpenUnpaid: fc.integer({ min: 1, max: 3 }),
  });
};

class RolledBack extends Error {}

/** What place_order does with one order, everything undone afterwards. */
async function placeOrderAndRollBack(
  generated: GeneratedTool,
  quantity: number,
  limit: Required<OrderLimits>,
) {
  let seen: { outcome: string; order?: typeof orders.$inferSelect; stockAfter?: number } | undefined;
  await database.db
    .transaction(async (tx) => {
      for (let i = 0; i < limit.openUnpaidOrders; i += 1) await fillerOrder(tx);
      const [row] = await tx
        .insert(tools)
        .values({
          name: 'Generated tool',
          imageUrl: 'https://images.example.com/tool.webp',
          description: 'A tool the property test made up.',
          availableQuantity: generated.availableQuantity,
          minOrderQuantity: generated.minOrderQuantity,
          unitPriceCents: generated.unitPriceCents,
          packSize: generated.packSize,
          maxOrderQuantity: generated.maxOrderQuantity,
          shipPriceCents: generated.shipPriceCents,
          priceBreaks: [...generated.priceBreaks],
          archivedAt: generated.isArchived ? new Date() : null,
        })
        .returning({ id: tools.id });
      const [result] = rowsOf<{ outcome: string; order_id: string | null }>(
        await tx.execute(sql`select outcome, order_id from place_order(
          ${CUSTOMER}, 'Dee Cider', 'dee@shop.test', ${row!.id}, ${quantity}, '01711000000', '1 Test Lane',
          ${limit.maxOpenUnpaid}, ${limit.maxTotalCents}, ${limit.orderMinimumCents})`),
      );
      seen = { outcome: result!.outcome };
      if (result!.order_id) {
        [seen.order] = await tx.select().from(orders).where(eq(orders.id, result!.order_id));
        const [after] = await tx.select().from(tools).where(eq(tools.id, row!.id));
        seen.stockAfter = after!.availableQuantity;
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return seen!;
}

/** An unpaid order of another tool, to count against the cap. */
async function fillerOrder(tx: Transaction) {
  const [filler] = await tx
    .insert(tools)
    .values({
      name: 'Filler',
      imageUrl: 'https://images.example.com/filler.webp',
      description: 'Stands in for an unpaid order.',
      availableQuantity: 10,
      minOrderQuantity: 1,
      unitPriceCents: 100,
    })
    .returning({ id: tools.id });
  await tx.execute(sql`select place_order(${CUSTOMER}, 'Dee Cider', 'dee@shop.test', ${filler!.id}, 1,
    '01711000000', '1 Test Lane', 1000, ${MAX_ORDER_TOTAL_CENTS}, 0)`);
}

describe('the order decision', () => {
  it('is the same in place_order as on the purchase page, for any tool, quantity and limits', async () => {
    await fc.assert(
      fc.asyncProperty(
        tool
          .chain((generated) => fc.tuple(fc.constant(generated), quantityFor(generated)))
          .chain(([generated, quantity]) =>
            fc.tuple(fc.constant(generated), fc.constant(quantity), limitsFor(generated, quantity)),
          ),
        async ([generated, quantity, limit]) => {
          const placed = await placeOrderAndRollBack(generated, quantity, limit);
          const decision = decideOrder(generated, quantity, limit);
          // An archived tool is out of the shop: the database answers as for an unknown one,
          // after the open-orders cap, which it checks first.
          const expected =
            generated.isArchived && decision.refusal?.code !== 'too-many-unpaid'
              ? 'tool-not-found'
              : (decision.refusal?.code ?? 'placed');
          expect(placed.outcome).toBe(expected);
          if (placed.outcome !== 'placed' || !decision.price) return;
          expect({
            quantity: placed.order!.quantity,
            unitPriceCents: placed.order!.unitPriceCents,
            itemsTotalCents: placed.order!.itemsTotalCents,
            shippingCents: placed.order!.shippingCents,
            totalCents: placed.order!.priceCents,
          }).toEqual({
            quantity,
            unitPriceCents: decision.price.unitPriceCents,
            itemsTotalCents: decision.price.itemsTotalCents,
            shippingCents: decision.price.shippingCents,
            totalCents: decision.price.totalCents,
          });
          expect(placed.stockAfter).toBe(generated.availableQuantity - quantity);
        },
      ),
      { numRuns: 250 },
    );
  });
});
