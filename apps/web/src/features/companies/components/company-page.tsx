import { Link } from 'react-router';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { AddressLines } from '@/components/address-lines';
import { paths } from '@/config/paths';
import { formatDollars } from '@shop/shared/money';
import type { MyCompany } from '@shop/shared/contracts/companies';
import { useMyCompany } from '@/lib/queries/companies';
import { ApplyForm } from './apply-form';
import { ContractPricesSection } from './contract-prices-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { ResaleCertificatesSection } from './resale-certificates-section';
import { SharedAddressesSection } from './shared-addresses-section';
import { roleLabels } from '@/lib/domain/company';
import { termsSummary } from '@/lib/domain/invoice';

/**
 * /dashboard/company: the member's company (its payment terms, members, invitations, contract
 * prices and resale certificates, docs/behaviour.md §5.23, §4.19, §3.15, §5.22), or where their
 * application stands, or the form to apply for a trade account (§4.18). Its admins reach the
 * statement from here.
 */
export function CompanyPage() {
  usePageTitle('Company');
  const mine = useMyCompany();
  return (
    <section aria-labelledby="company-heading" className="flex max-w-4xl flex-col gap-6">
      <h2 id="company-heading" className="text-xl font-semibold">
        {mine.data?.membership ? mine.data.membership.company.name : 'Trade account'}
      </h2>
      {mine.isPending && <Spinner label="Loading your company" />}
      {mine.isError && <QueryErrorState query={mine} />}
      {mine.data && <CompanyView mine={mine.data} />}
    </section>
  );
}

function CompanyView({ mine: { membership, application } }: { mine: MyCompany }) {
  if (membership) {
    const { company, role, orderLimit } = membership;
    const isAdmin = role === 'admin';
    return (
      <>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium">Your role</dt>
          <dd>
            {roleLabels[role]}
            {role === 'buyer' &&
              (orderLimit === null
                ? ', no limit per order'
                : `, up to ${formatDollars(orderLimit)} per order`)}
          </dd>
          <dt className="font-medium">Tax number</dt>
          <dd className="wrap-anywhere">{company.taxNumber}</dd>
          <dt className="font-medium">Billing address</dt>
          <dd>
            <AddressLines address={company.billingAddress} />
          </dd>
        </dl>
        <p>
          Orders placed by any member are the company's: find them in{' '}
          <Link className="link" to={paths.myOrders}>
            My Orders
          </Link>
          .
        </p>
        <section aria-labelledby="payment-terms-heading" className="flex flex-col gap-2">
          <h3 id="payment-terms-heading" className="text-lg font-semibold">
            Payment terms
          </h3>
          <p className="wrap-anywhere">
            {company.terms
              ? `${termsSummary(company.terms)}. Buyers may pay by invoice, due ${company.terms.days} days after the order.`
              : 'No payment terms: orders are paid by card.'}
          </p>
          {isAdmin && (
            <Link className="link self-start" to={paths.companyStatement}>
              Statement: invoices, payments and balance
            </Link>
          )}
        </section>
        <MembersSection companyId={company.id} isAdmin={isAdmin} />
        {isAdmin && <InvitationsSection companyId={company.id} />}
        <SharedAddressesSection companyId={company.id} isAdmin={isAdmin} />
        <ContractPricesSection companyId={company.id} />
        <ResaleCertificatesSection companyId={company.id} isAdmin={isAdmin} />
      </>
    );
  }
  if (application?.state === 'pending') {
    return (
      <p role="status" className="alert alert-info">
        Your application for {application.name} is waiting for our answer. We will e-mail you either way.
      </p>
    );
  }
  return (
    <>
      {application?.state === 'declined' && (
        <p role="status" className="alert alert-warning wrap-anywhere">
          We could not approve {application.name}: {application.declineReason} You may apply again.
        </p>
      )}
      <p>
        A trade account lets your colleagues order for your company, with roles and limits, and gives it the
        prices we agree with you.
      </p>
      <ApplyForm />
    </>
  );
}
