import { describe, expect, it } from 'vitest';
import { keepLines, withQuantity } from './pad-text';

describe("changing one row's quantity in the pad's text", () => {
  it('changes the quantity of that line only, whatever separates the columns', () => {
    expect(withQuantity('BR-25 50\nRL-9 60', 1, 48)).toBe('BR-25 48\nRL-9 60');
    expect(withQuantity('BR-25\t50\nRL-9\t60', 2, 72)).toBe('BR-25\t50\nRL-9\t72');
    expect(withQuantity('BR-25;1.200', 1, 1188)).toBe('BR-25;1188');
    expect(withQuantity('RL-9, "1,250"', 1, 1248)).toBe('RL-9, "1248"');
  });

  it('never takes digits of the SKU for the quantity', () => {
    expect(withQuantity('007 5', 1, 6)).toBe('007 6');
    expect(withQuantity('25-25 25', 1, 24)).toBe('25-25 24');
    // A SKU ending in digits, as the shop's own 'BW-' ones often do, and a comma before the quantity.
    expect(withQuantity('BW-1A2B3C4577,40', 1, 48)).toBe('BW-1A2B3C4577,48');
    expect(withQuantity('sku,quantity\nBW-1A2B3C4577,40', 2, 48)).toBe('sku,quantity\nBW-1A2B3C4577,48');
  });

  it("reads a CSV file's line under its header, whichever column holds the quantity", () => {
    const csv = 'Qty,Description,SKU,Price\n50,Wall brush 25 mm,BR-25,3.50\n60,Roller,RL-9,4';
    expect(withQuantity(csv, 2, 48)).toBe(
      'Qty,Description,SKU,Price\n48,Wall brush 25 mm,BR-25,3.50\n60,Roller,RL-9,4',
    );
  });

  it('is null for a line that is no row', () => {
    expect(withQuantity('BR-25 50\nnonsense', 2, 5)).toBeNull();
    expect(withQuantity('BR-25 50', 4, 5)).toBeNull();
  });
});

describe('the lines left in the pad', () => {
  it('keeps the lines asked for, in order, under the header when there was one', () => {
    expect(keepLines('BR-25 48\nXX-1 5\n\nRL-9 60', new Set([2, 4]))).toBe('XX-1 5\nRL-9 60');
    expect(keepLines('sku,qty\nBR-25,48\nXX-1,5', new Set([3]))).toBe('sku,qty\nXX-1,5');
    expect(keepLines('sku,qty\nBR-25,48', new Set())).toBe('');
  });
});
