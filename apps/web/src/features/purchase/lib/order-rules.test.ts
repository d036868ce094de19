import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { orderProblem, orderProblemMessage, quoteOrder } from './order-rules';

const tool = {
  minOrderQuantity: 10,
  availableQuantity: 500,
  packSize: 10,
  maxOrderQuantity: 300,
  unitPrice: 4,
  priceBreaks: [{ fromQuantity: 100, unitPrice: 3.6 }],
  shipPrice: 25,
};

const noRules = { orderMinimumCents: null, freeShippingOverCents: null };
const messageFor = (quantity: number, orderMinimumCents: number | null = null) => {
  const problem = orderProblem(quantity, tool, { ...noRules, orderMinimumCents });
  return problem && orderProblemMessage(problem);
};

describe('orderProblem', () => {
  it('accepts whole packs from the minimum up to the maximum', () => {
    expect(orderProblem(10, tool, noRules)).toBeNull();
    expect(orderProblem(300, tool, noRules)).toBeNull();
  });

  it("keeps the spec's messages for below the minimum and above the stock", () => {
    expect(messageFor(9)).toBe(copy.belowMinimumOrder);
    expect(messageFor(510)).toBe(copy.aboveStock);
  });

  it('explains a wrong multiple with the nearest packs, and the maximum per order', () => {
    expect(messageFor(47)).toBe('Sold in packs of 10: order 40 or 50');
    expect(messageFor(310)).toBe('At most 300 per order');
  });

  it('refuses items worth less than the order minimum, shipping not counted', () => {
    // 20 x $4 = $80: with $25 shipping $105, yet below a $100 minimum.
    expect(messageFor(20, 10_000)).toBe('Orders start at $100 of tools, before shipping');
    expect(messageFor(30, 10_000)).toBeNull();
  });

  it('leaves an empty field to the required rule', () => {
    expect(orderProblem(Number.NaN, tool, noRules)).toBeNull();
  });
});

describe('quoteOrder', () => {
  it('prices at the rung reached, in whole cents, plus shipping once', () => {
    expect(quoteOrder(90, tool)).toMatchObject({
      unitPriceCents: 400,
      itemsTotalCents: 36_000,
      totalCents: 38_500,
    });
    expect(quoteOrder(100, tool)).toMatchObject({
      unitPriceCents: 360,
      itemsTotalCents: 36_000,
      totalCents: 38_500,
    });
    expect(quoteOrder(3, { ...tool, unitPrice: 0.1, priceBreaks: [] }).itemsTotalCents).toBe(30);
  });

  it('ships free once the items reach FREE_SHIPPING_OVER, as the server charges', () => {
    // $360 of items: shipping $25 below a $400 threshold, nothing from $360.
    expect(quoteOrder(100, tool, 40_000)).toMatchObject({ shippingCents: 2500, totalCents: 38_500 });
    expect(quoteOrder(100, tool, 36_000)).toMatchObject({ shippingCents: 0, totalCents: 36_000 });
  });
});
