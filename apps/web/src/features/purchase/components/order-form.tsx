import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { useNavigate } from 'react-router';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { FormField } from '@/components/ui/form-field';
import { PHONE_EXAMPLE } from '@/config/phone-example';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/domain/user';
import type { Tool } from '@/lib/domain/tool';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { useCreateOrder } from '../api/create-order';
import {
  orderFormSchema,
  orderTotal,
  quantityProblem,
  type OrderFormInput,
  type OrderFormValues,
} from '../lib/order-rules';

const rangeMessage = { 'below-minimum': copy.belowMinimumOrder, 'above-stock': copy.aboveStock } as const;

/** The form's fields are named as the order request's, so the API's field problems land on them. */
const issueFields = sameNames<keyof OrderFormValues>('phoneNumber', 'address', 'quantity');

/** 'Order Info': who orders, where to ship, how many (docs/behaviour.md §3.7). */
export function OrderForm({ tool, user }: { tool: Tool; user: SessionUser }) {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { phoneNumber: '', address: '', quantity: tool.minOrderQuantity },
  });

  const quantity = useWatch({ control, name: 'quantity' });
  const problem = quantityProblem(quantity, tool);
  const isOutOfStock = tool.availableQuantity < tool.minOrderQuantity;

  const onSubmit = (values: OrderFormValues) => {
    createOrder.mutate(
      {
        toolsId: tool.id,
        toolsName: tool.name,
        name: user.name,
        email: user.email,
        phoneNumber: values.phoneNumber,
        address: values.address,
        quantity: values.quantity,
        price: orderTotal(values.quantity, tool.unitPrice),
      },
      {
        onSuccess: () => {
          toast.success(copy.orderSucceeded);
          navigate(paths.myOrders);
        },
        onError: (error) => {
          toastFailure(error);
          setFieldIssues(error, setError, issueFields);
        },
      },
    );
  };

  return (
    <section aria-labelledby="order-info-heading" className="card bg-base-200">
      <form className="card-body gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
        <h2 id="order-info-heading" className="card-title text-2xl">
          Order Info
        </h2>

        <FormField id="order-name" label="Name">
          {(field) => <input {...field} value={user.name} readOnly />}
        </FormField>
        <FormField id="order-email" label="Email">
          {(field) => <input {...field} type="email" value={user.email} readOnly />}
        </FormField>
        <FormField id="order-phone" label="Phone" error={errors.phoneNumber?.message}>
          {(field) => (
            <input
              {...field}
              type="tel"
              autoComplete="tel"
              placeholder={PHONE_EXAMPLE}
              {...register('phoneNumber')}
            />
          )}
        </FormField>
        <FormField
          id="order-quantity"
          label="Quantity"
          error={errors.quantity?.message}
          isInvalid={problem !== null}
          hint={
            <>
              <p>
                Minimum {formatCount(tool.minOrderQuantity)}, up to {formatCount(tool.availableQuantity)} in
                stock.
              </p>
              {problem === 'below-minimum' && <p className="text-error">{copy.orderMinimumHint}</p>}
            </>
          }
        >
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="numeric"
              min={tool.minOrderQuantity}
              max={tool.availableQuantity}
              step={1}
              {...register('quantity', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField
          id="order-address"
          label="Shipping address"
          kind="textarea"
          error={errors.address?.message}
        >
          {(field) => <textarea {...field} rows={3} autoComplete="street-address" {...register('address')} />}
        </FormField>

        {Number.isFinite(quantity) && problem === null && (
          <p className="font-semibold">Order total: {formatDollars(orderTotal(quantity, tool.unitPrice))}</p>
        )}
        {isOutOfStock && (
          <p className="alert alert-warning alert-soft">
            This tool is out of stock for now. Please check back soon.
          </p>
        )}
        <p id="order-range-message" role="status" className="text-error min-h-6 font-medium">
          {problem && rangeMessage[problem]}
        </p>

        <button
          type="submit"
          className="btn btn-primary"
          disabled={problem !== null || createOrder.isPending}
          aria-describedby="order-range-message"
        >
          {createOrder.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Order
        </button>
      </form>
    </section>
  );
}
