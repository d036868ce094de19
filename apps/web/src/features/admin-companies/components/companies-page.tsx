import { Link } from 'react-router';
import { COMPANY_STATES, type Company } from '@shop/shared/contracts/companies';
import { formatCount } from '@shop/shared/format';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListSearch, useListSearch } from '@/components/ui/list-search';
import { QueryList } from '@/components/ui/query-list';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { usePageTitle } from '@/components/ui/use-page-title';
import { stateFilterOptions, useStateFilter } from '@/components/ui/use-state-filter';
import { paths } from '@/config/paths';
import { useCompanies } from '@/lib/queries/companies';
import { companyStateLabels } from '@/lib/domain/company';
import { formatDay } from './company-format';
import { CompanyStateBadge } from './company-state-badge';

const stateFilters = stateFilterOptions(COMPANY_STATES, companyStateLabels);

const columns: Column<Company>[] = [
  {
    header: 'Company',
    card: 'title',
    cell: (company) => (
      <Link
        to={paths.companyAdmin(company.id)}
        className="link break-words"
        aria-label={`Open ${company.name}`}
      >
        {company.name}
      </Link>
    ),
  },
  { header: 'Tax number', cell: (company) => <span className="break-all">{company.taxNumber}</span> },
  {
    header: 'Applicant',
    cell: (company) => (
      <span className="flex flex-col">
        <span>{company.applicant.name}</span>
        <BreakableEmail email={company.applicant.email} />
      </span>
    ),
  },
  { header: 'State', cell: (company) => <CompanyStateBadge state={company.state} /> },
  { header: 'Members', cell: (company) => formatCount(company.memberCount) },
  {
    header: 'Applied',
    cell: (company) => (
      <time dateTime={company.createdAt} className="whitespace-nowrap">
        {formatDay(company.createdAt)}
      </time>
    ),
  },
];

/**
 * /dashboard/companies (admin): every trade account and application, newest first, searched by
 * name or tax number and filtered by state (docs/behaviour.md §4.18, §9.13). Each opens its page.
 */
export function CompaniesPage() {
  usePageTitle('Companies');
  const q = useListSearch();
  const [state, setState] = useStateFilter(COMPANY_STATES);
  const companies = useCompanies({ ...(q && { q }), ...(state && { state }) });
  const isFiltered = Boolean(q || state);

  return (
    <section aria-labelledby="companies-heading">
      <h2 id="companies-heading" className="mb-4 text-xl font-semibold">
        Companies
      </h2>
      <div className="flex flex-wrap items-end gap-x-6">
        <ListSearch id="companies-search" label="Search by name or tax number" />
        <div className="mb-4">
          <ToggleGroup label="Show companies" options={stateFilters} value={state} onChange={setState} />
        </div>
      </div>
      <QueryList
        query={companies}
        loadingLabel="Loading companies"
        empty={
          <p>
            {isFiltered ? 'No companies match these filters.' : 'No one has applied for a trade account yet.'}
          </p>
        }
      >
        {(items) => (
          <DataTable label="Companies" columns={columns} rows={items} rowKey={(company) => company.id} />
        )}
      </QueryList>
    </section>
  );
}
