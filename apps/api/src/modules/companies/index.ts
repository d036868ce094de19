/**
 * Trade accounts (docs/behaviour.md §4.18): companies applied for and decided, their members and
 * roles, invitations. Contract prices are the catalogue's (catalogue/prices); approvals of orders
 * are ordering's; both ask this module who belongs where.
 */
export { companyRoutes } from './companies.routes';
export { companyAddressFor } from './company-addresses';
export { companies, companyMembers } from './companies.table';
export { companyAccess, membershipOf, type Membership } from './membership';
export { termsOf } from './companies.service';
