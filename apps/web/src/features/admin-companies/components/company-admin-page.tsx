import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Company } from '@shop/shared/contracts/companies';
import { formatCount } from '@shop/shared/format';
import { AddressLines } from '@/components/address-lines';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { BusyButton } from '@/components/ui/busy-button';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/failure-toast';
import { useCompany, useDecideCompany } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { monthlyVolumeLabels } from '@/lib/domain/company';
import { formatDay } from './company-format';
import { CompanyStateBadge } from './company-state-badge';
import { ContractPricesSection } from './contract-prices-section';
import { DeclineDialog } from './decline-dialog';
import { MembersSection } from './members-section';
import { CompanyStatementSection, PaymentTermsSection } from './payment-terms-section';
import { ResaleCertificatesSection } from './resale-certificates-section';

/**
 * /dashboard/companies/:id (admin): one company or application (docs/behaviour.md §4.18). A
 * pending application is approved or declined here; an approved company's members (§4.19),
 * contract prices (§3.15), resale certificates (§5.22), payment terms and the payments its invoices
 * receive (§5.23) are managed here.
 */
export function CompanyAdminPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  usePageTitle(company.data ? company.data.name : 'Company');

  return (
    <section aria-labelledby="company-heading">
      <p className="mb-2">
        <Link to={paths.companies} className="link">
          All companies
        </Link>
      </p>
      {company.isPending ? (
        <Spinner label="Loading the company" />
      ) : company.isError ? (
        <QueryErrorState query={company} />
      ) : (
        <CompanyView company={company.data} />
      )}
    </section>
  );
}

function CompanyView({ company }: { company: Company }) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 id="company-heading" className="text-xl font-semibold break-words">
          {company.name}
        </h2>
        <CompanyStateBadge state={company.state} />
      </div>
      <CompanyDetails company={company} />
      {company.state === 'pending' && <Decision company={company} />}
      {company.state === 'approved' && (
        <>
          <MembersSection company={company} />
          <ContractPricesSection company={company} />
          <ResaleCertificatesSection company={company} />
          <PaymentTermsSection company={company} />
          <CompanyStatementSection company={company} />
        </>
      )}
    </>
  );
}

function CompanyDetails({ company }: { company: Company }) {
  return (
    <dl className="grid max-w-2xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
      <dt className="font-semibold">Tax number</dt>
      <dd className="break-all">{company.taxNumber}</dd>
      <dt className="font-semibold">Billing address</dt>
      <dd>
        <AddressLines address={company.billingAddress} />
      </dd>
      <dt className="font-semibold">Phone</dt>
      <dd>{company.phone}</dd>
      <dt className="font-semibold">Monthly volume</dt>
      <dd>{monthlyVolumeLabels[company.monthlyVolume]}</dd>
      <dt className="font-semibold">Applicant</dt>
      <dd className="flex flex-col">
        <span>{company.applicant.name}</span>
        <BreakableEmail email={company.applicant.email} />
      </dd>
      <dt className="font-semibold">Applied</dt>
      <dd>
        <time dateTime={company.createdAt}>{formatDay(company.createdAt)}</time>
      </dd>
      <dt className="font-semibold">State</dt>
      <dd>
        <CompanyStateBadge state={company.state} />
        {company.decidedAt && (
          <>
            {' '}
            since <time dateTime={company.decidedAt}>{formatDay(company.decidedAt)}</time>
          </>
        )}
      </dd>
      {company.state === 'declined' && company.declineReason && (
        <>
          <dt className="font-semibold">Decline reason</dt>
          <dd className="break-words whitespace-pre-line">{company.declineReason}</dd>
        </>
      )}
      {company.state === 'approved' && (
        <>
          <dt className="font-semibold">Members</dt>
          <dd>{formatCount(company.memberCount)}</dd>
        </>
      )}
    </dl>
  );
}

/** A pending application's two answers; either is final, and the applicant is e-mailed (§4.18). */
function Decision({ company }: { company: Company }) {
  const decide = useDecideCompany(company.id);
  const [isDeclining, setIsDeclining] = useState(false);

  const onApprove = () =>
    decide.mutate(
      { decision: 'approve' },
      {
        onSuccess: () => toast.success('Trade account approved'),
        onError: (error) => toastFailure(error),
      },
    );

  return (
    <section
      aria-labelledby="decision-heading"
      className="border-base-300 rounded-box mt-6 max-w-2xl border p-4"
    >
      <h3 id="decision-heading" className="text-lg font-semibold">
        Decision
      </h3>
      <p className="my-2">
        Approved, {company.applicant.name} becomes the company&apos;s first company admin. Declined, they read
        your reason and may apply again. Either way they are e-mailed, and the decision is final.
      </p>
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="button"
          className="btn btn-success"
          isBusy={decide.isPending && decide.variables.decision === 'approve'}
          disabled={decide.isPending}
          onClick={onApprove}
        >
          Approve
        </BusyButton>
        <button
          type="button"
          className="btn btn-outline btn-error"
          disabled={decide.isPending}
          onClick={() => setIsDeclining(true)}
        >
          Decline
        </button>
      </div>
      <DeclineDialog company={company} open={isDeclining} onClose={() => setIsDeclining(false)} />
    </section>
  );
}
