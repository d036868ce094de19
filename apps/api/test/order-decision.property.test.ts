import { asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared/constants';
import { decideLines, priceLines, type OrderLimits, type OrderRules } from '@shop/shared/order-decision';
import { withContractRate, type ContractRate, type PriceBreak } from '@shop/shared/pricing';
import type { TaxRule } from '@shop/shared/tax';
import { rowsOf, type DatabaseHandle, type Transaction } from '../src/db/client';
import { users } from '../src/modules/accounts';
import { contractPrices, tools } from '../src/modules/catalogue';
import { companies, companyMembers } from '../src/modules/companies';
import { orderLines, orders } from '../src/modules/ordering';
import { orderTaxLines } from '../src/modules/ordering/orders/order-tax-lines.table';
import type { OrderLineRow } from '../src/modules/ordering/orders/order-lines';
import { openTestDatabase } from './helpers/test-app';

/**
 * One order decision (docs/behaviour.md §5.3), tied end to end: for generated orders of one to
 * three tools, quantities, order minimums, free shipping, total caps and open orders, and for a
 * company buyer contract prices and a per-order limit (§5.21, §3.15), and tax rules at any rate, shipping
 * taxed or not, or untaxed for a reason (§5.22), the database function place_order (run in a
 * transaction that is then rolled back) and the shared module the purchase page decides with
 * (packages/shared/src/order-decision.ts) give the same answer: the same refusal, in the same
 * order of rules, or the same order at the same price. On PGlite in `npm test`, on PostgreSQL
 * in the PostgreSQL pass.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const CUSTOMER = 'order-decision-customer';
/** The customer's company, whose contract prices some generated tools carry. */
let companyId: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.insert(users).values({ id: CUSTOMER, name: 'Dee Cider', email: 'dee@shop.test' });
  const [company] = await database.db
    .insert(companies)
    .values({
      name: 'Cider Decorators',
      taxNumber: 'GB1',
      billingAddress: {
        name: 'Dee',
        company: null,
        line1: '1 Test Lane',
        line2: null,
        city: 'Leeds',
        region: null,
        postalCode: 'LS1 1AA',
        country: 'GB',
        phone: '01711000000',
      },
      phone: '01711000000',
      monthlyVolume: 'under-1000',
      state: 'approved',
      applicantId: CUSTOMER,
    })
    .returning({ id: companies.id });
  companyId = company!.id;
  await database.db.insert(companyMembers).values({ userId: CUSTOMER, companyId, role: 'admin' });
});
afterAll(async () => {
  await database.close();
  await drop();
});

interface GeneratedTool extends OrderRules {
  isArchived: boolean;
  /** The customer's company's own price for it, or null: the list price holds. */
  contract: ContractRate | null;
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
    contract: fc.option(
      fc.record({ unitPriceCents: fc.integer({ min: 1, max: 100_000 }), priceBreaks: ladder }),
      { nil: null, freq: 2 },
    ),
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

/** A tax rule: taxed at any rate (0 to 100 %, shipping or not), or untaxed for one of the reasons. */
const taxRule: fc.Arbitrary<TaxRule> = fc.oneof(
  fc.record({
    reason: fc.constant('taxed' as const),
    jurisdiction: fc.constant('US-CA'),
    label: fc.constant('Sales tax'),
    ratePpm: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(72_500, 88_750, 200_000)),
    taxesShipping: fc.boolean(),
    reference: fc.constant(null),
  }),
  fc.record({
    reason: fc.constantFrom('exempt' as const, 'reverse-charge' as const, 'not-registered' as const),
    jurisdiction: fc.constant('DE'),
    label: fc.constant('VAT'),
    ratePpm: fc.constant(0),
    taxesShipping: fc.constant(false),
    reference: fc.constant('DE123456789'),
  }),
);

/** Limits, as often as not on the edge of this order's own amounts (one cent either side, or on it). */
const limitsFor = (lines: readonly Line[]): fc.Arbitrary<Limits> =>
  taxRule.chain((tax) => limitsWith(lines, tax));

