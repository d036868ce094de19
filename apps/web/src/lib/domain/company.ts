import type { Company, CompanyRole, CompanyState } from '@shop/shared/contracts/companies';
import { formatCount } from '@shop/shared/format';
import { dollarsToCents, formatDollars, formatUnitPrice } from '@shop/shared/money';

/*
 * Trade accounts in the pages' words (docs/behaviour.md §4.18, §4.19, §3.15): the member's company
 * page and the back office's Companies pages name states, volumes, roles and prices alike.
 */

export const companyStateLabels: Record<CompanyState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/** The application's expected monthly volume, as the applicant chose it. */
export const monthlyVolumeLabels: Record<Company['monthlyVolume'], string> = {
  'under-1000': 'Under $1,000',
  '1000-5000': '$1,000 to $5,000',
  '5000-25000': '$5,000 to $25,000',
  'over-25000': 'Over $25,000',
};

/** 'Company admin', so that it is not taken for the shop's admin. */
export const roleLabels: Record<CompanyRole, string> = {
  admin: 'Company admin',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

/** A buyer's per-order limit: '$500', or 'No limit'. */
export const formatOrderLimit = (orderLimit: number | null) =>
  orderLimit === null ? 'No limit' : formatDollars(orderLimit);

/** A unit price with its cents, as price ladders show them: '$3.00' (§3.7). */
export const formatContractPrice = (dollars: number) => formatUnitPrice(dollarsToCents(dollars));

/** A contract's own price breaks in a line: '50+ $7.50, 100+ $7.00'; 'None' without any. */
export const summarisePriceBreaks = (priceBreaks: readonly { fromQuantity: number; unitPrice: number }[]) =>
  priceBreaks.length === 0
    ? 'None'
    : priceBreaks
        .map((rung) => `${formatCount(rung.fromQuantity)}+ ${formatContractPrice(rung.unitPrice)}`)
        .join(', ');
