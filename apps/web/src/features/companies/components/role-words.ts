import type { CompanyRole } from '@shop/shared/contracts/companies';

/** A role as the pages name it (docs/behaviour.md §4.19). */
export const ROLE_LABELS: Record<CompanyRole, string> = {
  admin: 'Company admin',
  buyer: 'Buyer',
  viewer: 'Viewer',
};
