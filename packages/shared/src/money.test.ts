import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars, formatUnitPrice } from './money';

describe('money', () => {
  it('shows whole dollars without cents and cents with two digits', () => {
    expect(formatDollars(1250)).toBe('$1,250');
    expect(formatDollars(3.5)).toBe('$3.50');
    expect(formatDollars(0.07)).toBe('$0.07');
  });

  it('converts between dollars and integer cents without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });

  it('writes any amount in cents as toLocaleString("en-US") with two decimals did', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const dollars = cents / 100;
        const hasCents = !Number.isInteger(dollars);
        const intl = dollars.toLocaleString('en-US', {
          minimumFractionDigits: hasCents ? 2 : 0,
          maximumFractionDigits: 2,
        });
        expect(formatDollars(dollars)).toBe(`$${Object.is(dollars, -0) ? '0' : intl}`);
      }),
    );
  });

  it('writes a unit price with its cents, as toLocaleString("en-US") with two decimals does', () => {
    expect(formatUnitPrice(810)).toBe('$8.10');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        const intl = (cents / 100).toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatUnitPrice(cents)).toBe(`$${intl}`);
      }),
    );
  });
});
