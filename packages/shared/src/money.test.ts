import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from './money';

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
});
