import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { usePageTitle } from '@/components/ui/use-page-title';
import { BusyButton } from '@/components/ui/busy-button';
import { setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { newProductIssueFields, useAddProduct } from '../api/create-tool';
import { TradePricingFieldset } from './trade-pricing-fieldset';
import type { TradePricingFormInput } from './trade-pricing-form';
import {
  addProductFormSchema,
  emptyAddProductForm,
  type AddProductFormInput,
  type AddProductFormValues,
} from './add-product-schema';
import { ProductFields } from './product-fields';

/** /dashboard/add-products (admin), docs/behaviour.md §3.8 and §3.8. */
export function AddProductPage() {
  usePageTitle('Add a Product');
  const addProduct = useAddProduct();
  const {
    register,
    control,
    handleSubmit,
    reset,
    resetField,
    setError,
    formState: { errors },
  } = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyAddProductForm,
  });

  // Any failure, the upload's included, stops the loader so the admin can try again (docs/behaviour.md §3.8).
  const onSubmit = handleSubmit((values) =>
    addProduct.mutate(values, {
      onSuccess: () => {
        toast.success(copy.productAdded);
        // Resetting the picture field clears the chosen file itself, not only the form's value.
        resetField('image');
        reset();
      },
      onError: (error) => {
        // The toast stays the one docs/behaviour.md §10.2 gives (a 429 says when to try again instead);
        // the API's reasons show at their fields too.
        toastFailure(error, copy.productAddFailed);
        setFieldIssues(error, setError, newProductIssueFields);
      },
    }),
  );

  return (
    <section aria-labelledby="add-product-heading" className="max-w-xl">
      <h2 id="add-product-heading" className="mb-4 text-xl font-semibold">
        Add a Product
      </h2>
      <form noValidate onSubmit={onSubmit} aria-busy={addProduct.isPending}>
        <fieldset disabled={addProduct.isPending} className="flex flex-col gap-4">
          <ProductFields
            idPrefix="add-product"
            register={register}
            errors={errors}
            hasStock
            canLeaveUncategorised
            skuHint="Optional: the part number buyers order by, such as BR-25. Letters, digits, dots and dashes. Left empty, the shop makes one up."
            categoryHint="Optional. An uncategorised tool is in the shop but under no product line until you choose one."
          />
          <TradePricingFieldset
            control={control as unknown as Control<TradePricingFormInput>}
            register={register as unknown as UseFormRegister<TradePricingFormInput>}
            errors={errors as FieldErrors<TradePricingFormInput>}
            idPrefix="add-product"
          />
          <div>
            <BusyButton isBusy={addProduct.isPending}>Add Product</BusyButton>
          </div>
        </fieldset>
        {addProduct.isPending && (
          <p role="status" className="mt-3 text-sm">
            Uploading the picture and saving the product…
          </p>
        )}
      </form>
    </section>
  );
}
