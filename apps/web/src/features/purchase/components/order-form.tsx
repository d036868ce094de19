import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { copy } from '@shop/shared/copy';
import { formatDollars } from '@shop/shared/money';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { SessionUser } from '@/lib/domain/user';
import type { Tool } from '@/lib/domain/tool';
import { useCreateOrder } from '../api/create-order';
import {
  orderFormSchema,
  orderTotal,
  quantityProblem,
  type OrderFormInput,
  type OrderFormValues,
} from '../lib/order-rules';

const fieldClass = (hasError: boolean, kind: 'input' | 'textarea' = 'input') =>
  `${kind} w-full ${hasError ? `${kind}-error` : 'border-base-content/50'}`;

const rangeMessage = { 'below-minimum': copy.belowMinimumOrder, 'above-stock': copy.aboveStock } as const;

/** 'Order Info': who orders, where to ship, how many (spec sections 2 and 5). */
export function OrderForm({ tool, user }: { tool: Tool; user: SessionUser }) {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const {
    register,
    handleSubmit,
    control,
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
          toast.error(errorMessage(error));
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

        <div className="flex flex-col gap-1">
          <label htmlFor="order-name" className="font-medium">
            Name
          </label>
          <input id="order-name" className={fieldClass(false)} value={user.name} readOnly />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="order-email" className="font-medium">
            Email
          </label>
          <input id="order-email" type="email" className={fieldClass(false)} value={user.email} readOnly />
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor="order-phone" className="font-medium">
            Phone
          </label>
          <input
            id="order-phone"
            type="tel"
            autoComplete="tel"
            className={fieldClass(Boolean(errors.phoneNumber))}
            aria-invalid={errors.phoneNumber ? true : undefined}
            aria-describedby={errors.phoneNumber ? 'order-phone-error' : undefined}
            {...register('phoneNumber')}
          />
          {errors.phoneNumber && (
            <p id="order-phone-error" role="alert" className="text-error text-sm">
              {errors.phoneNumber.message}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor="order-quantity" className="font-medium">
            Quantity
          </label>
          <input
            id="order-quantity"
            type="number"
            inputMode="numeric"
            min={tool.minOrderQuantity}
            max={tool.availableQuantity}
            step={1}
            className={fieldClass(Boolean(errors.quantity) || problem !== null)}
            aria-invalid={errors.quantity || problem ? true : undefined}
            aria-describedby="order-quantity-help order-quantity-error"
            {...register('quantity', { valueAsNumber: true })}
          />
          <p id="order-quantity-help" className="text-sm">
            Minimum {tool.minOrderQuantity.toLocaleString('en-US')}, up to{' '}
            {tool.availableQuantity.toLocaleString('en-US')} in stock.
          </p>
          <div id="order-quantity-error" className="text-error text-sm">
            {problem === 'below-minimum' && <p>{copy.orderMinimumHint}</p>}
            {errors.quantity && <p role="alert">{errors.quantity.message}</p>}
          </div>
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor="order-address" className="font-medium">
            Shipping address
          </label>
          <textarea
            id="order-address"
            rows={3}
            autoComplete="street-address"
            className={fieldClass(Boolean(errors.address), 'textarea')}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? 'order-address-error' : undefined}
            {...register('address')}
          />
          {errors.address && (
            <p id="order-address-error" role="alert" className="text-error text-sm">
              {errors.address.message}
            </p>
          )}
        </div>

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
