import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { MyQuotesPage } from '@/features/quotes/components/my-quotes-page';
import { QuoteAdminPage } from '@/features/quotes/components/quote-admin-page';
import { QuotePage } from '@/features/quotes/components/quote-page';
import { QuotesAdminPage } from '@/features/quotes/components/quotes-admin-page';
import { useIsAdmin } from '@/lib/auth/use-is-admin';

/**
 * /dashboard/quotes and /dashboard/quotes/:id (docs/behaviour.md §5.24), one route and one file:
 * a buyer's quotes and a quote's page with Accept; for the shop's admins, every quote and its
 * pricing. One address per quote, which its e-mail links to, whoever opens it (as an order's page
 * is the customer's and the admins').
 */
export function Quotes() {
  const { id } = useParams();
  const { isAdmin, isLoading } = useIsAdmin();
  if (isLoading) return <Spinner label="Loading page" />;
  if (isAdmin) return id ? <QuoteAdminPage /> : <QuotesAdminPage />;
  return id ? <QuotePage /> : <MyQuotesPage />;
}
