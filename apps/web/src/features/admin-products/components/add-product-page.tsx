import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { newProductIssueFields, useAddProduct } from '../api/create-tool';
import {
  addProductFormSchema,
  emptyAddProductForm,
  type AddProductFormInput,
  type AddProductFormValues,
} from './add-product-schema';

type FieldName = keyof AddProductFormInput;

const numberFields: { name: FieldName; label: string; min: number }[] = [
  { name: 'availableQuantity', label: 'Available quantity', min: 0 },
  { name: 'minOrderQuantity', label: 'Min quantity', min: 1 },
  { name: 'unitPrice', label: 'Per unit price ($)', min: 1 },
];

/** /dashboard/add-products (admin), docs/behaviour.md §3.16 and §5.6. */
export function AddProductPage() {
  usePageTitle('Add a Product');
  const addProduct = useAddProduct();
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    setError,
    formState: { errors },
  } = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyAddProductForm,
  });

  // Any failure, the upload's included, stops the loader so the admin can try again (docs/behaviour.md §5.6).
  const onSubmit = handleSubmit((values) =>
    addProduct.mutate(values, {
      onSuccess: () => {
        toast.success(copy.productAdded);
        // Resetting the picture field clears the chosen file itself, not only the form's value.
        resetField('image');
        reset();
      },
      onError: (error) => {
        // The toast stays the one docs/behaviour.md §8.4 gives (a 429 says when to try again instead);
        // the API's reasons show at their fields too.
        toastFailure(error, copy.productAddFailed);
        setFieldIssues(error, setError, newProductIssueFields);
      },
    }),
  );

  const fieldOf = (name: FieldName) => ({ id: `add-product-${name}`, error: errors[name]?.message });

  return (
    <section aria-labelledby="add-product-heading" className="max-w-xl">
      <h2 id="add-product-heading" className="mb-4 text-xl font-semibold">
        Add a Product
      </h2>
      <form noValidate onSubmit={onSubmit} aria-busy={addProduct.isPending}>
        <fieldset disabled={addProduct.isPending} className="flex flex-col gap-4">
          <FormField label="Name" {...fieldOf('name')}>
            {(field) => <input {...field} type="text" {...register('name')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            {numberFields.map(({ name, label, min }) => (
              <FormField key={name} label={label} {...fieldOf(name)}>
                {(field) => (
                  <input
                    {...field}
                    type="number"
                    inputMode="numeric"
                    min={min}
                    step={1}
                    {...register(name)}
                  />
                )}
              </FormField>
            ))}
          </div>
          <FormField label="Description" kind="textarea" {...fieldOf('description')}>
            {(field) => (
              <textarea {...field} className={`${field.className} h-32`} {...register('description')} />
            )}
          </FormField>
          <FormField label="Image" kind="file-input" {...fieldOf('image')}>
            {(field) => <input {...field} type="file" accept="image/*" {...register('image')} />}
          </FormField>
          <div>
            <button type="submit" className="btn btn-primary">
              {addProduct.isPending && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              Add Product
            </button>
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
