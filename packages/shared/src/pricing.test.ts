import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './money';
import {
  appliedRung,
  nearestPackQuantities,
  nextRung,
  packMultipleMessage,
  priceOrder,
  quantityProblem,
  validateLadder,
  type PriceBreak,
  type PricingRules,
  type QuantityRules,
} from './pricing';

/** A valid ladder: quantities strictly up, prices strictly down, all below the base price. */
const validRules = fc
  .record({
    base: fc.integer({ min: 2, max: 10_000_000 }),
    min: fc.integer({ min: 1, max: 100 }),
    steps: fc.array(
      fc.record({ addQuantity: fc.integer({ min: 1, max: 500 }), cut: fc.integer({ min: 1, max: 1000 }) }),
      {
        maxLength: 10,
      },
    ),
    ship: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ base, min, steps, ship }) => {
    const priceBreaks: PriceBreak[] = [];
    let quantity = min;
    let price = base;
    for (const step of steps) {
      quantity += step.addQuantity;
      price -= step.cut;
      if (price < 1) break;
      priceBreaks.push({ fromQuantity: quantity, unitPriceCents: price });
    }
    const rules: PricingRules = { unitPriceCents: base, priceBreaks, shipPriceCents: ship };
    return { rules, min };
  });

const quantity = fc.integer({ min: 1, max: 1_000_000 });

describe('pricing (property tests)', () => {
  it('the charged total is always quantity x applied unit price + shipping, in whole cents', () => {
    fc.assert(
      fc.property(validRules, quantity, ({ rules }, q) => {
        const price = priceOrder(rules, q);
        expect(price.totalCents).toBe(q * price.unitPriceCents + rules.shipPriceCents);
        expect(price.itemsTotalCents).toBe(q * price.unitPriceCents);
        expect(price.shippingCents).toBe(rules.shipPriceCents);
        for (const cents of [price.unitPriceCents, price.itemsTotalCents, price.totalCents]) {
          expect(Number.isSafeInteger(cents)).toBe(true);
        }
      }),
    );
  });

  it('dollars on the wire and cents inside round-trip exactly, so no cent is gained or lost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('the applied rung is the deepest one the quantity reaches', () => {
    fc.assert(
      fc.property(validRules, quantity, ({ rules }, q) => {
        const rung = appliedRung(rules.priceBreaks, q);
        const reached = rules.priceBreaks.filter((r) => r.fromQuantity <= q);
        if (reached.length === 0) {
          expect(rung).toBeNull();
          expect(priceOrder(rules, q).unitPriceCents).toBe(rules.unitPriceCents);
        } else {
          expect(rung?.fromQuantity).toBe(Math.max(...reached.map((r) => r.fromQuantity)));
          expect(priceOrder(rules, q).unitPriceCents).toBe(rung?.unitPriceCents);
        }
      }),
    );
  });

  it('a larger quantity never pays a higher unit price', () => {
    fc.assert(
      fc.property(validRules, quantity, fc.integer({ min: 0, max: 100_000 }), ({ rules }, q, more) => {
        expect(priceOrder(rules, q + more).unitPriceCents).toBeLessThanOrEqual(
          priceOrder(rules, q).unitPriceCents,
        );
      }),
    );
  });

  it('the ladders the generator builds pass validation (and so are the ladders an admin can save)', () => {
    fc.assert(
      fc.property(validRules, ({ rules, min }) => {
        expect(
          validateLadder(
            { unitPriceCents: rules.unitPriceCents, minOrderQuantity: min, maxOrderQuantity: null },
            rules.priceBreaks,
          ),
        ).toEqual([]);
      }),
    );
  });

  it('the next rung is the nearest one above, and adding what it says reaches it', () => {
    fc.assert(
      fc.property(validRules, quantity, ({ rules }, q) => {
        const next = nextRung(rules.priceBreaks, q);
        if (next === null) {
          expect(rules.priceBreaks.every((r) => r.fromQuantity <= q)).toBe(true);
          return;
        }
        expect(appliedRung(rules.priceBreaks, q + next.addQuantity)).toEqual(next.rung);
        expect(appliedRung(rules.priceBreaks, q + next.addQuantity - 1)).not.toEqual(next.rung);
      }),
    );
  });

  it('a quantity is refused exactly when it breaks a rule, and the suggested packs are valid', () => {
    const rules = fc
      .record({
        pack: fc.integer({ min: 1, max: 50 }),
        minPacks: fc.integer({ min: 1, max: 20 }),
        stock: fc.integer({ min: 0, max: 5000 }),
        max: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
      })
      .map(({ pack, minPacks, stock, max }): QuantityRules => ({
        minOrderQuantity: pack * minPacks,
        packSize: pack,
        maxOrderQuantity: max === null ? null : Math.max(max, pack * minPacks),
        availableQuantity: stock,
      }));
    fc.assert(
      fc.property(rules, fc.integer({ min: 1, max: 6000 }), (r, q) => {
        const isValid =
          q >= r.minOrderQuantity &&
          q <= r.availableQuantity &&
          (r.maxOrderQuantity === null || q <= r.maxOrderQuantity) &&
          q % r.packSize === 0;
        const problem = quantityProblem(r, q);
        expect(problem === null).toBe(isValid);
        if (problem?.code === 'not-a-pack-multiple') {
          for (const suggestion of problem.nearest) {
            expect(quantityProblem(r, suggestion)).toBeNull();
            expect(Math.abs(suggestion - q)).toBeLessThan(r.packSize);
          }
        }
      }),
    );
  });
});

