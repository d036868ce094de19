/*
 * The trade accounts' pages (docs/behaviour.md §4.18, §4.19), loaded together: one import for
 * the four routes puts one preload list in the first load's route table instead of four.
 */
export { CompaniesPage } from '@/features/admin-companies/components/companies-page';
export { CompanyAdminPage } from '@/features/admin-companies/components/company-admin-page';
export { CompanyPage } from '@/features/companies/components/company-page';
export { InvitationPage } from '@/features/companies/components/invitation-page';
