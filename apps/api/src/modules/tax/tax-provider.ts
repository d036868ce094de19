import type { TaxRule } from '@shop/shared/tax';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/errors';

/** Where an order ships: a country, and the region within it where the address names one. */
export interface Destination {
  country: string;
  region: string | null;
}

/** What a tax decision is asked about: where it ships, and who buys (their company's exemptions and VAT number count). */
export interface TaxRequest {
  destination: Destination;
  buyerId: string;
}

/**
 * A source of tax decisions (docs/behaviour.md §5.22, decision 0042): `estimate` decides the rule
 * for a cart or an order, inside the checkout's transaction. The record of an order's tax is the
 * order's own: place_order freezes the rule and its amount in order_tax_lines, and a refund marks
 * them reversed (ordering). A provider that cannot answer throws `taxUnavailable()`: the checkout
 * is refused, never taxed at zero by default.
 */
export interface TaxProvider {
  readonly name: string;
  estimate(db: DbExecutor, request: TaxRequest): Promise<TaxRule>;
}

export const taxUnavailable = () =>
  new AppError(
    'tax-unavailable',
    'Tax could not be worked out just now, so nothing was ordered: try again in a minute',
  );