const limitsWith = (lines: readonly Line[], tax: TaxRule): fc.Arbitrary<Limits> => {
  const { itemsTotalCents, totalCents } = priceLines(
    lines.map(({ tool, quantity }) => ({ rules: withContractRate(tool, tool.contract), quantity })),
    0,
    tax,
  );
  const near = (cents: number) => fc.integer({ min: -1, max: 1 }).map((step) => Math.max(0, cents + step));
  return fc.record({
    orderMinimumCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 }), near(itemsTotalCents)),
    maxTotalCents: fc.oneof(
      fc.constant(MAX_ORDER_TOTAL_CENTS),
      fc.integer({ min: 1_000, max: 2_000_000 }),
      near(totalCents),
    ),
    freeShippingOverCents: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 500_000 }),
      near(itemsTotalCents),
    ),
    openUnpaidOrders: fc.integer({ min: 0, max: 3 }),
    maxOpenUnpaid: fc.integer({ min: 1, max: 3 }),
    tax: fc.constant(tax),
    // The customer as a company buyer with a per-order limit, or its admin (none).
    buyerLimitCents: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 2_000_000 }), near(totalCents)),
  });
};

type Limits = Required<OrderLimits> & { buyerLimitCents: number | null };

interface Line {
  tool: GeneratedTool;
  quantity: number;
}

/** An order of one to three tools, each with a quantity near its edges as often as anywhere. */
const lines: fc.Arbitrary<Line[]> = fc
  .array(tool, { minLength: 1, maxLength: 3 })
  .chain((generated) =>
    fc.tuple(...generated.map((one) => quantityFor(one).map((quantity) => ({ tool: one, quantity })))),
  );

class RolledBack extends Error {}

/** What place_order does with one order, everything undone afterwards. */
async function placeOrderAndRollBack(order: readonly Line[], limit: Limits) {
  let seen:
    | {
        outcome: string;
        refusedLine: number | null;
        order?: typeof orders.$inferSelect;
        lines?: OrderLineRow[];
        taxLines?: (typeof orderTaxLines.$inferSelect)[];
        stockAfter?: number[];
      }
    | undefined;
  await database.db
    .transaction(async (tx) => {
      for (let i = 0; i < limit.openUnpaidOrders; i += 1) await fillerOrder(tx);
      const ids: string[] = [];
      await tx
        .update(companyMembers)
        .set({
          role: limit.buyerLimitCents === null ? 'admin' : 'buyer',
          orderLimitCents: limit.buyerLimitCents,
        })
        .where(eq(companyMembers.userId, CUSTOMER));
      for (const { tool: generated } of order) {
        const id = await insertTool(tx, generated);
        ids.push(id);
        if (generated.contract) {
          await tx.insert(contractPrices).values({
            companyId,
            toolId: id,
            ...generated.contract,
            priceBreaks: [...generated.contract.priceBreaks],
          });
        }
      }
      const asked = order.map(({ quantity }, index) => ({ tool_id: ids[index], quantity }));
      const [result] = rowsOf<{ outcome: string; order_id: string | null; refused_tool_id: string | null }>(
        await tx.execute(sql`select * from place_order(
          ${CUSTOMER}, 'Dee Cider', 'dee@shop.test', ${JSON.stringify(asked)}::jsonb, '01711000000', '1 Test Lane',
          null, null, null, null,
          ${limit.maxOpenUnpaid}, ${limit.maxTotalCents}, ${limit.orderMinimumCents}, ${limit.freeShippingOverCents},
          ${JSON.stringify(taxJson(limit.tax))}::jsonb)`),
      );
      const refusedLine = result!.refused_tool_id ? ids.indexOf(result!.refused_tool_id) : null;
      seen = { outcome: result!.outcome, refusedLine };
      if (result!.order_id) {
        [seen.order] = await tx.select().from(orders).where(eq(orders.id, result!.order_id));
        seen.lines = await tx
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, result!.order_id))
          .orderBy(asc(orderLines.position));
        seen.taxLines = await tx
          .select()
          .from(orderTaxLines)
          .where(eq(orderTaxLines.orderId, result!.order_id));
        const after = await tx.select().from(tools).where(inArray(tools.id, ids));
        seen.stockAfter = ids.map((id) => after.find((row) => row.id === id)!.availableQuantity);
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return seen!;
}

async function insertTool(tx: Transaction, generated: GeneratedTool): Promise<string> {
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
  return row!.id;
}

/** The rule as place_order takes it. */
const taxJson = (rule: TaxRule) => ({
  reason: rule.reason,
  jurisdiction: rule.jurisdiction,
  label: rule.label,
  rate_ppm: rule.ratePpm,
  taxes_shipping: rule.taxesShipping,
  reference: rule.reference,
});
const untaxedRule: TaxRule = {
  reason: 'not-registered',
  jurisdiction: 'GB',
  label: 'Tax',
  ratePpm: 0,
  taxesShipping: false,
  reference: null,
};

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
  const line = JSON.stringify([{ tool_id: filler!.id, quantity: 1 }]);
  await tx.execute(sql`select place_order(${CUSTOMER}, 'Dee Cider', 'dee@shop.test', ${line}::jsonb,
    '01711000000', '1 Test Lane', null, null, null, null, 1000, ${MAX_ORDER_TOTAL_CENTS}, 0, 0,
    ${JSON.stringify(taxJson(untaxedRule))}::jsonb)`);
}

