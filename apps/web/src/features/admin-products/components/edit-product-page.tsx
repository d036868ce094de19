import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { BusyButton } from '@/components/ui/busy-button';
import { paths } from '@/config/paths';
import { lowStockLineOf, DEFAULT_LOW_STOCK_ORDERS, type Tool } from '@/lib/domain/tool';
import { setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useTool } from '@/lib/queries/get-tool';
import { editedProductIssueFields, useEditProduct } from '../api/edit-tool';
import {
  editProductFormSchema,
  type EditProductFormInput,
  type EditProductFormValues,
} from './add-product-schema';
import { ProductFields } from './product-fields';
import { TradePricingFieldset } from './trade-pricing-fieldset';
import { tradePricingFormOf, type TradePricingFormInput } from './trade-pricing-form';

/** /dashboard/edit-product/:id (admin), docs/behaviour.md §3.10: the Add a Product form, filled in. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  usePageTitle(tool.data ? `Edit ${tool.data.name}` : 'Edit product');
  if (tool.isPending) return <Spinner label="Loading the product" />;
  if (tool.isError) return <QueryErrorState query={tool} />;
  return <EditProductForm key={tool.data.id} tool={tool.data} />;
}

function EditProductForm({ tool }: { tool: Tool }) {
  const navigate = useNavigate();
  const editProduct = useEditProduct(tool.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditProductFormInput, unknown, EditProductFormValues>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: {
      name: tool.name,
      sku: tool.sku,
      minOrderQuantity: String(tool.minOrderQuantity),
      unitPrice: String(tool.unitPrice),
      description: tool.description,
      category: tool.category ?? '',
      lowStockThreshold: tool.lowStockThreshold === null ? '' : String(tool.lowStockThreshold),
      ...tradePricingFormOf(tool),
    },
  });

  const onSubmit = handleSubmit((values) =>
    editProduct.mutate(values, {
      onSuccess: (saved) => {
        toast.success(`${saved.name} saved`);
        void navigate(paths.manageProducts);
      },
      onError: (error) => {
        toastFailure(error);
        setFieldIssues(error, setError, editedProductIssueFields);
      },
    }),
  );

  return (
    <section aria-labelledby="edit-product-heading" className="max-w-xl">
      <h2 id="edit-product-heading" className="mb-4 text-xl font-semibold">
        Edit {tool.name}
      </h2>
      <div className="mb-4 flex items-center gap-3">
        <img src={tool.imageUrl} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" />
        <p>
          In stock: <strong>{formatCount(tool.availableQuantity)}</strong>. Stock changes with Restock on{' '}
          <Link className="link" to={paths.manageProducts}>
            Manage Products
          </Link>
          .
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} aria-busy={editProduct.isPending}>
        <fieldset disabled={editProduct.isPending} className="flex flex-col gap-4">
          <ProductFields
            idPrefix="edit-product"
            register={register}
            errors={errors}
            hasStock={false}
            skuHint="The part number buyers order by. Letters, digits, dots and dashes; no other tool may have it."
            imageHint="Leave empty to keep the current picture."
            canLeaveUncategorised={tool.category === null}
            categoryHint={
              tool.category === null && (
                <>
                  <strong>Uncategorised:</strong> choose a category, so that the tool shows under its product
                  line.
                </>
              )
            }
            lowStockHint={`Leave empty for the default: ${DEFAULT_LOW_STOCK_ORDERS} x the min quantity (now ${formatCount(lowStockLineOf({ lowStockThreshold: null, minOrderQuantity: tool.minOrderQuantity }))}).`}
          />
          <TradePricingFieldset
            control={control as unknown as Control<TradePricingFormInput>}
            register={register as unknown as UseFormRegister<TradePricingFormInput>}
            errors={errors as FieldErrors<TradePricingFormInput>}
            idPrefix="edit-product"
          />
          <div className="flex gap-2">
            <BusyButton isBusy={editProduct.isPending}>Save changes</BusyButton>
            <Link className="btn" to={paths.manageProducts}>
              Cancel
            </Link>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
