import { useParams } from 'react-router';
import { CompaniesPage } from '@/features/admin-companies/components/companies-page';
import { CompanyAdminPage } from '@/features/admin-companies/components/company-admin-page';

/*
 * The trade accounts' pages (docs/behaviour.md §4.18, §4.19), loaded together: one import for
 * their routes puts one preload list in the first load's route table instead of four. With them
 * the back office's Tax page (§5.22), whose resale certificates are the companies', and the
 * company admins' statement of invoices on terms (§5.23).
 */
export { CompanyPage } from '@/features/companies/components/company-page';
export { CompanyStatementPage } from '@/features/companies/components/statement-page';
export { InvitationPage } from '@/features/companies/components/invitation-page';
export { TaxPage } from '@/features/admin-tax/components/tax-page';

/** /dashboard/companies and /dashboard/companies/:id: the list, or one company (one route). */
export const CompaniesAdmin = () => (useParams().id ? <CompanyAdminPage /> : <CompaniesPage />);