/**
 * What the shared module decides, with the one rule it has no notion of: an archived tool is out
 * of the shop, and the database refuses its line as an unknown tool's, in the line's turn.
 */
function expectedOf(order: readonly Line[], limit: Limits) {
  const decision = decideLines(
    order.map(({ tool, quantity }) => ({ rules: withContractRate(tool, tool.contract), quantity })),
    limit,
  );
  if (decision.refusal?.code === 'too-many-unpaid')
    return { outcome: 'too-many-unpaid', refusedLine: null, decision };
  const archived = order.findIndex(({ tool }) => tool.isArchived);
  const refusedLine = decision.lineIndex ?? null;
  if (archived !== -1 && (refusedLine === null || archived <= refusedLine)) {
    return { outcome: 'tool-not-found', refusedLine: archived, decision };
  }
  if (decision.refusal) return { outcome: decision.refusal.code, refusedLine, decision };
  // A buyer's order above their limit is placed, awaiting approval (docs/behaviour.md §5.21).
  const overLimit = limit.buyerLimitCents !== null && decision.price.totalCents > limit.buyerLimitCents;
  return { outcome: overLimit ? 'awaiting-approval' : 'placed', refusedLine, decision };
}

describe('the order decision', () => {
  it('is the same in place_order as in the shared module, for any lines, tools, quantities and limits', async () => {
    await fc.assert(
      fc.asyncProperty(
        lines.chain((order) => fc.tuple(fc.constant(order), limitsFor(order))),
        async ([order, limit]) => {
          const placed = await placeOrderAndRollBack(order, limit);
          const expected = expectedOf(order, limit);
          expect({ outcome: placed.outcome, refusedLine: placed.refusedLine }).toEqual({
            outcome: expected.outcome,
            refusedLine: expected.refusedLine,
          });
          const price = expected.decision.price;
          if ((placed.outcome !== 'placed' && placed.outcome !== 'awaiting-approval') || !price) return;
          expect({
            quantity: placed.order!.quantity,
            itemsTotalCents: placed.order!.itemsTotalCents,
            shippingCents: placed.order!.shippingCents,
            taxCents: placed.order!.taxCents,
            taxLines: placed.taxLines!.map(({ reason, taxCents }) => ({ reason, taxCents })),
            totalCents: placed.order!.priceCents,
            lines: placed.lines!.map(({ quantity, unitPriceCents, lineTotalCents }) => ({
              quantity,
              unitPriceCents,
              lineTotalCents,
            })),
          }).toEqual({
            quantity: order.reduce((sum, line) => sum + line.quantity, 0),
            itemsTotalCents: price.itemsTotalCents,
            shippingCents: price.shippingCents,
            taxCents: price.taxCents,
            taxLines: [{ reason: limit.tax.reason, taxCents: price.taxCents }],
            totalCents: price.totalCents,
            lines: price.lines.map(({ quantity, unitPriceCents, lineTotalCents }) => ({
              quantity,
              unitPriceCents,
              lineTotalCents,
            })),
          });
          expect(placed.stockAfter).toEqual(
            order.map(({ tool, quantity }) => tool.availableQuantity - quantity),
          );
        },
      ),
      { numRuns: 250 },
    );
  });
});
