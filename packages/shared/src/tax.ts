/**
 * Tax as the shop decides it (docs/behaviour.md §5.22): one rule per order, chosen from where it
 * ships and who buys, and the same arithmetic on the cart, in place_order and on the invoice.
 */

/** Why an order pays the tax it pays; frozen on the order with the amount. */
export const TAX_REASONS = ['taxed', 'exempt', 'reverse-charge', 'not-registered'] as const;
export type TaxReason = (typeof TAX_REASONS)[number];

/** The decision for one order: its rate (parts per million of the taxable amount) and why. */
export interface TaxRule {
  reason: TaxReason;
  /** 'US-CA', 'DE', or the destination when the shop is not registered there. */
  jurisdiction: string;
  /** What the tax is called on documents: 'Sales tax', 'VAT'. */
  label: string;
  /** 0 unless taxed; 200000 is 20 %, 88750 is 8.875 %. */
  ratePpm: number;
  /** Whether shipping is taxed with the items (it is in most places that tax the goods). */
  taxesShipping: boolean;
  /** The exemption certificate's or the buyer's VAT number, for exempt and reverse charge. */
  reference: string | null;
}

/** The most a rate may be: 100 %. */
export const MAX_RATE_PPM = 1_000_000;

/** Percent as admins type it (7.25) to parts per million (72500), to the nearest ppm. */
export const percentToPpm = (percent: number): number => Math.round(percent * 10_000);
export const ppmToPercent = (ppm: number): number => ppm / 10_000;

/** The amount taxed: the items, and shipping where the rule taxes it. */
export const taxableCents = (rule: TaxRule, itemsCents: number, shippingCents: number): number =>
  itemsCents + (rule.taxesShipping ? shippingCents : 0);

/**
 * The tax on an amount, half a cent rounding up, in integers only: place_order computes the same
 * as `(taxable * rate + 500000) / 1000000` in bigint, so cart, order and invoice agree to the cent.
 */
export function taxCents(rule: TaxRule, itemsCents: number, shippingCents: number): number {
  if (rule.ratePpm === 0) return 0;
  const taxable = BigInt(taxableCents(rule, itemsCents, shippingCents));
  return Number((taxable * BigInt(rule.ratePpm) + 500_000n) / 1_000_000n);
}

/** The EU's member states by their ISO codes (Greece's VAT numbers start 'EL', not 'GR'). */
const EU_VAT_FORMATS: Record<string, { prefix: string; pattern: RegExp }> = {
  AT: { prefix: 'ATU', pattern: /^\d{8}$/ },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/ },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/ },
  DE: { prefix: 'DE', pattern: /^\d{9}$/ },
  DK: { prefix: 'DK', pattern: /^\d{8}$/ },
  EE: { prefix: 'EE', pattern: /^\d{9}$/ },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', pattern: /^\d{8}$/ },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', pattern: /^\d{9}$/ },
  HR: { prefix: 'HR', pattern: /^\d{11}$/ },
  HU: { prefix: 'HU', pattern: /^\d{8}$/ },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', pattern: /^\d{11}$/ },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', pattern: /^\d{8}$/ },
  LV: { prefix: 'LV', pattern: /^\d{11}$/ },
  MT: { prefix: 'MT', pattern: /^\d{8}$/ },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', pattern: /^\d{10}$/ },
  PT: { prefix: 'PT', pattern: /^\d{9}$/ },
  RO: { prefix: 'RO', pattern: /^\d{2,10}$/ },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/ },
  SI: { prefix: 'SI', pattern: /^\d{8}$/ },
  SK: { prefix: 'SK', pattern: /^\d{10}$/ },
};

export const isEuCountry = (country: string): boolean => country in EU_VAT_FORMATS;

/**
 * A VAT number of this EU country in its standard form ('DE123456789'), or null when the text is
 * not one: the format only (letters and digit counts per country), not whether it is issued.
 * Spaces, dots and dashes are ignored; the country prefix is required.
 */
export function euVatNumber(text: string, country: string): string | null {
  const format = EU_VAT_FORMATS[country];
  if (!format) return null;
  const compact = text.toUpperCase().replace(/[\s.-]/g, '');
  if (!compact.startsWith(format.prefix)) return null;
  return format.pattern.test(compact.slice(format.prefix.length)) ? compact : null;
}

/** A rate in percent as admins type it, to 4 decimals and no more: '7.25 %', '8.875 %', '20 %'. */
export const formatTaxRate = (rate: number): string =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(rate)} %`;

/**
 * Why a tax line is what it is, in a few words, the same on every screen and document
 * (docs/behaviour.md §5.22): 'Sales tax US-CA 7.25 %', 'Exempt (certificate SR-CA-1001)',
 * 'Reverse charge (VAT DE123456789)', 'Not registered: no tax'; '(reversed with the refund)'
 * after a refund.
 */
export function describeTaxLine(line: {
  reason: TaxReason;
  label: string;
  jurisdiction: string;
  rate: number;
  reference: string | null;
  reversedAt: string | null;
}): string {
  const reference = (kind: string) => (line.reference ? ` (${kind} ${line.reference})` : '');
  const text =
    line.reason === 'taxed'
      ? `${line.label} ${line.jurisdiction} ${formatTaxRate(line.rate)}`
      : line.reason === 'exempt'
        ? `Exempt${reference('certificate')}`
        : line.reason === 'reverse-charge'
          ? `Reverse charge${reference('VAT')}`
          : 'Not registered: no tax';
  return line.reversedAt ? `${text} (reversed with the refund)` : text;
}
