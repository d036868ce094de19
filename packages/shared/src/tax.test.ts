import { describe, expect, it } from 'vitest';
import { euVatNumber, isEuCountry, percentToPpm, taxCents, type TaxRule } from './tax';

const rule = (ratePpm: number, taxesShipping = true): TaxRule => ({
  reason: 'taxed',
  jurisdiction: 'US-CA',
  label: 'Sales tax',
  ratePpm,
  taxesShipping,
  reference: null,
});

describe('taxCents', () => {
  it('rounds half a cent up and keeps to integers', () => {
    // 7.25 % of $10.00 is 72.5 cents.
    expect(taxCents(rule(percentToPpm(7.25)), 1000, 0)).toBe(73);
    expect(taxCents(rule(percentToPpm(7.25)), 999, 0)).toBe(72);
    expect(taxCents(rule(percentToPpm(8.875)), 12_345, 0)).toBe(1096);
  });

  it('taxes shipping only when the rule says so', () => {
    expect(taxCents(rule(200_000), 1000, 500)).toBe(300);
    expect(taxCents(rule(200_000, false), 1000, 500)).toBe(200);
  });

  it('is exact at the largest order total', () => {
    expect(taxCents(rule(1_000_000), 99_999_999, 0)).toBe(99_999_999);
    expect(taxCents(rule(0), 99_999_999, 0)).toBe(0);
  });
});

describe('euVatNumber', () => {
  it('accepts each country’s format, ignoring spaces, dots and dashes', () => {
    expect(euVatNumber('DE 123 456 789', 'DE')).toBe('DE123456789');
    expect(euVatNumber('nl123456789b01', 'NL')).toBe('NL123456789B01');
    expect(euVatNumber('EL-123456789', 'GR')).toBe('EL123456789');
    expect(euVatNumber('ATU12345678', 'AT')).toBe('ATU12345678');
    expect(euVatNumber('IE1234567T', 'IE')).toBe('IE1234567T');
  });

  it('refuses another country’s number, a wrong length and a missing prefix', () => {
    expect(euVatNumber('FR12345678901', 'DE')).toBeNull();
    expect(euVatNumber('DE12345678', 'DE')).toBeNull();
    expect(euVatNumber('123456789', 'DE')).toBeNull();
    expect(euVatNumber('GB123456789', 'GB')).toBeNull();
  });

  it('knows the member states', () => {
    expect(isEuCountry('IE')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
    expect(isEuCountry('US')).toBe(false);
  });
});
