import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder, type PriceBreak } from '@shop/shared/pricing';
import { rowsOf, type DatabaseHandle } from '../src/db/client';
import { openTestDatabase } from './helpers/test-app';

/**
 * docs/behaviour.md §3.7: the database's price ladder (`applied_unit_price_cents`,
 * modules/ordering/sql/price-ladder.sql, which place_order charges by) and the shared module the
 * purchase page shows prices with (packages/shared/src/pricing.ts) agree on every ladder and
 * quantity, rungs in any order included.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const ladder: fc.Arbitrary<PriceBreak[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 10 })
  .chain((froms) =>
    fc
      .tuple(...froms.map(() => fc.integer({ min: 1, max: 100_000 })))
      .map((cents) => froms.map((fromQuantity, index) => ({ fromQuantity, unitPriceCents: cents[index]! }))),
  );

async function databaseUnitPrice(rungs: PriceBreak[], baseCents: number, quantity: number) {
  const result = await database.db.execute(
    sql`select applied_unit_price_cents(${JSON.stringify(rungs)}::jsonb, ${baseCents}, ${quantity}) as cents`,
  );
  return rowsOf<{ cents: number }>(result)[0]?.cents;
}

describe('the price ladder', () => {
  it('is the same in the database as on the purchase page, for any ladder and quantity', async () => {
    await fc.assert(
      fc.asyncProperty(
        ladder,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 6000 }),
        async (rungs, baseCents, quantity) => {
          const expected = priceOrder(
            { unitPriceCents: baseCents, priceBreaks: rungs, shipPriceCents: 0 },
            quantity,
          ).unitPriceCents;
          expect(await databaseUnitPrice(rungs, baseCents, quantity)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('charges the base price below the first rung and with no ladder, and each rung from its quantity on', async () => {
    const rungs = [
      { fromQuantity: 1000, unitPriceCents: 720 },
      { fromQuantity: 200, unitPriceCents: 810 },
    ];
    expect(await databaseUnitPrice([], 900, 5000)).toBe(900);
    expect(await databaseUnitPrice(rungs, 900, 199)).toBe(900);
    expect(await databaseUnitPrice(rungs, 900, 200)).toBe(810);
    expect(await databaseUnitPrice(rungs, 900, 999)).toBe(810);
    expect(await databaseUnitPrice(rungs, 900, 1000)).toBe(720);
  });
});
