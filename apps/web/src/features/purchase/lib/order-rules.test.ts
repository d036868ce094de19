import { describe, expect, it } from 'vitest';
import { orderTotal, quantityProblem } from './order-rules';

const tool = { minOrderQuantity: 10, availableQuantity: 50 };

describe('quantityProblem', () => {
  it('accepts the minimum, the whole stock and everything between', () => {
    expect(quantityProblem(10, tool)).toBeNull();
    expect(quantityProblem(30, tool)).toBeNull();
    expect(quantityProblem(50, tool)).toBeNull();
  });

  it('refuses one below the minimum and one above the stock', () => {
    expect(quantityProblem(9, tool)).toBe('below-minimum');
    expect(quantityProblem(51, tool)).toBe('above-stock');
  });

  it('leaves an empty field to the required rule', () => {
    expect(quantityProblem(Number.NaN, tool)).toBeNull();
  });
});

describe('orderTotal', () => {
  it('is quantity times unit price, without floating-point dust', () => {
    expect(orderTotal(3, 0.1)).toBe(0.3);
    expect(orderTotal(120, 4)).toBe(480);
  });
});
