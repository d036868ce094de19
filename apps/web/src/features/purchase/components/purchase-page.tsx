import { Link, useParams } from 'react-router';
import { AddToCart } from '@/components/add-to-cart';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useTool } from '@/lib/queries/get-tool';
import { OrderForm } from './order-form';
import { ToolDetails } from './tool-details';

/**
 * /purchase/{id}: one tool and its order form (signed-in only: the route's guard), the spec's order
 * of one tool; Add to cart beside it for an order of several (docs/behaviour.md §5.2).
 */
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
      <div className="flex flex-col gap-6">
        <ToolDetails tool={tool.data} />
        {/* Beside the spec's order of one tool ('Buy now'): the cart, for an order of many. */}
        <section aria-labelledby="add-to-cart-heading" className="card bg-base-200">
          <div className="card-body gap-3">
            <h2 id="add-to-cart-heading" className="card-title">
              Ordering more tools?
            </h2>
            <p>Add this one to your cart and check out once, with one payment.</p>
            <AddToCart tool={tool.data} showsRules={false} />
          </div>
        </section>
      </div>
      {user && <OrderForm tool={tool.data} user={user} />}
    </div>
  );
}
