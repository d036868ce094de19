import type { CompanyState } from '@shop/shared/contracts/companies';
import { companyStateLabels } from '@/lib/domain/company';

// Whole class names: Tailwind finds the classes it generates by reading the source as text.
const badgeClass: Record<CompanyState, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  declined: 'badge-neutral',
};

/** A company's state as a badge: 'Pending', 'Approved', 'Declined' (docs/behaviour.md §4.18). */
export function CompanyStateBadge({ state }: { state: CompanyState }) {
  return <span className={`badge whitespace-nowrap ${badgeClass[state]}`}>{companyStateLabels[state]}</span>;
}
