import { Link, useParams } from 'react-router';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useTool } from '@/lib/queries/get-tool';
import { OrderForm } from './order-form';
import { ToolDetails } from './tool-details';

/** /purchase/{id}: one tool and its order form (signed-in only: the route's guard). */
export function PurchasePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const tool = useTool(id);
  usePageTitle(tool.data ? `Order ${tool.data.name}` : 'Place an order');

  if (tool.isPending) return <Spinner label="Loading the tool" />;
  if (tool.isError) {
    if (tool.error instanceof ApiError && tool.error.status === 404) {
      return (
        <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
          <h1 className="text-3xl font-bold">Tool not found</h1>
          <p>We could not find this tool. It may have been taken out of our catalogue.</p>
          <Link to={paths.products} className="btn btn-primary">
            See all painting tools
          </Link>
        </section>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <QueryErrorState query={tool} />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-10 md:grid-cols-2">
      <ToolDetails tool={tool.data} />
      {user && <OrderForm tool={tool.data} user={user} />}
    </div>
  );
}
