import { describe, expect, it } from 'vitest';
import { aCartLine } from '@/test/fixtures';
import { quantitiesThatFix } from './line-fix';

/** Packs of 24 from 48, 500 in stock, at most 240 an order. */
const rules = { minOrderQuantity: 48, packSize: 24, availableQuantity: 500, maxOrderQuantity: 240 };
const problemLine = (quantity: number, code: string, overrides = {}) =>
  aCartLine({ ...rules, quantity, problem: { code, message: 'refused' }, ...overrides });

describe('the quantities that fix a cart line', () => {
  it('are the packs on either side of a quantity that is not whole packs', () => {
    expect(quantitiesThatFix(problemLine(100, 'not-a-pack-multiple'))).toEqual([96, 120]);
  });

  it('are the smallest valid one below the minimum, the largest above what may be had', () => {
    expect(quantitiesThatFix(problemLine(24, 'below-minimum-quantity'))).toEqual([48]);
    expect(quantitiesThatFix(problemLine(264, 'above-maximum-quantity'))).toEqual([240]);
    expect(quantitiesThatFix(problemLine(96, 'insufficient-stock', { availableQuantity: 60 }))).toEqual([48]);
  });

  it('are none when no quantity can be had, the tool left the shop, or nothing is wrong', () => {
    expect(quantitiesThatFix(problemLine(48, 'insufficient-stock', { availableQuantity: 30 }))).toEqual([]);
    expect(quantitiesThatFix(problemLine(48, 'not-found'))).toEqual([]);
    expect(quantitiesThatFix(aCartLine(rules))).toEqual([]);
  });
});
