import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { copy } from '@shop/shared/copy';
import { usePageTitle } from '@/components/ui/use-page-title';
import { useAddProduct } from '../api/create-tool';
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

/** /dashboard/add-products (admin) */
export function AddProductPage() {
  usePageTitle('Add a Product');
  const addProduct = useAddProduct();
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    formState: { errors },
  } = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyAddProductForm,
  });

  // Any failure, the upload's included, stops the loader so the admin can try again (ARCHITECTURE.md).
  const onSubmit = handleSubmit((values) =>
    addProduct.mutate(values, {
      onSuccess: () => {
        toast.success(copy.productAdded);
        // Resetting the picture field clears the chosen file itself, not only the form's value.
        resetField('image');
        reset();
      },
      onError: () => toast.error(copy.productAddFailed),
    }),
  );

  const fieldProps = (name: FieldName) => {
    const error = errors[name]?.message;
    return {
      id: `add-product-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `add-product-${name}-error` : undefined,
      ...register(name),
    };
  };
  const fieldError = (name: FieldName) => {
    const error = errors[name]?.message;
    return (
      error && (
        <p id={`add-product-${name}-error`} className="text-error text-sm">
          {error}
        </p>
      )
    );
  };

  return (
    <section aria-labelledby="add-product-heading" className="max-w-xl">
      <h2 id="add-product-heading" className="mb-4 text-xl font-semibold">
        Add a Product
      </h2>
      <form noValidate onSubmit={onSubmit} aria-busy={addProduct.isPending}>
        <fieldset disabled={addProduct.isPending} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="add-product-name" className="font-medium">
              Name
            </label>
            <input type="text" className="input w-full" {...fieldProps('name')} />
            {fieldError('name')}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {numberFields.map(({ name, label, min }) => (
              <div key={name} className="flex flex-col gap-1">
                <label htmlFor={`add-product-${name}`} className="font-medium">
                  {label}
                </label>
                <input
                  type="number"
                  inputMode="numeric"
                  min={min}
                  step={1}
                  className="input w-full"
                  {...fieldProps(name)}
                />
                {fieldError(name)}
              </div>
            ))}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="add-product-description" className="font-medium">
              Description
            </label>
            <textarea className="textarea h-32 w-full" {...fieldProps('description')} />
            {fieldError('description')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="add-product-image" className="font-medium">
              Image
            </label>
            <input type="file" accept="image/*" className="file-input w-full" {...fieldProps('image')} />
            {fieldError('image')}
          </div>
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
