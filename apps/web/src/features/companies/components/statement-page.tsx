import { useState } from 'react';
import { Link } from 'react-router';
import type { MyCompany } from '@shop/shared/contracts/companies';
import type { Invoice } from '@shop/shared/contracts/invoices';
import { StatementView } from '@/components/invoice-statement';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useMyCompany } from '@/lib/queries/companies';
import { useStatement } from '@/lib/queries/invoices';
import { PayInvoiceDialog } from './pay-invoice-dialog';

/**
 * /dashboard/company/statement (a company admin): the company's account with the shop on its
 * payment terms (docs/behaviour.md §5.23): what it owes, the credit left, what is overdue, its
 * invoices with their PDFs and the payments received; an open invoice can be paid by card here.
 */
export function CompanyStatementPage() {
  usePageTitle('Statement');
  const mine = useMyCompany();
  return (
    <section aria-labelledby="statement-heading" className="flex max-w-5xl flex-col gap-6">
      <div>
        <h2 id="statement-heading" className="text-xl font-semibold break-words">
          {mine.data?.membership ? `Statement: ${mine.data.membership.company.name}` : 'Statement'}
        </h2>
        <Link to={paths.company} className="link">
          Back to the company
        </Link>
      </div>
      {mine.isPending && <Spinner label="Loading your company" />}
      {mine.isError && <QueryErrorState query={mine} />}
      {mine.data && <StatementOf mine={mine.data} />}
    </section>
  );
}

function StatementOf({ mine: { membership } }: { mine: MyCompany }) {
  if (!membership) return <p>You are not a member of a company: there is no statement to show.</p>;
  if (membership.role !== 'admin') {
    return <p>Only the company&apos;s admins read its statement. Ask one of them for it.</p>;
  }
  return <CompanyStatement companyId={membership.company.id} />;
}

function CompanyStatement({ companyId }: { companyId: string }) {
  const statement = useStatement(companyId);
  const [paying, setPaying] = useState<Invoice | null>(null);
  if (statement.isPending) return <Spinner label="Loading the statement" />;
  if (statement.isError) return <QueryErrorState query={statement} />;
  return (
    <>
      <StatementView
        statement={statement.data}
        headingLevel={3}
        invoiceActions={(invoice) =>
          invoice.state === 'open' &&
          invoice.balance > 0 && (
            // The invoice's number in the name, not the label: what shows stays part of the name.
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setPaying(invoice)}>
              {/* One text run: as flex items, its parts each took the button's gap. */}
              <span>
                Pay <span className="sr-only">{invoice.number}</span> by card
              </span>
            </button>
          )
        }
      />
      <PayInvoiceDialog invoice={paying} onClose={() => setPaying(null)} />
    </>
  );
}
