/**
 * Tax (docs/behaviour.md §5.22): the shop's registrations and rates, companies' resale
 * certificates, and the provider that decides an order's tax rule (decision 0042). The tax an
 * order pays is frozen by ordering (place_order, order_tax_lines); this module decides it.
 */
export { taxRoutes } from './tax.routes';
export { createBuiltInTaxProvider } from './built-in-provider';
export { taxRuleFor } from './tax-rule-for';
export type { Destination, TaxProvider } from './tax-provider';