describe('pricing (examples)', () => {
  const brushes: PricingRules = {
    unitPriceCents: 1000,
    priceBreaks: [
      { fromQuantity: 20, unitPriceCents: 900 },
      { fromQuantity: 200, unitPriceCents: 810 },
      { fromQuantity: 1000, unitPriceCents: 720 },
    ],
    shipPriceCents: 2500,
  };

  it('prices each side of a break', () => {
    expect(priceOrder(brushes, 19)).toMatchObject({
      unitPriceCents: 1000,
      itemsTotalCents: 19_000,
      totalCents: 21_500,
    });
    expect(priceOrder(brushes, 200)).toMatchObject({
      unitPriceCents: 810,
      itemsTotalCents: 162_000,
      totalCents: 164_500,
    });
    expect(nextRung(brushes.priceBreaks, 160)).toEqual({ rung: brushes.priceBreaks[1], addQuantity: 40 });
    expect(nextRung(brushes.priceBreaks, 1000)).toBeNull();
  });

  it("names the nearest valid quantities of a wrong multiple ('Sold in packs of 10: order 40 or 50')", () => {
    const rules: QuantityRules = {
      minOrderQuantity: 20,
      packSize: 10,
      maxOrderQuantity: null,
      availableQuantity: 500,
    };
    expect(quantityProblem(rules, 47)).toEqual({
      code: 'not-a-pack-multiple',
      packSize: 10,
      nearest: [40, 50],
    });
    expect(packMultipleMessage(10, [40, 50])).toBe('Sold in packs of 10: order 40 or 50');
    // Only what can be ordered is suggested: 30 is the most that fits under a maximum of 35.
    expect(nearestPackQuantities({ ...rules, maxOrderQuantity: 35 }, 33)).toEqual([30]);
    expect(nearestPackQuantities(rules, 21)).toEqual([20, 30]);
    expect(packMultipleMessage(12, [1200])).toBe('Sold in packs of 12: order 1,200');
  });

  it('keeps the spec cases first: below the minimum, then above the stock, then the maximum', () => {
    const rules: QuantityRules = {
      minOrderQuantity: 20,
      packSize: 10,
      maxOrderQuantity: 100,
      availableQuantity: 150,
    };
    expect(quantityProblem(rules, 15)).toEqual({ code: 'below-minimum-quantity' });
    expect(quantityProblem(rules, 155)).toEqual({ code: 'insufficient-stock' });
    expect(quantityProblem(rules, 110)).toEqual({ code: 'above-maximum-quantity', maximum: 100 });
    expect(quantityProblem(rules, 100)).toBeNull();
  });

  it('explains every broken ladder rule, rung by rung', () => {
    const tool = { unitPriceCents: 1000, minOrderQuantity: 20, maxOrderQuantity: 500 };
    expect(
      validateLadder(tool, [
        { fromQuantity: 20, unitPriceCents: 1000 },
        { fromQuantity: 100, unitPriceCents: 900 },
        { fromQuantity: 100, unitPriceCents: 950 },
        { fromQuantity: 600, unitPriceCents: 800 },
      ]).map((issue) => issue.message),
    ).toEqual([
      'Price break 1: the quantity must be above the minimum order quantity (20)',
      'Price break 1: the price must be below the unit price ($10.00)',
      'Price break 3: the quantity must be above the one before (100)',
      'Price break 3: the price must be below the one before ($9.00)',
      'Price break 4: no order reaches it (at most 500 per order)',
    ]);
  });
});
